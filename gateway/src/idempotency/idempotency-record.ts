import { randomUUID } from "node:crypto";
import { type BeginResult, IDEMPOTENCY_RETENTION_MS, type StoredResponse } from "./idempotency-store.js";

/** One key's record, as every adapter keeps it. */
export interface IdempotencyRecord {
  readonly fingerprint: string;
  readonly createdAt: Date;
  /** While in progress, the request holds the key until then. */
  readonly leaseUntil: Date;
  /** New on every claim: names the request that holds the key (abandon) and guards a takeover. */
  readonly lease: string;
  /** null while the request is in progress. */
  readonly response: StoredResponse | null;
}

const IN_PROGRESS: BeginResult = { state: "in_progress" };
const MISMATCH: BeginResult = { state: "mismatch" };

/**
 * What `begin` answers when a record exists, or "claim" when the caller may take the key: the
 * record is past its 24 hours (the TTL cleanup runs late, so expiry is decided here, not by it),
 * or its request crashed (lease over) and this is the same request again. Shared by the adapters
 * so both apply the same rules; each makes the claim atomic its own way.
 */
export function verdictOn(record: IdempotencyRecord, fingerprint: string, now: Date): BeginResult | "claim" {
  if (now.getTime() - record.createdAt.getTime() >= IDEMPOTENCY_RETENTION_MS) return "claim";
  if (record.fingerprint !== fingerprint) return MISMATCH;
  if (record.response) return { state: "done", response: record.response };
  return record.leaseUntil.getTime() > now.getTime() ? IN_PROGRESS : "claim";
}

/** A fresh in-progress record, created or taken over at `now`. */
export function startedRecord(fingerprint: string, now: Date, leaseMs: number): IdempotencyRecord {
  return { fingerprint, createdAt: now, leaseUntil: new Date(now.getTime() + leaseMs), lease: randomUUID(), response: null };
}
