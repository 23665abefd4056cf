import type { Clock } from "@tarmac/kernel";
import type { Collection, Db } from "mongodb";
import type { FareLock, FareLockStore } from "./fare-lock-store.js";
import { fromFareLockDocument, toFareLockDocument, type FareLockDocument } from "./mongo-fare-lock-documents.js";

/** Expired locks stay on record this long for support, then the TTL monitor deletes them. */
const RETAIN_AFTER_EXPIRY_SECONDS = 3600;

/**
 * MongoDB price locks: collection `fare_locks`, one document per lock, `_id` = lock id.
 *
 * Reads filter `lockedUntil > now` in the query, so a lock stops being found at its expiry to the
 * millisecond, by the service's clock; the TTL index only reclaims space, an hour later and about
 * once a minute.
 *
 * Writes are majority-acknowledged, so an issued lock survives a primary failover. Reads are
 * majority and always go to the primary, whatever the connection string says, so a lock is found
 * as soon as `save` resolved (booking reads it back right after issue) and never one that may
 * still roll back.
 */
export class MongoFareLockStore implements FareLockStore {
  private readonly locks: Collection<FareLockDocument>;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.locks = db.collection<FareLockDocument>("fare_locks", {
      writeConcern: { w: "majority" },
      readConcern: { level: "majority" },
      readPreference: "primary",
    });
  }

  /** Opens the store on `db`, creating its indexes first. */
  static async open(db: Db, clock: Clock): Promise<MongoFareLockStore> {
    const store = new MongoFareLockStore(db, clock);
    await store.ensureIndexes();
    return store;
  }

  async ensureIndexes(): Promise<void> {
    await this.locks.createIndexes([
      { key: { lockedUntil: 1 }, name: "lockedUntil_ttl", expireAfterSeconds: RETAIN_AFTER_EXPIRY_SECONDS },
      // Support: an agent's locks, newest first.
      { key: { agentId: 1, createdAt: -1 }, name: "agentId_createdAt" },
    ]);
  }

  async save(lock: FareLock): Promise<void> {
    // A plain insert: a lock id that exists (even expired, within the retention hour) fails with
    // the server's duplicate key error (E11000), which rejects as is. With retryable writes (the
    // driver's default) the driver's own retry after a network error is deduplicated by the
    // server, so it never reports the lock it just wrote as a duplicate.
    await this.locks.insertOne(toFareLockDocument(lock));
  }

  async find(lockId: string): Promise<FareLock | undefined> {
    const doc = await this.locks.findOne({ _id: lockId, lockedUntil: { $gt: this.clock.now() } });
    return doc ? fromFareLockDocument(doc) : undefined;
  }
}
