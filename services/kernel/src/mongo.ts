import type { Db, MongoClient, MongoClientOptions } from "mongodb";
import type { Logger } from "./logger.js";
import { loadMongoDriver } from "./mongo-driver.js";
import type { DependencyProbe } from "./readiness.js";

/**
 * Every pod's client. Bounded waits: a request must fail within its deadline rather than wait the
 * driver's 30 s for a primary (an election takes ~10 s; 5 s covers most, and the caller retries
 * UNAVAILABLE) or for ever on a silent socket. A small pool: a fleet of pods times six services
 * times the default 100 would exhaust a replica set's connections. With all of its connections
 * busy, an operation waits for one at most waitQueueTimeoutMS (the driver's default, 0, waits
 * without end) and then fails with a retryable error (mongo-errors.ts): the caller retries,
 * perhaps on a less busy pod. Transactions are bounded by runTransaction, not by these. Not
 * timeoutMS: the driver documents it as experimental, and it would override every bound here.
 * These win over the same options in MONGODB_URI (the driver prefers the options object).
 */
export const MONGO_CLIENT_OPTIONS: MongoClientOptions = {
  serverSelectionTimeoutMS: 5_000,
  connectTimeoutMS: 5_000,
  socketTimeoutMS: 30_000,
  maxPoolSize: 20,
  waitQueueTimeoutMS: 2_000,
  retryWrites: true,
  retryReads: true,
  // An absent optional field is absent in the document, as in the memory stores: stored as null it
  // would fail `$exists: false` filters and show up where "not set" was meant.
  ignoreUndefined: true,
};

/**
 * Refuses a standalone server: the stores need transactions and majority reads, which only a
 * replica set (or a sharded cluster) gives. Without this the first booking would fail, not the start.
 */
async function requireReplicaSet(client: MongoClient): Promise<void> {
  const hello = await client.db("admin").command({ hello: 1 });
  if (typeof hello.setName === "string" || hello.msg === "isdbgrid") return;
  throw new Error("MONGODB_URI names a standalone MongoDB server: Tarmac needs a replica set (transactions, majority reads)");
}

/** A replica set elects a new primary in about 10 s; readiness ignores a MongoDB outage this short. */
export const MONGO_ELECTION_TOLERANCE_MS = 15_000;

/** How long the readiness ping may take before MongoDB counts as unreachable. */
export const MONGO_PING_TIMEOUT_MS = 1_000;

export interface OpenedMongo<T> {
  /** What `prepare` built (usually the store). */
  readonly value: T;
  readonly db: Db;
  /** For the service host's readiness: a `ping` answered within MONGO_PING_TIMEOUT_MS. */
  readonly probe: DependencyProbe;
  readonly close: () => Promise<void>;
}

/**
 * Connects to MONGODB_URI's database and prepares what a service needs there (indexes, stores).
 * A failure at any step closes the client, so a service that cannot start leaks no connections.
 * MongoDB must be reachable at start (the driver waits up to its server selection timeout, 30 s,
 * then this rejects and the process exits for its supervisor to restart it): the indexes are in
 * place before the service takes a call. Later outages only make the service NOT_SERVING (`probe`).
 */
export async function openMongo<T>(uri: string, dbName: string, logger: Logger, prepare: (db: Db) => Promise<T>): Promise<OpenedMongo<T>> {
  const { MongoClient } = await loadMongoDriver();
  const client = new MongoClient(uri, MONGO_CLIENT_OPTIONS);
  try {
    await client.connect();
    await requireReplicaSet(client);
    const db = client.db(dbName);
    const value = await prepare(db);
    logger.info({ db: dbName }, "MongoDB connected");
    return { value, db, probe: mongoProbe(db), close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/**
 * `ping` on the database, aborted after `timeoutMs`: it fails while no server can be selected
 * (MongoDB down or unreachable) without waiting for the driver's 30 s server selection timeout.
 */
export function mongoProbe(db: Db, timeoutMs: number = MONGO_PING_TIMEOUT_MS): DependencyProbe {
  return {
    name: "mongodb",
    // An election: the stores retry through it, so the pods stay in their Services meanwhile.
    toleratedOutageMs: MONGO_ELECTION_TOLERANCE_MS,
    async check() {
      await db.command({ ping: 1 }, { signal: AbortSignal.timeout(timeoutMs) });
      return true;
    },
  };
}
