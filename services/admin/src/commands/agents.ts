import { z } from "zod";
import { defineCommand, type ArgSpec } from "../command.js";
import { agentId, note } from "../fields.js";
import { agentText } from "../text.js";
import { agentView } from "../views.js";

const AGENT_ARG: ArgSpec = { key: "agentId", label: "<agent id>", description: "The agent, e.g. agt_01JD8X3Q4N" };

export const agentsGet = defineCommand({
  group: "agents",
  name: "get",
  summary: "Show an agent",
  description: "Shows an agent's name, status, tier, parent and users (GetAgent).",
  args: [AGENT_ARG],
  flags: {},
  examples: ["pnpm admin agents get agt_01JD8X3Q4N", "pnpm admin agents get agt_01JD8X3Q4N --json"],
  input: z.object({ agentId }),
  async run(input, { clients }) {
    const agent = agentView((await clients.auth.getAgent({ agentId: input.agentId })).agent);
    return { json: { agent }, text: agentText(agent) };
  },
});

export const agentsSuspend = defineCommand({
  group: "agents",
  name: "suspend",
  summary: "Suspend an agent: its keys and logins get 403",
  description:
    "Suspends an agent (SuspendAgent): every call with its keys or tokens is refused with 403 " +
    "AUTH_AGENT_SUSPENDED until it is reactivated. Keys are kept.",
  args: [AGENT_ARG],
  flags: { reason: { type: "string", value: "<reason>", description: "Why, for the audit trail" } },
  examples: ['pnpm admin agents suspend agt_01JD8X3Q4N --reason "unpaid invoices"'],
  input: z.object({ agentId, reason: note }),
  async run(input, { clients }) {
    const response = await clients.auth.suspendAgent({ agentId: input.agentId, reason: input.reason ?? "" });
    const agent = agentView(response.agent);
    return { json: { agent }, text: `Agent suspended:\n${agentText(agent)}` };
  },
});

export const agentsReactivate = defineCommand({
  group: "agents",
  name: "reactivate",
  summary: "Reactivate a suspended agent",
  description: "Lifts a suspension (ReactivateAgent): the agent's unrevoked, unexpired keys work again.",
  args: [AGENT_ARG],
  flags: {},
  examples: ["pnpm admin agents reactivate agt_01JD8X3Q4N"],
  input: z.object({ agentId }),
  async run(input, { clients }) {
    const agent = agentView((await clients.auth.reactivateAgent({ agentId: input.agentId })).agent);
    return { json: { agent }, text: `Agent reactivated:\n${agentText(agent)}` };
  },
});
