import { IDEMPOTENCY_RETENTION_MS, DEFAULT_LEASE_MS } from "./idempotency-store.js";
import type { BeginResult, IdempotencyScope, IdempotencyStore, StoredResponse } from "./idempotency-store.js";
import { type IdempotencyRecord, startedRecord, verdictOn } from "./idempotency-record.js";

export interface MemoryIdempotencyStoreOptions {
  readonly leaseMs?: number;
  /** How often records past their 24 hours are dropped; begin ignores them in between. */
  readonly sweepIntervalMs?: number;
}

/**
 * Idempotency records in this process: the default, for development and tests. Each method runs
 * without an await between its read and its write, so begin is atomic per scope. Keys are not
 * shared between gateway processes; several replicas need the MongoDB store.
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord>();
  private readonly leaseMs: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: MemoryIdempotencyStoreOptions = {}) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    // The sweep must never keep a process alive on its own.
    this.sweeper.unref();
  }

  async begin(scope: IdempotencyScope, fingerprint: string, now: Date): Promise<BeginResult> {
    const id = idOf(scope);
    const record = this.records.get(id);
    const verdict = record ? verdictOn(record, fingerprint, now) : "claim";
    if (verdict !== "claim") return verdict;
    const started = startedRecord(fingerprint, now, this.leaseMs);
    this.records.set(id, started);
    return { state: "started", lease: started.lease };
  }

  async complete(scope: IdempotencyScope, fingerprint: string, response: StoredResponse): Promise<void> {
    const id = idOf(scope);
    const record = this.records.get(id);
    if (!record || record.response || record.fingerprint !== fingerprint) return;
    // A copy, so a caller changing its object later cannot change what is replayed.
    this.records.set(id, { ...record, response: { ...response, headers: { ...response.headers } } });
  }

  async abandon(scope: IdempotencyScope, lease: string): Promise<void> {
    const id = idOf(scope);
    const record = this.records.get(id);
    if (record?.response === null && record.lease === lease) this.records.delete(id);
  }

  /** Drops records past their 24 hours. */
  sweep(now: Date = new Date()): void {
    for (const [id, record] of this.records) {
      if (now.getTime() - record.createdAt.getTime() >= IDEMPOTENCY_RETENTION_MS) this.records.delete(id);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}

/** Unambiguous whatever characters the parts contain. */
function idOf(scope: IdempotencyScope): string {
  return JSON.stringify([scope.agentId, scope.operation, scope.key]);
}
