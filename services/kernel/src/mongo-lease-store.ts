import type { Collection, Db } from "mongodb";
import { isMongoServerError } from "./mongo-driver.js";
import type { LeaseStore } from "./lease.js";

interface LeaseDocument {
  _id: string;
  owner: string;
  expiresAt: Date;
}

/** A lease write that takes longer fails (and the loop waits) rather than stalling the loop. */
const LEASE_TIMEOUT_MS = 2_000;

/**
 * Leases in the collection `leases`, one document per loop. Expiry is decided by the server's
 * clock (`$$NOW`), so pods with skewed clocks agree on it. Writes are majority-acknowledged: a
 * lease granted by a primary that then rolls back would let two replicas work at once.
 */
export class MongoLeaseStore implements LeaseStore {
  private readonly leases: Collection<LeaseDocument>;

  constructor(db: Db) {
    this.leases = db.collection<LeaseDocument>("leases", {
      writeConcern: { w: "majority" },
      readConcern: { level: "majority" },
      readPreference: "primary",
    });
  }

  async acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    try {
      // Matches when this owner holds it or it has expired; otherwise the upsert's insert collides on _id.
      const result = await this.leases.updateOne(
        { _id: name, $expr: { $or: [{ $eq: ["$owner", owner] }, { $lte: ["$expiresAt", "$$NOW"] }] } },
        [{ $set: { owner, expiresAt: { $add: ["$$NOW", ttlMs] } } }],
        { upsert: true, maxTimeMS: LEASE_TIMEOUT_MS },
      );
      return result.matchedCount + result.upsertedCount === 1;
    } catch (error) {
      if (isMongoServerError(error) && error.code === 11000) return false;
      throw error;
    }
  }

  async release(name: string, owner: string): Promise<void> {
    await this.leases.deleteOne({ _id: name, owner }, { maxTimeMS: LEASE_TIMEOUT_MS });
  }
}
