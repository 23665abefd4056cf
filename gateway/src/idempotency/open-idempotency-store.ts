import type { Logger } from "@tarmac/kernel";
import { type Db, MongoClient } from "mongodb";
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
  const client = new MongoClient(config.mongoUri);
  await client.connect();
  try {
    const db = client.db(config.mongoDb);
    const store = new MongoIdempotencyStore(db);
    await store.ensureIndexes();
    logger.info({ db: config.mongoDb }, "idempotency keys: MongoDB");
    return { store, db, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}
