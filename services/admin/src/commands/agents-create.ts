import { z } from "zod";
import { defineCommand } from "../command.js";
import { PartialFailure } from "../failure.js";
import { agentId, agentName, email, phone } from "../fields.js";
import { agentText, balanceText } from "../text.js";
import { agentView, balanceView } from "../views.js";
import { TIERS, tierName } from "./agents-tier.js";

/** Every wallet is in INR (API guide, Money and pricing); the credit limit starts at zero. */
export const WALLET_CURRENCY = "INR";

export const agentsCreate = defineCommand({
  group: "agents",
  name: "create",
  summary: "Create an agent and open its wallet",
  description:
    "Creates a travel agency (CreateAgent), then opens its INR wallet with a zero credit limit (OpenAccount). " +
    "If the wallet cannot be opened the agent still exists: finish with 'wallet open <agent id>'.",
  args: [],
  flags: {
    name: { type: "string", value: "<name>", description: "The agency's name (required)" },
    tier: { type: "string", value: "<standard|enterprise>", description: "Commercial tier (default: standard)" },
    parent: { type: "string", value: "<agent id>", description: "Make it a sub-agent of this agent" },
    email: { type: "string", value: "<email>", description: "E-mail of the agency's first user (OTP login)" },
    phone: { type: "string", value: "<phone>", description: "Phone of the first user, international form: +919812345678" },
  },
  examples: [
    'pnpm admin agents create --name "Sky Travels"',
    'pnpm admin agents create --name "Sky Travels North" --tier enterprise --parent agt_01JD8X3Q4N --email ops@sky.example --phone +919812345678',
  ],
  input: z.object({
    name: agentName,
    tier: tierName.default("standard"),
    parent: agentId.optional(),
    email,
    phone,
  }),
  async run(input, { clients }) {
    const user = input.email || input.phone ? [{ email: input.email ?? "", phone: input.phone ?? "" }] : [];
    const created = await clients.auth.createAgent({
      name: input.name,
      tier: TIERS[input.tier],
      parentAgentId: input.parent ?? "",
      users: user,
      currency: WALLET_CURRENCY,
      creditLimitPaise: 0n,
    });
    const agent = agentView(created.agent);
    let opened;
    try {
      opened = await clients.wallet.openAccount({ agentId: agent.agent_id, currency: WALLET_CURRENCY, creditLimitPaise: 0n });
    } catch (cause) {
      const note = `agent ${agent.agent_id} was created but its wallet was not opened; open it with: pnpm admin wallet open ${agent.agent_id}`;
      throw new PartialFailure({ agent }, note, cause);
    }
    const wallet = balanceView(opened.balance);
    return {
      json: { agent, wallet },
      text: `Agent created:\n${agentText(agent)}\n\nWallet opened:\n${balanceText(wallet)}`,
    };
  },
});
