import type { Logger } from "@tarmac/kernel";
import type { Db } from "mongodb";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import { MongoRateLimitStore } from "./mongo-rate-limit-store.js";
import type { RateLimitStore } from "./rate-limit-store.js";

/**
 * MongoDB when the gateway has a database (MONGODB_URI set: counters every replica shares, on the
 * client the idempotency store opened), otherwise memory, which counts for this process only.
 * Nothing to close: the MongoDB client belongs to whoever opened `db`.
 */
export async function openRateLimitStore(db: Db | undefined, logger: Logger): Promise<RateLimitStore> {
  if (!db) {
    logger.info("rate limits: counted in memory (MONGODB_URI is not set)");
    return new MemoryRateLimitStore();
  }
  const store = new MongoRateLimitStore(db, { logger });
  await store.ensureIndexes();
  logger.info({ db: db.databaseName }, "rate limits: counted in MongoDB");
  return store;
}
