import { openMongo, type Logger } from "@tarmac/kernel";
import type { Db } from "mongodb";
import type { IdempotencyStore } from "./idempotency-store.js";
import { MemoryIdempotencyStore } from "./memory-idempotency-store.js";
import { MongoIdempotencyStore } from "./mongo-idempotency-store.js";

export interface OwnedIdempotencyStore {
  readonly store: IdempotencyStore;
  /** The MongoDB database the store uses, if any: other gateway stores share its client. */
  readonly db?: Db;
  close(): Promise<void>;
}

/**
 * MongoDB when MONGODB_URI is set (the store every gateway replica must share), otherwise memory,
 * which keeps keys for this process only.
 */
export async function openIdempotencyStore(
  config: { readonly mongoUri: string | undefined; readonly mongoDb: string },
  logger: Logger,
): Promise<OwnedIdempotencyStore> {
  if (!config.mongoUri) {
    logger.info("idempotency keys: in memory (MONGODB_URI is not set)");
    const store = new MemoryIdempotencyStore();
    return { store, close: () => store.close() };
  }
  // The kernel's client: bounded server selection and socket waits, a replica set required.
  const opened = await openMongo(config.mongoUri, config.mongoDb, logger, async (db) => {
    const store = new MongoIdempotencyStore(db);
    await store.ensureIndexes();
    return store;
  });
  logger.info({ db: config.mongoDb }, "idempotency keys: MongoDB");
  return { store: opened.value, db: opened.db, close: opened.close };
}
