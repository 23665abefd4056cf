import { z } from "zod";
import { defineCommand } from "../command.js";
import { agentId, keyId } from "../fields.js";
import { keyText, keysTable } from "../text.js";
import { keyView } from "../views.js";

export const keysList = defineCommand({
  group: "keys",
  name: "list",
  summary: "List an agent's keys (never their secrets)",
  description: "Lists an agent's API keys (ListApiKeys): ids, scopes, status and times. Secrets are never shown.",
  args: [{ key: "agentId", label: "<agent id>", description: "The agent whose keys to list" }],
  flags: {},
  examples: ["pnpm admin keys list agt_01JD8X3Q4N", "pnpm admin keys list agt_01JD8X3Q4N --json"],
  input: z.object({ agentId }),
  async run(input, { clients, now }) {
    const { keys } = await clients.auth.listApiKeys({ agentId: input.agentId });
    const views = keys.map((k) => keyView(k, now()));
    const text = views.length === 0 ? `Agent ${input.agentId} has no API keys.` : keysTable(views);
    return { json: { agent_id: input.agentId, keys: views }, text };
  },
});

export const keysRevoke = defineCommand({
  group: "keys",
  name: "revoke",
  summary: "Revoke a key now",
  description: "Revokes an API key at once (RevokeApiKey): calls with it get 401 from now on. This cannot be undone.",
  args: [{ key: "keyId", label: "<key id>", description: "The key to revoke, as 'keys list' shows it" }],
  flags: {},
  examples: ["pnpm admin keys revoke Ab3dE6gH"],
  input: z.object({ keyId }),
  async run(input, { clients, now }) {
    const key = keyView((await clients.auth.revokeApiKey({ keyId: input.keyId })).key, now());
    return { json: { key }, text: `API key revoked:\n${keyText(key)}` };
  },
});
