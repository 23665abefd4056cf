import { LeaseHolder, MONGO_CLIENT_OPTIONS, MongoLeaseStore, systemClock } from "@tarmac/kernel";
import { describeOnMongo, silentLogger } from "@tarmac/kernel/testing";
import { MongoClient } from "mongodb";
import { afterAll, expect, it } from "vitest";
import { MongoOutbox } from "./mongo-outbox.js";
import { OutboxRelay } from "./outbox-relay.js";
import { drained } from "./testing/drained.js";
import { ids, testEvents } from "./testing/events.js";
import { ScriptedPublisher } from "./testing/scripted-publisher.js";

/**
 * Two replicas of a service (each its own MongoDB client, as two pods have) relay one outbox while
 * its rows are being written: every row is published once, in order, also across a handover when
 * the lease holder stops. The memory leg of the same rule is outbox-relay.lease.test.ts.
 */
describeOnMongo("two pods' relays on one MongoDB outbox", (mongo) => {
  const clients: MongoClient[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  it("publish each row once, in outbox order, while rows are written and the lease changes hands", async () => {
    const publisher = new ScriptedPublisher();
    const pod = async (owner: string) => {
      const client = new MongoClient(process.env.MONGODB_URI ?? "", MONGO_CLIENT_OPTIONS);
      clients.push(client);
      const db = client.db(mongo.db.databaseName);
      const outbox = new MongoOutbox(db, "booking_outbox");
      await outbox.ensureIndexes();
      const lease = new LeaseHolder(new MongoLeaseStore(db), "outbox-relay:booking", systemClock, 2_000, owner);
      const relay = new OutboxRelay({ outbox, publisher, logger: silentLogger(), pollIntervalMs: 20, lease });
      relay.start();
      return { relay };
    };
    const a = await pod("pod-a");
    const b = await pod("pod-b");
    const events = testEvents(200);
    // The rows' writer: a store in any pod, appending in its change's transaction (its own client's session).
    const writer = new MongoOutbox(mongo.db, "booking_outbox");
    const write = async (from: number, to: number) => {
      for (let i = from; i < to; i += 10) {
        const session = mongo.client.startSession();
        try {
          await session.withTransaction(() => writer.append(events.slice(i, i + 10), session));
        } finally {
          await session.endSession();
        }
      }
    };
    await write(0, 100);
    await drained(a.relay, 20_000);
    await a.relay.stop();
    await write(100, 200);
    await drained(b.relay, 20_000);
    await b.relay.stop();
    expect(ids(publisher.delivered)).toEqual(ids(events));
    expect(publisher.attempts).toHaveLength(200);
  }, 60_000);
});
