import { describeOnMongo, findsDuring, planOf } from "@tarmac/kernel/testing";
import { beforeAll, expect, it } from "vitest";
import { MongoOutbox, PUBLISHED_RETENTION_SECONDS } from "./mongo-outbox.js";
import { outboxContract } from "./outbox.contract.js";
import type { OutboxEvent } from "./outbox-event.js";
import { testEvents } from "./testing/events.js";

describeOnMongo("MongoOutbox", (mongo) => {
  let seq = 0;

  beforeAll(async () => {
    // The stand-in for a booking or wallet change; created up front, like every store's collections.
    await mongo.db.createCollection("changes");
  });

  /** Appends as a booking or wallet store does: inside the transaction of its own change. */
  const inTransaction = async (outbox: MongoOutbox, events: readonly OutboxEvent[], abort = false) => {
    const session = mongo.client.startSession();
    try {
      await session.withTransaction(async () => {
        await mongo.db.collection("changes").insertOne({ events: events.length }, { session });
        await outbox.append(events, session);
        if (abort) await session.abortTransaction();
      });
    } finally {
      await session.endSession();
    }
  };

  const openOutbox = async () => {
    const outbox = new MongoOutbox(mongo.db, `outbox_${++seq}`);
    await outbox.ensureIndexes();
    return outbox;
  };

  outboxContract(
    async () => {
      const outbox = await openOutbox();
      return {
        outbox,
        append: (events) => inTransaction(outbox, events),
        appendAborted: (events) => inTransaction(outbox, events, true),
      };
    },
    { transactions: true },
  );

  it("creates the pending and TTL indexes, replacing the pending index of earlier releases", async () => {
    await mongo.db
      .collection("booking_outbox")
      .createIndexes([{ key: { publishedAt: 1, createdAt: 1, _id: 1 }, name: "publishedAt_createdAt_id" }]);
    const outbox = new MongoOutbox(mongo.db, "booking_outbox");
    await outbox.ensureIndexes();
    await outbox.ensureIndexes();
    const byName = new Map((await mongo.db.collection("booking_outbox").indexes()).map((i) => [i.name, i]));
    expect(byName.has("publishedAt_createdAt_id")).toBe(false);
    expect(byName.get("publishedAt_parkedAt_createdAt_id")).toMatchObject({ key: { publishedAt: 1, parkedAt: 1, createdAt: 1, _id: 1 } });
    expect(byName.get("publishedAt_ttl")).toMatchObject({
      key: { publishedAt: 1 },
      expireAfterSeconds: PUBLISHED_RETENTION_SECONDS,
    });
  });

  it("reads pending events majority-committed, through its index, without an in-memory sort", async () => {
    const outbox = await openOutbox();
    await inTransaction(outbox, testEvents(30));
    const finds = await findsDuring(mongo.client, () => outbox.pending(10));
    expect(finds).toHaveLength(1);
    // After a failover with rollback, a `local` read could publish an event whose change never committed.
    expect(finds[0]!.readConcern).toEqual({ level: "majority" });
    const plan = await planOf(mongo.db, finds[0]!);
    expect(plan.stages).not.toContain("COLLSCAN");
    expect(plan.stages).not.toContain("SORT");
  });

  it("refuses to append outside a transaction", async () => {
    const outbox = await openOutbox();
    const session = mongo.client.startSession();
    try {
      await expect(outbox.append(testEvents(1), session)).rejects.toThrow(/inside a transaction/);
    } finally {
      await session.endSession();
    }
    expect((await outbox.backlog()).pending).toBe(0);
  });

  it("wakes onAppend listeners on notify()", async () => {
    const outbox = await openOutbox();
    let calls = 0;
    outbox.onAppend(() => calls++);
    await inTransaction(outbox, testEvents(1));
    await Promise.resolve();
    expect(calls).toBe(0);
    outbox.notify();
    await Promise.resolve();
    expect(calls).toBe(1);
  });
});
