import { DomainError } from "@tarmac/kernel";
import type { Scope } from "./scopes.js";

/** What is stored for an issued key: never the key itself, only its hash. */
export interface ApiKeyRecord {
  /** The 8-character id embedded in the key. */
  readonly keyId: string;
  readonly agentId: string;
  /** hashApiKey(key): SHA-256 hex. */
  readonly hash: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: Date;
  readonly lastUsedAt?: Date;
  readonly expiresAt?: Date;
  /** When the key stops working: now for a revocation, the end of the grace period for a rotation. */
  readonly revokedAt?: Date;
  /** A `tk_test_` key (listings show the prefix). */
  readonly sandbox: boolean;
  /** Set on a key issued by a rotation: the key it replaced. */
  readonly replacesKeyId?: string;
  /** Set on a rotated key: its successor. */
  readonly replacedByKeyId?: string;
}

/** True while the key verifies: neither revoked nor expired at `now`. */
export function isKeyLive(record: ApiKeyRecord, now: Date): boolean {
  const t = now.getTime();
  return !(record.revokedAt && record.revokedAt.getTime() <= t) && !(record.expiresAt && record.expiresAt.getTime() <= t);
}

export function apiKeyNotFound(keyId: string): DomainError {
  return new DomainError("AUTH_NOT_FOUND", `API key ${keyId} not found`);
}
