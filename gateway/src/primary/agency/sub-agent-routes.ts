import { AgentStatus, AgentTier, Scope, type Agent } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { FundsKind, TransferDirection, type Balance } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callerOf } from "../../auth/caller-of.js";
import { enumName, isoText } from "../../json-values.js";
import { type OperationDoc, operation, PRIMARY } from "../../openapi/operation.js";
import { balanceJson } from "../wallet/routes.js";
import {
  type CreateBody,
  createRequestSchema,
  emptyRequestSchema,
  type SubAgentBody,
  subAgentListResponseSchema,
  subAgentRequestSchema,
  subAgentResponseSchema,
  type SuspendBody,
  suspendRequestSchema,
  type TransferBody,
  transferRequestSchema,
  transferResponseSchema,
  type UpdateBody,
  updateRequestSchema,
} from "./schemas.js";

export interface SubAgentRoutesOptions {
  readonly auth: ServiceClients["auth"];
  readonly wallet: ServiceClients["wallet"];
}

const config = { scope: Scope.AGENCY_MANAGE };
const SUFFIX = " Scope `agency.manage`.";
const NOT_FOUND = ["AUTH_NOT_FOUND"] as const;

const agencyOperation = (doc: Omit<OperationDoc, "tags">) =>
  operation(PRIMARY, { ...doc, tags: ["agency"], description: doc.description + SUFFIX });

/**
 * POST /agency/sub-agents/create, /list, /get, /update, /suspend and /transfer: an agency managing
 * its own sub-agents and moving money to and from their wallets (API guide, Sub-agents). The acting agency is always the caller's; auth answers
 * AUTH_NOT_FOUND for any agent outside its subtree, so the body can name no one else's.
 */
export const subAgentRoutes: FastifyPluginAsync<SubAgentRoutesOptions> = async (app, { auth, wallet }) => {
  app.post<{ Body: CreateBody }>(
    "/agency/sub-agents/create",
    {
      schema: agencyOperation({
        operationId: "createSubAgent",
        summary: "Create a sub-agent",
        description:
          "Creates a sub-agent under the calling agency: its own agent (`agt_...`, the agency's tier) with the `users` who may " +
          "sign in. Its API keys, bookings and wallet are its own. Sub-agents work one level under a top-level agency: a " +
          "sub-agent's key is 403 `AUTH_FORBIDDEN`. An e-mail or phone that is malformed or already a user's is 400 on " +
          "`users[i].email` / `users[i].phone`. Send an `Idempotency-Key` to make retries safe: without one each call creates " +
          "another sub-agent.",
        body: createRequestSchema,
        success: { schema: subAgentResponseSchema, description: "The new sub-agent, ACTIVE." },
        idempotencyKey: "optional",
      }),
      config: { ...config, idempotency: { operation: "agency.sub_agents.create", optional: true } },
    },
    async (request) => {
      const { name, users } = request.body;
      const { agent } = await auth.createSubAgent({ agentId: callerOf(request).agentId, name, users: users ?? [] });
      return { sub_agent: subAgentJson(present(agent)) };
    },
  );

  app.post(
    "/agency/sub-agents/list",
    {
      schema: agencyOperation({
        operationId: "listSubAgents",
        summary: "The calling agency's sub-agents",
        description: "Every sub-agent of the calling agency with its users, oldest first, suspended ones included. The body is `{}`.",
        body: emptyRequestSchema,
        success: { schema: subAgentListResponseSchema, description: "The sub-agents." },
      }),
      config,
    },
    async (request) => {
      const { subAgents } = await auth.listSubAgents({ agentId: callerOf(request).agentId });
      return { sub_agents: subAgents.map(subAgentJson) };
    },
  );

  app.post<{ Body: SubAgentBody }>(
    "/agency/sub-agents/get",
    {
      schema: agencyOperation({
        operationId: "getSubAgent",
        summary: "One sub-agent",
        description:
          "One sub-agent of the calling agency with its users. Any other id — a sibling, the agency's own parent, another " +
          "agency's sub-agent, the caller itself — is 404 `AUTH_NOT_FOUND`, as an unknown one is.",
        body: subAgentRequestSchema,
        success: { schema: subAgentResponseSchema, description: "The sub-agent." },
        errors: NOT_FOUND,
      }),
      config,
    },
    async (request) => {
      const { agent } = await auth.getSubAgent({ agentId: callerOf(request).agentId, subAgentId: request.body.sub_agent_id });
      return { sub_agent: subAgentJson(present(agent)) };
    },
  );

  app.post<{ Body: UpdateBody }>(
    "/agency/sub-agents/update",
    {
      schema: agencyOperation({
        operationId: "updateSubAgent",
        summary: "Rename a sub-agent",
        description: "Sets a sub-agent's `name`. Idempotent. An id outside the calling agency's subtree is 404 `AUTH_NOT_FOUND`.",
        body: updateRequestSchema,
        success: { schema: subAgentResponseSchema, description: "The sub-agent as it now is." },
        errors: NOT_FOUND,
      }),
      config,
    },
    async (request) => {
      const { sub_agent_id, name } = request.body;
      const { agent } = await auth.updateSubAgent({ agentId: callerOf(request).agentId, subAgentId: sub_agent_id, name });
      return { sub_agent: subAgentJson(present(agent)) };
    },
  );

  app.post<{ Body: SuspendBody }>(
    "/agency/sub-agents/suspend",
    {
      schema: agencyOperation({
        operationId: "suspendSubAgent",
        summary: "Suspend a sub-agent",
        description:
          "Suspends a sub-agent: from the answer on its API keys and sessions are 403 `AUTH_AGENT_SUSPENDED`. Idempotent (the " +
          "first time and reason stay). Reactivation is by Tarmac operations. An id outside the calling agency's subtree is " +
          "404 `AUTH_NOT_FOUND`.",
        body: suspendRequestSchema,
        success: { schema: subAgentResponseSchema, description: "The sub-agent, SUSPENDED." },
        errors: NOT_FOUND,
      }),
      config,
    },
    async (request) => {
      const { sub_agent_id, reason } = request.body;
      const { agent } = await auth.suspendSubAgent({
        agentId: callerOf(request).agentId,
        subAgentId: sub_agent_id,
        reason: reason ?? "",
      });
      return { sub_agent: subAgentJson(present(agent)) };
    },
  );

  app.post<{ Body: TransferBody }>(
    "/agency/sub-agents/transfer",
    {
      schema: agencyOperation({
        operationId: "transferSubAgentFunds",
        summary: "Move money to or from a sub-agent's wallet",
        description:
          "Moves `amount_paise` from the calling agency's wallet to its sub-agent's (`TO_SUB_AGENT`) or back " +
          "(`FROM_SUB_AGENT`): a `TRANSFER_OUT` line on the sender's statement and a `TRANSFER_IN` line on the receiver's, " +
          "both or neither. Only the sender's own money moves (balance less held; credit is never handed on): else 402 " +
          "`WALLET_INSUFFICIENT_FUNDS`. With `funds: CREDIT_LINE` credit moves instead: carved out of the sender's unused " +
          "credit limit into the receiver's (no statement lines; never credit the sender is using). The sub-agent's wallet " +
          "opens, prepaid (no credit limit), with its first funding. " +
          "Idempotent by `reference`: a retry of the same transfer answers both wallets and moves nothing; another " +
          "transfer under a used reference is 422 `IDEMPOTENCY_KEY_REUSED`. An id outside the calling agency's subtree is " +
          "404 `AUTH_NOT_FOUND`.",
        body: transferRequestSchema,
        success: { schema: transferResponseSchema, description: "Both wallets after the transfer." },
        errors: ["AUTH_NOT_FOUND", "WALLET_INSUFFICIENT_FUNDS", "WALLET_ACCOUNT_NOT_FOUND", "IDEMPOTENCY_KEY_REUSED"],
      }),
      config,
    },
    async (request) => {
      const { sub_agent_id, direction, amount_paise, reference, description, funds } = request.body;
      const answer = await wallet.transferFunds({
        agentId: callerOf(request).agentId,
        subAgentId: sub_agent_id,
        direction: TransferDirection[direction],
        amountPaise: BigInt(amount_paise),
        reference,
        description: description ?? "",
        funds: FundsKind[funds ?? "CASH"],
      });
      return { agency: balanceJson(presentBalance(answer.agency)), sub_agent: balanceJson(presentBalance(answer.subAgent)) };
    },
  );
};

function presentBalance(balance: Balance | undefined): Balance {
  if (!balance) throw new Error("wallet answered without a balance");
  return balance;
}

function present(agent: Agent | undefined): Agent {
  if (!agent) throw new Error("auth answered without an agent");
  return agent;
}

function subAgentJson(agent: Agent) {
  return {
    agent_id: agent.agentId,
    parent_agent_id: agent.parentAgentId,
    name: agent.name,
    status: enumName(AgentStatus, agent.status),
    tier: enumName(AgentTier, agent.tier),
    created_at: isoText(agent.createdAt),
    suspended_at: agent.suspendedAt ? isoText(agent.suspendedAt) : null,
    suspension_reason: agent.suspensionReason === "" ? null : agent.suspensionReason,
    users: agent.users.map((user) => ({
      user_id: user.userId,
      email: user.email === "" ? null : user.email,
      phone: user.phone === "" ? null : user.phone,
    })),
  };
}
