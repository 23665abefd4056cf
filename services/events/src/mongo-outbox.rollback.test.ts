import { loadMongoDriver, MONGO_CLIENT_OPTIONS, newId } from "@tarmac/kernel";
import type { Db, MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MongoOutbox } from "./mongo-outbox.js";
import { ids, testEvents } from "./testing/events.js";

/**
 * A write only the primary has (its secondaries stopped replicating, as before a failover that
 * rolls it back) must never be published. Needs a three-node replica set with test commands
 * (MONGODB_FAILOVER_TESTS=1, the users' CI job `mongodb-replica-set`).
 */
const uri = process.env.MONGODB_URI;
const enabled = Boolean(uri) && process.env.MONGODB_FAILOVER_TESTS === "1";
if (!enabled) console.info("outbox rollback test skipped: set MONGODB_URI to a three-node replica set and MONGODB_FAILOVER_TESTS=1");

describe.skipIf(!enabled)("MongoOutbox and writes a failover would roll back", () => {
  let client: MongoClient;
  let db: Db;
  const secondaries: MongoClient[] = [];
  const replication = (mode: "alwaysOn" | "off") =>
    Promise.all(secondaries.map((s) => s.db("admin").command({ configureFailPoint: "stopReplProducer", mode })));

  beforeAll(async () => {
    // Loaded as openMongo loads it: the stores take the driver's error classes from there.
    const { MongoClient } = await loadMongoDriver();
    client = new MongoClient(uri ?? "", { ...MONGO_CLIENT_OPTIONS, serverSelectionTimeoutMS: 30_000 });
    await client.connect();
    db = client.db(`tarmac_rollback_${newId("t").slice(-12)}`);
    const hello = await client.db("admin").command({ hello: 1 });
    for (const host of (hello.hosts as string[]).filter((h) => h !== hello.primary)) {
      const secondary = new MongoClient(`mongodb://${host}/?directConnection=true`, { serverSelectionTimeoutMS: 10_000 });
      await secondary.connect();
      secondaries.push(secondary);
    }
  });
  afterAll(async () => {
    await replication("off").catch(() => undefined);
    for (const secondary of secondaries) await secondary.close();
    await db?.dropDatabase().catch(() => undefined);
    await client?.close();
  });

  it("reads only majority-committed events: one the primary alone holds is not pending until the secondaries have it", async () => {
    const outbox = new MongoOutbox(db, "booking_outbox");
    await outbox.ensureIndexes();
    const [committed, primaryOnly] = testEvents(2);
    const doc = (e: typeof committed) => ({
      _id: e!.id,
      type: e!.type,
      agentId: e!.agentId,
      createdAt: e!.createdAt,
      data: e!.data,
      publishedAt: null,
    });
    await db.collection("booking_outbox").insertOne(doc(committed) as never, { writeConcern: { w: "majority" } });
    await replication("alwaysOn");
    try {
      await db.collection("booking_outbox").insertOne(doc(primaryOnly) as never, { writeConcern: { w: 1 } });
      // A `local` read (the client's default, as countDocuments below) sees it now, and a failover
      // could then roll it back after it was published.
      expect(ids(await outbox.pending(10))).toEqual([committed!.id]);
      expect(await db.collection("booking_outbox").countDocuments({})).toBe(2);
    } finally {
      await replication("off");
    }
    await vi.waitFor(async () => expect(ids(await outbox.pending(10))).toEqual([committed!.id, primaryOnly!.id]), {
      timeout: 20_000,
      interval: 200,
    });
  }, 60_000);
});
