import { isMongoServerError } from "@tarmac/kernel";
import type { Collection, Db } from "mongodb";
import { DEFAULT_LEASE_MS, IDEMPOTENCY_RETENTION_MS } from "./idempotency-store.js";
import type { BeginResult, IdempotencyScope, IdempotencyStore, StoredResponse } from "./idempotency-store.js";
import { type IdempotencyRecord, startedRecord, verdictOn } from "./idempotency-record.js";

const DUPLICATE_KEY = 11000;
/** begin retries when the record changes between its reads and writes; that settles in a round or two. */
const MAX_ROUNDS = 5;

interface IdempotencyDocument {
  agentId: string;
  operation: string;
  key: string;
  fingerprint: string;
  createdAt: Date;
  leaseUntil: Date;
  /** The record's lease: new on every claim, the compare-and-set token of a takeover and of abandon. */
  attempt: string;
  response: { statusCode: number; contentType: string | null; body: string } | null;
}

/**
 * MongoDB idempotency records: collection `idempotency_keys`, one document per (agentId,
 * operation, key). The unique index on those three is what makes begin atomic across gateway
 * processes: of concurrent inserts exactly one succeeds, the others read the winner. Taking over
 * an expired record is a compare-and-set on its `attempt`. A TTL index deletes records 24 hours
 * after creation; it runs about once a minute, so begin also judges expiry itself.
 *
 * Writes are majority-acknowledged, so a stored response survives a primary failover. Reads go to
 * the primary with the default (local) read concern: right after a duplicate-key error the winner's
 * insert must be visible, even before a majority has it.
 */
/** Server-side bound of each request-path operation (the gateway also stops waiting at 2 s). */
const BOUNDED = { maxTimeMS: 2_000 };

export class MongoIdempotencyStore implements IdempotencyStore {
  private readonly keys: Collection<IdempotencyDocument>;

  constructor(
    db: Db,
    private readonly leaseMs: number = DEFAULT_LEASE_MS,
  ) {
    this.keys = db.collection<IdempotencyDocument>("idempotency_keys", {
      writeConcern: { w: "majority" },
      readPreference: "primary",
    });
  }

  async ensureIndexes(): Promise<void> {
    await this.keys.createIndexes([
      { key: { agentId: 1, operation: 1, key: 1 }, name: "agentId_operation_key", unique: true },
      { key: { createdAt: 1 }, name: "createdAt_ttl", expireAfterSeconds: IDEMPOTENCY_RETENTION_MS / 1000 },
    ]);
  }

  async begin(scope: IdempotencyScope, fingerprint: string, now: Date): Promise<BeginResult> {
    // A fresh object each time: insertOne writes the generated _id into the object it is given.
    const fresh = () => toDocument(scope, startedRecord(fingerprint, now, this.leaseMs));
    const started = (doc: IdempotencyDocument): BeginResult => ({ state: "started", lease: doc.attempt });
    for (let round = 0; round < MAX_ROUNDS; round++) {
      try {
        const inserted = fresh();
        await this.keys.insertOne(inserted, BOUNDED);
        return started(inserted);
      } catch (error) {
        if (!(isMongoServerError(error) && error.code === DUPLICATE_KEY)) throw error;
      }
      const existing = await this.keys.findOne(scopeFilter(scope), BOUNDED);
      if (!existing) continue; // abandoned or reaped since the insert failed: insert again
      const verdict = verdictOn(toRecord(existing), fingerprint, now);
      if (verdict !== "claim") return verdict;
      const replacement = fresh();
      const taken = await this.keys.replaceOne({ _id: existing._id, attempt: existing.attempt }, replacement, BOUNDED);
      if (taken.matchedCount === 1) return started(replacement);
    }
    throw new Error(`idempotency record ${scope.operation} kept changing during begin`);
  }

  async complete(scope: IdempotencyScope, fingerprint: string, response: StoredResponse): Promise<void> {
    const stored = {
      statusCode: response.statusCode,
      contentType: response.headers["content-type"] ?? null,
      body: response.body,
    };
    await this.keys.updateOne({ ...scopeFilter(scope), fingerprint, response: null }, { $set: { response: stored } }, BOUNDED);
  }

  async abandon(scope: IdempotencyScope, lease: string): Promise<void> {
    await this.keys.deleteOne({ ...scopeFilter(scope), response: null, attempt: lease }, BOUNDED);
  }
}

function scopeFilter(scope: IdempotencyScope) {
  return { agentId: scope.agentId, operation: scope.operation, key: scope.key };
}

function toDocument(scope: IdempotencyScope, record: IdempotencyRecord): IdempotencyDocument {
  const { lease, ...rest } = record;
  return { ...scopeFilter(scope), ...rest, response: null, attempt: lease };
}

function toRecord(doc: IdempotencyDocument): IdempotencyRecord {
  const { response } = doc;
  return {
    fingerprint: doc.fingerprint,
    createdAt: doc.createdAt,
    leaseUntil: doc.leaseUntil,
    lease: doc.attempt,
    response: response && {
      statusCode: response.statusCode,
      headers: response.contentType === null ? {} : { "content-type": response.contentType },
      body: response.body,
    },
  };
}
