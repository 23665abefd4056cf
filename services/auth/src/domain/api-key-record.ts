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
  readonly revokedAt?: Date;
}
