import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { z } from "zod";
import type { AdminClients } from "../clients.js";
import { defineCommand } from "../command.js";
import { agentId, keyId, scopeList, wholeNumber } from "../fields.js";
import { SCOPE_NAMES, scopeToProto } from "../scopes.js";
import { keyText } from "../text.js";
import { keyView } from "../views.js";

const DAY_MS = 86_400_000;

/** Printed beside every newly shown key: the service keeps only its hash. */
export const SHOWN_ONCE =
  "warning: this is the only time this API key is shown; only its hash is kept. Store it now (e.g. hand it to the agency through your secret store).";

/** The key in clear, set apart so it can be copied whole. */
function secretBlock(apiKey: string): string {
  return `\n    ${apiKey}\n`;
}

export const keysIssue = defineCommand({
  group: "keys",
  name: "issue",
  summary: "Issue an API key (shown once)",
  description:
    "Issues an API key for an agent (IssueApiKey) and prints it once: the service keeps only its SHA-256 hash. " +
    "Without --scopes the auth service gives the default scopes of the agent's tier. Without --sandbox or --live " +
    "the key is of the agent's kind: a sandbox key (tk_test_) when every key it already has is one (a sandbox " +
    "agency, such as the development demo agent), else a live key (tk_live_).",
  args: [{ key: "agentId", label: "<agent id>", description: "The agent the key belongs to" }],
  flags: {
    scopes: { type: "string", value: "<a,b,c>", description: `Comma-separated, of: ${SCOPE_NAMES.join(", ")} (default: the tier's)` },
    "expires-in-days": { type: "string", value: "<N>", description: "Expire the key after N days, 1 to 3650 (default: never)" },
    sandbox: { type: "boolean", description: "Issue a sandbox key (tk_test_...) (default: as the agent's other keys)" },
    live: { type: "boolean", description: "Issue a live key (tk_live_...) (default: as the agent's other keys)" },
  },
  examples: [
    "pnpm admin keys issue agt_01JD8X3Q4N --scopes flight.search,flight.book,wallet.read",
    "pnpm admin keys issue agt_01JD8X3Q4N --scopes flight.search --expires-in-days 90 --sandbox --json",
  ],
  input: z
    .object({
      agentId,
      scopes: scopeList.default([]),
      "expires-in-days": wholeNumber(1, 3650).optional(),
      sandbox: z.boolean().optional(),
      live: z.boolean().optional(),
    })
    .refine((input) => !(input.sandbox && input.live), { path: ["live"], message: "choose --sandbox or --live, not both" }),
  async run(input, { clients, now }) {
    const days = input["expires-in-days"];
    const sandbox = input.sandbox ?? (input.live ? false : await isSandboxAgency(clients, input.agentId));
    const issued = await clients.auth.issueApiKey({
      agentId: input.agentId,
      scopes: input.scopes.map(scopeToProto),
      ...(days !== undefined && { expiresAt: timestampFromDate(new Date(now().getTime() + days * DAY_MS)) }),
      sandbox,
    });
    const key = keyView(issued.key, now());
    return {
      json: { key, api_key: issued.apiKey },
      text: `API key issued for agent ${key.agent_id}:\n${secretBlock(issued.apiKey)}\n${keyText(key)}`,
      notice: SHOWN_ONCE,
    };
  },
});

/**
 * An agency whose keys are all sandbox keys is a sandbox agency (API guide, Authentication: tk_test_
 * for sandbox agencies); a new key of another kind would surprise whoever asked for it.
 */
async function isSandboxAgency(clients: AdminClients, agentId: string): Promise<boolean> {
  const { keys } = await clients.auth.listApiKeys({ agentId });
  return keys.length > 0 && keys.every((key) => key.prefix === SANDBOX_PREFIX);
}

const SANDBOX_PREFIX = "tk_test_";

export const keysRotate = defineCommand({
  group: "keys",
  name: "rotate",
  summary: "Replace a key; the old one works for a grace period (shown once)",
  description:
    "Issues a new key with the same agent and scopes (RotateApiKey) and prints it once. The old key stays valid " +
    "for the grace period (the service's default: 24 hours), so the agency can switch without downtime.",
  args: [{ key: "keyId", label: "<key id>", description: "The key to replace, as 'keys list' shows it" }],
  flags: {
    "grace-hours": { type: "string", value: "<N>", description: "Hours the old key stays valid, 0 to 720 (default: 24)" },
  },
  examples: ["pnpm admin keys rotate Ab3dE6gH", "pnpm admin keys rotate Ab3dE6gH --grace-hours 0   # old key stops now"],
  input: z.object({ keyId, "grace-hours": wholeNumber(0, 720).optional() }),
  async run(input, { clients, now }) {
    const hours = input["grace-hours"];
    const rotated = await clients.auth.rotateApiKey({
      keyId: input.keyId,
      ...(hours !== undefined && { gracePeriodSeconds: hours * 3600 }),
    });
    const key = keyView(rotated.key, now());
    const previous = rotated.previousKey ? keyView(rotated.previousKey, now()) : null;
    const until = previous && (previous.revoked_at ?? previous.expires_at);
    const old = previous ? `\n\nPrevious key ${previous.key_id}: ${until ? `valid until ${until}` : previous.status}` : "";
    return {
      json: { key, api_key: rotated.apiKey, previous_key: previous },
      text: `API key rotated for agent ${key.agent_id}:\n${secretBlock(rotated.apiKey)}\n${keyText(key)}${old}`,
      notice: SHOWN_ONCE,
    };
  },
});
