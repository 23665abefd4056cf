import { MongoClient, type Db } from "mongodb";
import type { Logger } from "./logger.js";

export interface OpenedMongo<T> {
  /** What `prepare` built (usually the store). */
  readonly value: T;
  readonly db: Db;
  close(): Promise<void>;
}

/**
 * Connects to MONGODB_URI's database and prepares what a service needs there (indexes, stores).
 * A failure at any step closes the client, so a service that cannot start leaks no connections.
 */
export async function openMongo<T>(
  uri: string,
  dbName: string,
  logger: Logger,
  prepare: (db: Db) => Promise<T>,
): Promise<OpenedMongo<T>> {
  const client = new MongoClient(uri);
  try {
    await client.connect();
    const db = client.db(dbName);
    const value = await prepare(db);
    logger.info({ db: dbName }, "MongoDB connected");
    return { value, db, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
