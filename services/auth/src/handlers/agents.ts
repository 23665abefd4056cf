import { create } from "@bufbuild/protobuf";
import type { CredentialNoticePublisher } from "@tarmac/events";
import { DomainError, fieldError, newId, type Clock, type Logger } from "@tarmac/kernel";
import {
  AgentTier as ProtoAgentTier,
  CreateAgentResponseSchema,
  GetAgentResponseSchema,
  ReactivateAgentResponseSchema,
  SetAgentBillingResponseSchema,
  SetAgentTierResponseSchema,
  SuspendAgentResponseSchema,
  type CreateAgentRequest,
  type CreateAgentResponse,
  type GetAgentRequest,
  type GetAgentResponse,
  type ReactivateAgentRequest,
  type ReactivateAgentResponse,
  type SetAgentBillingRequest,
  type SetAgentBillingResponse,
  type SetAgentTierRequest,
  type SetAgentTierResponse,
  type SuspendAgentRequest,
  type SuspendAgentResponse,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { AGENT_ID_PREFIX, agentNotFound, type Agent } from "../domain/agent.js";
import { USER_ID_PREFIX, type AgentUser } from "../domain/agent-user.js";
import { agentTierFromProto, toProtoAgent } from "../proto-mapping.js";
import { RequestFields, requiredAgentId } from "../request-fields.js";
import { DuplicateIdentifierError, type AgentStore } from "../store/auth-store.js";
import { billingFields } from "./billing-fields.js";
import { initialUsers, type NewUser } from "./initial-users.js";

export interface AgentsDeps {
  readonly agents: AgentStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Tells gateways, booking and wallet of a suspension or reactivation before the RPC answers. */
  readonly notices: CredentialNoticePublisher;
}

/** Agents and their users: creation (with sub-agents under agencies), lookup, suspension. */
export class Agents {
  constructor(private readonly deps: AgentsDeps) {}

  async create(request: CreateAgentRequest): Promise<CreateAgentResponse> {
    const f = new RequestFields();
    const name = f.name("name", request.name);
    const tier = agentTierFromProto(request.tier);
    if (!tier) f.add(fieldError("tier", "INVALID_VALUE", "must be STANDARD or ENTERPRISE"));
    const parentAgentId = request.parentAgentId === "" ? undefined : f.id("parent_agent_id", request.parentAgentId);
    const users = initialUsers(f, request.users);
    f.check();
    if (parentAgentId !== undefined) await this.checkParent(parentAgentId);
    await this.checkIdentifiersFree(users);

    const now = this.deps.clock.now();
    const agent: Agent = {
      id: newId(AGENT_ID_PREFIX),
      name,
      status: "ACTIVE",
      tier: tier ?? "STANDARD",
      createdAt: now,
      ...(parentAgentId !== undefined && { parentAgentId }),
    };
    const records: AgentUser[] = users.map((user) => ({ userId: newId(USER_ID_PREFIX), agentId: agent.id, ...user, createdAt: now }));
    try {
      await this.deps.agents.createAgent(agent, records);
    } catch (error) {
      // Another call registered the same e-mail or phone between the check and the write.
      if (error instanceof DuplicateIdentifierError) throw identifierTaken("users", error.field);
      throw error;
    }
    this.deps.logger.info({ agentId: agent.id, tier: agent.tier, parentAgentId, users: records.length }, "agent created");
    return create(CreateAgentResponseSchema, { agent: toProtoAgent(agent, records) });
  }

  async get(request: GetAgentRequest): Promise<GetAgentResponse> {
    const agentId = requiredAgentId(request.agentId);
    const agent = await this.deps.agents.findAgent(agentId);
    if (!agent) throw agentNotFound(agentId);
    return create(GetAgentResponseSchema, { agent: await this.protoAgent(agent) });
  }

  async suspend(request: SuspendAgentRequest): Promise<SuspendAgentResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const reason = f.note("reason", request.reason);
    f.check();
    const agent = await this.deps.agents.updateAgentStatus(agentId, { status: "SUSPENDED", at: this.deps.clock.now(), reason });
    if (!agent) throw agentNotFound(agentId);
    this.deps.logger.info({ agentId }, "agent suspended");
    await this.deps.notices.publish({ kind: "agent.suspended", agentId });
    return create(SuspendAgentResponseSchema, { agent: await this.protoAgent(agent) });
  }

  async reactivate(request: ReactivateAgentRequest): Promise<ReactivateAgentResponse> {
    const agentId = requiredAgentId(request.agentId);
    const agent = await this.deps.agents.updateAgentStatus(agentId, { status: "ACTIVE" });
    if (!agent) throw agentNotFound(agentId);
    this.deps.logger.info({ agentId }, "agent reactivated");
    await this.deps.notices.publish({ kind: "agent.reactivated", agentId });
    return create(ReactivateAgentResponseSchema, { agent: await this.protoAgent(agent) });
  }

  /** Ops set the tier explicitly: UNSPECIFIED (or an unknown number) is a field error, not STANDARD. */
  async setTier(request: SetAgentTierRequest): Promise<SetAgentTierResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const tier = request.tier === ProtoAgentTier.UNSPECIFIED ? undefined : agentTierFromProto(request.tier);
    if (!tier)
      f.add(
        fieldError("tier", request.tier === ProtoAgentTier.UNSPECIFIED ? "REQUIRED" : "INVALID_VALUE", "must be STANDARD or ENTERPRISE"),
      );
    f.check();
    const agent = await this.deps.agents.setAgentTier(agentId, tier ?? "STANDARD");
    if (!agent) throw agentNotFound(agentId);
    this.deps.logger.info({ agentId, tier: agent.tier }, "agent tier set");
    return create(SetAgentTierResponseSchema, { agent: await this.protoAgent(agent) });
  }

  /**
   * Replaces the agency's billing details whole; issued invoices keep what they were issued with,
   * bookings created after the answer follow them on every replica (the notice).
   */
  async setBilling(request: SetAgentBillingRequest): Promise<SetAgentBillingResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const billing = billingFields(f, request.billing);
    f.check();
    const agent = await this.deps.agents.setAgentBilling(agentId, billing);
    if (!agent) throw agentNotFound(agentId);
    this.deps.logger.info({ agentId, gstState: billing.gstin.slice(0, 2) }, "agent billing details set");
    // Booking remembers the agency's record for a few seconds; its next booking takes the new details.
    await this.deps.notices.publish({ kind: "agent.billing_changed", agentId });
    return create(SetAgentBillingResponseSchema, { agent: await this.protoAgent(agent) });
  }

  private async protoAgent(agent: Agent) {
    return toProtoAgent(agent, await this.deps.agents.listUsers(agent.id));
  }

  /** A sub-agent's parent must exist and be a top-level agency. */
  private async checkParent(parentAgentId: string): Promise<void> {
    const parent = await this.deps.agents.findAgent(parentAgentId);
    const problem = !parent
      ? "no agent has this id"
      : parent.parentAgentId !== undefined
        ? "is itself a sub-agent; sub-agents work under a top-level agency"
        : undefined;
    if (problem)
      throw new DomainError("VALIDATION_FAILED", `parent_agent_id: ${problem}`, {
        errors: [fieldError("parent_agent_id", "INVALID_VALUE", problem)],
      });
  }

  /** Names the user whose e-mail or phone is taken (the store's unique indexes settle races). */
  private async checkIdentifiersFree(users: readonly NewUser[]): Promise<void> {
    const f = new RequestFields();
    for (const [i, user] of users.entries()) {
      if (user.email !== undefined && (await this.deps.agents.findUserByIdentifier({ channel: "EMAIL", value: user.email }))) {
        f.add(fieldError(`users[${i}].email`, "INVALID_VALUE", "already belongs to another user"));
      }
      if (user.phone !== undefined && (await this.deps.agents.findUserByIdentifier({ channel: "SMS", value: user.phone }))) {
        f.add(fieldError(`users[${i}].phone`, "INVALID_VALUE", "already belongs to another user"));
      }
    }
    f.check();
  }
}

function identifierTaken(field: string, kind: "email" | "phone"): DomainError {
  const what = kind === "email" ? "an e-mail address" : "a phone number";
  return new DomainError("VALIDATION_FAILED", `${what} of these users already belongs to another user`, {
    errors: [fieldError(field, "INVALID_VALUE", `${what} already belongs to another user`)],
  });
}
