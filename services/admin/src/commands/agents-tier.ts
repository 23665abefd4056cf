import { AgentTier } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { z } from "zod";
import { defineCommand } from "../command.js";
import { agentId } from "../fields.js";
import { agentText } from "../text.js";
import { agentView } from "../views.js";

/** The tiers as the command line spells them (agents create --tier, agents set-tier). */
export const TIERS = { standard: AgentTier.STANDARD, enterprise: AgentTier.ENTERPRISE } as const;

export const tierName = z.enum(["standard", "enterprise"], { error: 'must be "standard" or "enterprise"' });

export const agentsSetTier = defineCommand({
  group: "agents",
  name: "set-tier",
  summary: "Set an agent's tier (enterprise agencies may use webhooks)",
  description:
    "Sets an agent's commercial tier (SetAgentTier). Enterprise agencies may register webhooks; standard ones get 403 " +
    "WEBHOOKS_ENTERPRISE_TIER_REQUIRED. Existing keys keep their scopes: the tier changes what keys issued later get by " +
    "default, so issue a key with webhooks.manage (or rotate one) after upgrading. Gateways see the change once their " +
    "credential cache expires. Setting the tier it already has changes nothing.",
  args: [
    { key: "agentId", label: "<agent id>", description: "The agent, e.g. agt_01JD8X3Q4N" },
    { key: "tier", label: "<standard|enterprise>", description: "The new tier" },
  ],
  flags: {},
  examples: ["pnpm admin agents set-tier agt_01JD8X3Q4N enterprise", "pnpm admin agents set-tier agt_01JD8X3Q4N standard --json"],
  input: z.object({ agentId, tier: tierName }),
  async run(input, { clients }) {
    const agent = agentView((await clients.auth.setAgentTier({ agentId: input.agentId, tier: TIERS[input.tier] })).agent);
    return { json: { agent }, text: `Agent tier set:\n${agentText(agent)}` };
  },
});
