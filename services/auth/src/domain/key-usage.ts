import type { ApiKeyRecord } from "./api-key-record.js";

/**
 * How stale `lastUsedAt` may get. Recording every call would turn each authenticated request into
 * a database write; a minute is precise enough to tell which keys are still in use.
 */
export const LAST_USED_RESOLUTION_MS = 60_000;

export function shouldRecordUse(record: ApiKeyRecord, now: Date): boolean {
  return !record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
}
