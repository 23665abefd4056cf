import { create } from "@bufbuild/protobuf";
import { DomainError, type Clock } from "@tarmac/kernel";
import {
  IssueAgencyApiKeyResponseSchema,
  IssueApiKeyRequestSchema,
  ListAgencyApiKeysResponseSchema,
  ListApiKeysRequestSchema,
  RevokeAgencyApiKeyResponseSchema,
  RevokeApiKeyRequestSchema,
  type IssueAgencyApiKeyRequest,
  type IssueAgencyApiKeyResponse,
  type ListAgencyApiKeysRequest,
  type ListAgencyApiKeysResponse,
  type RevokeAgencyApiKeyRequest,
  type RevokeAgencyApiKeyResponse,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { agentNotFound } from "../domain/agent.js";
import { apiKeyNotFound, isKeyLive } from "../domain/api-key-record.js";
import { inSubtree } from "../domain/subtree.js";
import { scopesToProto } from "../proto-mapping.js";
import { RequestFields } from "../request-fields.js";
import type { AgentStore, ApiKeyStore } from "../store/auth-store.js";
import type { ApiKeys } from "./api-keys.js";

export interface AgencyApiKeysDeps {
  readonly agents: AgentStore;
  readonly keys: ApiKeyStore;
  readonly clock: Clock;
  /** Issuing, listing and revoking as ops do them, once the acting agency's right to is checked here. */
  readonly ops: ApiKeys;
}

/**
 * An agency's own keys and its sub-agents' (the gateway's /agency/api-keys routes). A key is
 * issued on the authority of the caller's key: never more scopes than it has, sandbox exactly
 * when it is, so no key can mint a stronger one or a live key from a test one. An agent outside
 * the acting agency's subtree, or a key of one, answers AUTH_NOT_FOUND as an unknown one does.
 */
export class AgencyApiKeys {
  constructor(private readonly deps: AgencyApiKeysDeps) {}

  async issue(request: IssueAgencyApiKeyRequest): Promise<IssueAgencyApiKeyResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const issuerKeyId = f.id("issuer_key_id", request.issuerKeyId);
    const asked = f.scopes("scopes", request.scopes);
    f.check();
    const forAgentId = await this.target(agentId, request.forAgentId);
    const issuer = await this.deps.keys.findApiKeyById(issuerKeyId);
    if (issuer?.agentId !== agentId || !isKeyLive(issuer, this.deps.clock.now())) {
      throw new DomainError("AUTH_FORBIDDEN", "Keys are issued with a live key of the agency's own");
    }
    const beyond = asked.filter((scope) => !issuer.scopes.includes(scope));
    if (beyond.length > 0) {
      throw new DomainError("AUTH_FORBIDDEN", `A key cannot give scopes it does not have: ${beyond.join(", ")}`);
    }
    // Sub-agents have no sub-agents of their own: agency.manage would let them manage nothing but keys.
    const scopes = asked.length > 0 ? asked : issuer.scopes.filter((scope) => forAgentId === agentId || scope !== "agency.manage");
    const { key, apiKey } = await this.deps.ops.issue(
      create(IssueApiKeyRequestSchema, {
        agentId: forAgentId,
        scopes: scopesToProto(scopes),
        sandbox: issuer.sandbox,
        ...(request.expiresAt && { expiresAt: request.expiresAt }),
      }),
    );
    return create(IssueAgencyApiKeyResponseSchema, { ...(key && { key }), apiKey });
  }

  async list(request: ListAgencyApiKeysRequest): Promise<ListAgencyApiKeysResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    f.check();
    const forAgentId = await this.target(agentId, request.forAgentId);
    const { keys } = await this.deps.ops.list(create(ListApiKeysRequestSchema, { agentId: forAgentId }));
    return create(ListAgencyApiKeysResponseSchema, { keys });
  }

  async revoke(request: RevokeAgencyApiKeyRequest): Promise<RevokeAgencyApiKeyResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const keyId = f.id("key_id", request.keyId);
    f.check();
    const record = await this.deps.keys.findApiKeyById(keyId);
    const owner = record && (await this.deps.agents.findAgent(record.agentId));
    if (!owner || (owner.id !== agentId && !inSubtree(owner, agentId))) throw apiKeyNotFound(keyId);
    const { key } = await this.deps.ops.revoke(create(RevokeApiKeyRequestSchema, { keyId }));
    return create(RevokeAgencyApiKeyResponseSchema, { ...(key && { key }) });
  }

  /** The agent a key call is for: the agency itself (empty), or one of its sub-agents; else AUTH_NOT_FOUND. */
  private async target(agentId: string, forAgentId: string): Promise<string> {
    if (forAgentId === "" || forAgentId === agentId) return agentId;
    const sub = await this.deps.agents.findAgent(forAgentId);
    if (!sub || !inSubtree(sub, agentId)) throw agentNotFound(forAgentId);
    return sub.id;
  }
}
