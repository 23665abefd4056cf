import { randomUUID } from "node:crypto";
import type { Db, MongoClient } from "mongodb";
import { afterAll, beforeAll, describe } from "vitest";
import { MONGO_CLIENT_OPTIONS } from "../mongo.js";
import { loadMongoDriver } from "../mongo-driver.js";

/** The databases one test file works in, on the replica set MONGODB_URI names. */
export interface MongoTestDatabases {
  readonly client: MongoClient;
  /** The file's own database. */
  readonly db: Db;
  /** Another empty database, for a test that must not see the others' documents. */
  fresh(): Db;
}

/**
 * Describes tests against MongoDB when MONGODB_URI names a server (CI runs a three-node replica
 * set), and otherwise skips them, saying so: the MongoDB leg is never faked. Every database the
 * file uses has a name of its own (parallel runs and reruns never meet) and is dropped afterwards.
 */
export function describeOnMongo(name: string, body: (mongo: MongoTestDatabases) => void): void {
  const uri = process.env.MONGODB_URI;
  if (!uri) console.info(`${name} skipped: set MONGODB_URI (a replica set) to run it against MongoDB`);
  describe.skipIf(!uri)(name, () => {
    const prefix = `tarmac_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const opened: Db[] = [];
    let client: MongoClient | undefined;
    let db: Db | undefined;
    const connected = () => {
      if (!client) throw new Error("MongoDB is used before the suite connected (use it inside a test or hook)");
      return client;
    };
    const open = () => {
      const next = connected().db(`${prefix}_${opened.length}`);
      opened.push(next);
      return next;
    };

    beforeAll(async () => {
      // The driver as the services load it (their stores take its error classes from there), and
      // their client options (bounded waits, ignoreUndefined), plus command monitoring for plan assertions.
      const { MongoClient } = await loadMongoDriver();
      client = new MongoClient(uri ?? "", { ...MONGO_CLIENT_OPTIONS, monitorCommands: true });
      await client.connect();
      db = open();
    });
    afterAll(async () => {
      for (const each of opened.splice(0)) await each.dropDatabase();
      await client?.close();
    });

    body({
      get client() {
        return connected();
      },
      get db() {
        connected();
        if (!db) throw new Error("MongoDB is used before the suite connected");
        return db;
      },
      fresh: open,
    });
  });
}
