import { create } from "@bufbuild/protobuf";
import { DomainError } from "@tarmac/kernel";
import {
  AgentTier as ProtoAgentTier,
  CreateAgentRequestSchema,
  CreateSubAgentResponseSchema,
  GetSubAgentResponseSchema,
  ListSubAgentsResponseSchema,
  SuspendAgentRequestSchema,
  SuspendSubAgentResponseSchema,
  UpdateSubAgentResponseSchema,
  type CreateSubAgentRequest,
  type CreateSubAgentResponse,
  type GetSubAgentRequest,
  type GetSubAgentResponse,
  type ListSubAgentsRequest,
  type ListSubAgentsResponse,
  type SuspendSubAgentRequest,
  type SuspendSubAgentResponse,
  type UpdateSubAgentRequest,
  type UpdateSubAgentResponse,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { agentNotFound, type Agent } from "../domain/agent.js";
import { inSubtree } from "../domain/subtree.js";
import { toProtoAgent } from "../proto-mapping.js";
import { RequestFields, requiredAgentId } from "../request-fields.js";
import type { AgentStore } from "../store/auth-store.js";
import type { Agents } from "./agents.js";

export interface SubAgentsDeps {
  readonly agents: AgentStore;
  /** Creation and suspension as ops do them, once the acting agency's right to is checked here. */
  readonly ops: Agents;
}

/**
 * An agency managing its own sub-agents (the gateway's /agency/sub-agents routes). Every call
 * names the acting agency; a sub-agent outside its subtree answers AUTH_NOT_FOUND exactly as an
 * unknown id does, so an agency learns nothing of other trees, its siblings or its parent.
 */
export class SubAgents {
  constructor(private readonly deps: SubAgentsDeps) {}

  async create(request: CreateSubAgentRequest): Promise<CreateSubAgentResponse> {
    const agentId = requiredAgentId(request.agentId);
    const agency = await this.deps.agents.findAgent(agentId);
    if (!agency) throw agentNotFound(agentId);
    if (agency.parentAgentId !== undefined) {
      throw new DomainError("AUTH_FORBIDDEN", "A sub-agent cannot have sub-agents of its own; its agency creates them");
    }
    // A sub-agent works at its agency's tier: webhooks and default scopes follow the contract the agency signed.
    const created = await this.deps.ops.create(
      create(CreateAgentRequestSchema, {
        name: request.name,
        tier: agency.tier === "ENTERPRISE" ? ProtoAgentTier.ENTERPRISE : ProtoAgentTier.STANDARD,
        parentAgentId: agency.id,
        users: request.users,
      }),
    );
    return create(CreateSubAgentResponseSchema, { ...(created.agent && { agent: created.agent }) });
  }

  async list(request: ListSubAgentsRequest): Promise<ListSubAgentsResponse> {
    const agentId = requiredAgentId(request.agentId);
    const subAgents = await this.deps.agents.listSubAgents(agentId);
    return create(ListSubAgentsResponseSchema, { subAgents: await Promise.all(subAgents.map((a) => this.protoAgent(a))) });
  }

  async get(request: GetSubAgentRequest): Promise<GetSubAgentResponse> {
    const sub = await this.subAgent(request);
    return create(GetSubAgentResponseSchema, { agent: await this.protoAgent(sub) });
  }

  async update(request: UpdateSubAgentRequest): Promise<UpdateSubAgentResponse> {
    const f = new RequestFields();
    f.id("agent_id", request.agentId);
    f.id("sub_agent_id", request.subAgentId);
    const name = f.name("name", request.name);
    f.check();
    const sub = await this.subAgent(request);
    const renamed = await this.deps.agents.renameAgent(sub.id, name);
    if (!renamed) throw agentNotFound(sub.id);
    return create(UpdateSubAgentResponseSchema, { agent: await this.protoAgent(renamed) });
  }

  async suspend(request: SuspendSubAgentRequest): Promise<SuspendSubAgentResponse> {
    const sub = await this.subAgent(request);
    const { agent } = await this.deps.ops.suspend(create(SuspendAgentRequestSchema, { agentId: sub.id, reason: request.reason }));
    return create(SuspendSubAgentResponseSchema, { ...(agent && { agent }) });
  }

  /** The sub-agent, if it is in the acting agency's subtree; else AUTH_NOT_FOUND naming it. */
  private async subAgent(request: { readonly agentId: string; readonly subAgentId: string }): Promise<Agent> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const subAgentId = f.id("sub_agent_id", request.subAgentId);
    f.check();
    const sub = await this.deps.agents.findAgent(subAgentId);
    if (!sub || !inSubtree(sub, agentId)) throw agentNotFound(subAgentId);
    return sub;
  }

  private async protoAgent(agent: Agent) {
    return toProtoAgent(agent, await this.deps.agents.listUsers(agent.id));
  }
}
