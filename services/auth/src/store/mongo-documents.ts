import type { Agent, AgentStatus, AgentTier } from "../domain/agent.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import type { Scope } from "../domain/scopes.js";

export interface AgentDocument {
  _id: string;
  name: string;
  status: AgentStatus;
  tier: AgentTier;
  createdAt: Date;
}

export interface ApiKeyDocument {
  /** The key id. */
  _id: string;
  agentId: string;
  hash: string;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt?: Date;
  expiresAt?: Date;
  revokedAt?: Date;
}

export function agentToDocument(agent: Agent): AgentDocument {
  return { _id: agent.id, name: agent.name, status: agent.status, tier: agent.tier, createdAt: agent.createdAt };
}

export function agentFromDocument(doc: AgentDocument): Agent {
  return { id: doc._id, name: doc.name, status: doc.status, tier: doc.tier, createdAt: doc.createdAt };
}

export function apiKeyToDocument(record: ApiKeyRecord): ApiKeyDocument {
  return {
    _id: record.keyId,
    agentId: record.agentId,
    hash: record.hash,
    scopes: [...record.scopes],
    createdAt: record.createdAt,
    ...(record.lastUsedAt && { lastUsedAt: record.lastUsedAt }),
    ...(record.expiresAt && { expiresAt: record.expiresAt }),
    ...(record.revokedAt && { revokedAt: record.revokedAt }),
  };
}

export function apiKeyFromDocument(doc: ApiKeyDocument): ApiKeyRecord {
  return {
    keyId: doc._id,
    agentId: doc.agentId,
    hash: doc.hash,
    scopes: doc.scopes,
    createdAt: doc.createdAt,
    ...(doc.lastUsedAt && { lastUsedAt: doc.lastUsedAt }),
    ...(doc.expiresAt && { expiresAt: doc.expiresAt }),
    ...(doc.revokedAt && { revokedAt: doc.revokedAt }),
  };
}
