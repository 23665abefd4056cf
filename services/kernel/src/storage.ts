import type { Db } from "mongodb";
import type { Logger } from "./logger.js";
import { openMongo } from "./mongo.js";
import type { DependencyProbe } from "./readiness.js";

/** MONGODB_URI (unset: in memory) and MONGODB_DB, as mongoConfig parses them. */
export interface StorageSettings {
  readonly mongoUri: string | undefined;
  readonly mongoDb: string;
}

export interface StorageAdapters<T> {
  /** The embedded default; its `close`, if it has one, stops what it runs (sweep timers). */
  readonly inMemory: () => T & { close?: () => Promise<void> };
  /** Builds the MongoDB adapters and their indexes before the service takes a call. */
  readonly onMongo: (db: Db) => Promise<T>;
}

export interface OpenedStorage<T> {
  readonly value: T;
  /** MongoDB's readiness probe; none in memory. */
  readonly probe?: DependencyProbe;
  readonly close: () => Promise<void>;
}

/**
 * A service's stores: on MongoDB when MONGODB_URI is set, otherwise in memory (the embedded
 * default). `what` names them in the start-up line ("fare locks: MongoDB").
 */
export async function openStorage<T>(
  what: string,
  { mongoUri, mongoDb }: StorageSettings,
  logger: Logger,
  adapters: StorageAdapters<T>,
): Promise<OpenedStorage<T>> {
  if (!mongoUri) {
    logger.info(`${what}: in memory (MONGODB_URI is not set)`);
    const value = adapters.inMemory();
    return { value, close: async () => value.close?.() };
  }
  const mongo = await openMongo(mongoUri, mongoDb, logger, adapters.onMongo);
  logger.info(`${what}: MongoDB`);
  return { value: mongo.value, probe: mongo.probe, close: mongo.close };
}
