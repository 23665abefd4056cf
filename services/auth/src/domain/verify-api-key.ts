import { timingSafeEqual } from "node:crypto";
import { DomainError } from "@tarmac/kernel";
import { effectiveStatus, type Agent, type AgentStatus, type AgentTier } from "./agent.js";
import type { ApiKeyRecord } from "./api-key-record.js";
import { hashApiKey } from "./api-key.js";
import type { Scope } from "./scopes.js";

/** Who is calling. Suspension and scopes are the gateway's to enforce (403), not a reason for 401. */
export interface VerifiedApiKey {
  readonly agentId: string;
  readonly keyId: string;
  readonly scopes: readonly Scope[];
  readonly agentStatus: AgentStatus;
  readonly agentTier: AgentTier;
}

/** One message for every reason, so a caller cannot learn which keys exist or were revoked. */
export function invalidApiKey(): DomainError {
  return new DomainError("AUTH_INVALID_API_KEY", "unknown, revoked or expired API key");
}

/**
 * Checks a presented key against the record found by its key id (and that record's agent, and
 * for a sub-agent its parent agency). Throws AUTH_INVALID_API_KEY when the record is missing, the
 * hash differs, or the key is revoked or expired at `now`. A suspended agent (or sub-agent of a
 * suspended agency) verifies, with status SUSPENDED: the gateway answers 403.
 */
export function verifyApiKey(
  presented: string,
  record: ApiKeyRecord | undefined,
  agent: Agent | undefined,
  now: Date,
  parent?: Agent,
): VerifiedApiKey {
  if (!record || record.agentId !== agent?.id) throw invalidApiKey();
  if (!hashesEqual(hashApiKey(presented), record.hash)) throw invalidApiKey();
  if (record.revokedAt && record.revokedAt.getTime() <= now.getTime()) throw invalidApiKey();
  if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) throw invalidApiKey();
  return {
    agentId: agent.id,
    keyId: record.keyId,
    scopes: record.scopes,
    agentStatus: effectiveStatus(agent, parent),
    agentTier: agent.tier,
  };
}

/** Constant-time comparison of two hex digests. */
function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
