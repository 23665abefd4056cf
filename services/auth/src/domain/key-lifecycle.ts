import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import { isKeyLive, type ApiKeyRecord } from "./api-key-record.js";
import type { Scope } from "./scopes.js";

/** How long a rotated key keeps working when the request names no grace period (API guide, Authentication). */
export const DEFAULT_ROTATION_GRACE_SECONDS = 24 * 60 * 60;
/** A longer grace would make rotation no rotation at all: beyond a month, issue and revoke instead. */
export const MAX_ROTATION_GRACE_SECONDS = 30 * 24 * 60 * 60;

/** The record of a newly issued key. */
export function newKeyRecord(input: {
  keyId: string;
  agentId: string;
  hash: string;
  scopes: readonly Scope[];
  sandbox: boolean;
  now: Date;
  expiresAt?: Date | undefined;
  replacesKeyId?: string | undefined;
}): ApiKeyRecord {
  return {
    keyId: input.keyId,
    agentId: input.agentId,
    hash: input.hash,
    scopes: [...input.scopes],
    sandbox: input.sandbox,
    createdAt: input.now,
    ...(input.expiresAt && { expiresAt: input.expiresAt }),
    ...(input.replacesKeyId !== undefined && { replacesKeyId: input.replacesKeyId }),
  };
}

/**
 * Why a key cannot be rotated, or undefined when it can: only a live key that was not rotated
 * before. Rotating a rotated key would leave two successors, both valid.
 */
export function rotationRefusal(record: ApiKeyRecord, now: Date): DomainError | undefined {
  if (!isKeyLive(record, now)) {
    return validationFailed([fieldError("key_id", "INVALID_VALUE", "the key is revoked or expired; issue a new key instead")]);
  }
  if (record.replacedByKeyId !== undefined) {
    return validationFailed([
      fieldError("key_id", "INVALID_VALUE", `the key was already rotated; rotate its successor ${record.replacedByKeyId}`),
    ]);
  }
  return undefined;
}

/**
 * When a rotated key stops working: after the grace period, never later than a revocation already
 * scheduled. Its expiry, if sooner, still applies on its own.
 */
export function rotatedKeyRevokedAt(record: ApiKeyRecord, now: Date, graceSeconds: number): Date {
  const end = now.getTime() + graceSeconds * 1000;
  return new Date(record.revokedAt ? Math.min(record.revokedAt.getTime(), end) : end);
}

/** A successor keeps its predecessor's expiry: rotating replaces the secret, never extends a key's life. */
export function successorExpiresAt(record: ApiKeyRecord): Date | undefined {
  return record.expiresAt;
}

/** What a revocation writes: now, or an earlier revocation left as it was. */
export function revokedAtFor(record: ApiKeyRecord, now: Date): Date {
  return record.revokedAt && record.revokedAt.getTime() <= now.getTime() ? record.revokedAt : now;
}
