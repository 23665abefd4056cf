import { newId } from "@tarmac/kernel";
import { describeOnMongo, findsDuring, planOf } from "@tarmac/kernel/testing";
import { MongoBulkWriteError, MongoServerError, type CommandStartedEvent, type Document } from "mongodb";
import { expect, it } from "vitest";
import type { Delivery } from "../domain/delivery.js";
import { deliveryFixture, endpointFixture, eventFixture } from "../testing/fixtures.js";
import { EVENT_RETENTION_SECONDS, MongoWebhookStore, WEBHOOK_COLLECTIONS } from "./mongo-webhook-store.js";
import { webhookStoreContract } from "./webhook-store.contract.js";

describeOnMongo("MongoWebhookStore", (mongo) => {
  // A database of its own per test: claimDue and backlog see every delivery in the collection.
  // The contract's fixtures are dated 2026-11-25: once that is more than EVENT_RETENTION_SECONDS
  // ago, the TTL monitor (a pass a minute) may reap an event between a test's write and its read,
  // a window of milliseconds. The tests below date their documents now.
  webhookStoreContract(() => MongoWebhookStore.open(mongo.fresh()));

  /** A store on a database of its own, with `count` deliveries of one agency due now. */
  const withDue = async (count: number) => {
    const db = mongo.fresh();
    const store = await MongoWebhookStore.open(db);
    const now = new Date();
    const agentId = newId("agt");
    const endpoint = endpointFixture(agentId, {}, now);
    const made: Delivery[] = [];
    for (let i = 0; i < count; i++) {
      const event = eventFixture(agentId, "booking.booked", new Date(now.getTime() - (count - i) * 1_000));
      const delivery = deliveryFixture(event, endpoint);
      made.push(delivery);
      await store.recordEvent(event, [delivery]);
    }
    return { db, store, now, agentId, endpoint, made };
  };

  const commandsDuring = async (names: readonly string[], action: () => Promise<unknown>) => {
    const seen: CommandStartedEvent[] = [];
    const listener = (event: CommandStartedEvent) => {
      if (names.includes(event.commandName)) seen.push(event);
    };
    mongo.client.on("commandStarted", listener);
    try {
      await action();
    } finally {
      mongo.client.off("commandStarted", listener);
    }
    return seen;
  };

  it("starts a second time without collMod (a readWrite user lacks it), also when replicas start at once", async () => {
    const db = mongo.fresh();
    await Promise.all([MongoWebhookStore.open(db), MongoWebhookStore.open(db)]);
    const started = await commandsDuring(["collMod"], () => MongoWebhookStore.open(db));
    expect(started).toEqual([]);
    for (const name of Object.values(WEBHOOK_COLLECTIONS)) {
      const [info] = await db.listCollections({ name }).toArray();
      expect((info as { options?: Document } | undefined)?.options, name).toMatchObject({
        validationLevel: "strict",
        validationAction: "error",
      });
    }
  });

  it("creates the indexes, partial where only PENDING deliveries are read, and the events' TTL", async () => {
    const db = mongo.fresh();
    await MongoWebhookStore.open(db);
    const byName = async (collection: string) => new Map((await db.collection(collection).indexes()).map((i) => [i.name, i]));
    const endpoints = await byName(WEBHOOK_COLLECTIONS.endpoints);
    expect(endpoints.get("agentId_createdAt_id")).toMatchObject({ key: { agentId: 1, createdAt: 1, _id: 1 } });
    expect(endpoints.get("agentId_enabled_eventTypes")).toMatchObject({ key: { agentId: 1, enabled: 1, eventTypes: 1 } });
    const events = await byName(WEBHOOK_COLLECTIONS.events);
    expect(events.get("createdAt_ttl")).toMatchObject({ key: { createdAt: 1 }, expireAfterSeconds: EVENT_RETENTION_SECONDS });
    const deliveries = await byName(WEBHOOK_COLLECTIONS.deliveries);
    expect(deliveries.get("dedupeKey_unique")).toMatchObject({ key: { dedupeKey: 1 }, unique: true });
    expect(deliveries.get("agentId_endpointId_createdAt_id")).toMatchObject({ key: { agentId: 1, endpointId: 1, createdAt: -1, _id: -1 } });
    expect(deliveries.get("status_nextAttemptAt_id_pending")).toMatchObject({
      key: { status: 1, nextAttemptAt: 1, _id: 1 },
      partialFilterExpression: { status: "PENDING" },
    });
    expect(deliveries.get("status_createdAt_pending")).toMatchObject({
      key: { status: 1, createdAt: 1 },
      partialFilterExpression: { status: "PENDING" },
    });
    expect(deliveries.get("endpointId_eventId")).toMatchObject({ key: { endpointId: 1, eventId: 1 } });
  });

  it("stores dates as BSON dates, and an absent optional field (a released claim) as absent, never null", async () => {
    const { db, store, now, endpoint, made } = await withDue(1);
    const delivery = made[0]!;
    await store.createEndpoint(endpoint);
    const [claimed] = await store.claimDue(now, 1, "pod-a", 30_000, []);
    expect(claimed?.claimedUntil).toBeInstanceOf(Date);
    const attempt = { at: now, statusCode: 500, error: "HTTP 500", responseBody: "", durationMs: 7.5 };
    expect(
      await store.recordAttempt(delivery.id, "pod-a", attempt, { status: "PENDING", nextAttemptAt: new Date(now.getTime() + 30_000) }),
    ).toBe(true);
    const deliveries = db.collection(WEBHOOK_COLLECTIONS.deliveries);
    expect(
      await deliveries.countDocuments({
        _id: delivery.id as never,
        createdAt: { $type: "date" },
        nextAttemptAt: { $type: "date" },
        "attempts.at": { $type: "date" },
        claimedBy: { $exists: false },
        claimedUntil: { $exists: false },
      }),
    ).toBe(1);
    expect(
      await db.collection(WEBHOOK_COLLECTIONS.events).countDocuments({ _id: delivery.eventId as never, createdAt: { $type: "date" } }),
    ).toBe(1);
    const stored = await db.collection(WEBHOOK_COLLECTIONS.endpoints).findOne({ _id: endpoint.id as never });
    expect(stored).not.toHaveProperty("disabledReason");
    expect(stored).not.toHaveProperty("failingSince");
    expect(stored?.createdAt).toBeInstanceOf(Date);
  });

  it("has the server refuse a malformed delivery, and recordEvent throws that rather than take it for a duplicate", async () => {
    const { db, store, agentId, endpoint } = await withDue(0);
    const error = await db
      .collection(WEBHOOK_COLLECTIONS.deliveries)
      .insertOne({ _id: newId("whd") as never, agentId, status: "PENDING" })
      .catch((e: unknown) => e);
    expect((error as MongoServerError).code).toBe(121); // DocumentValidationFailure
    const event = eventFixture(agentId, "booking.booked", new Date());
    const bad = { ...deliveryFixture(event, endpoint), status: "SENT" } as unknown as Delivery;
    const thrown = await store.recordEvent(event, [bad, deliveryFixture(eventFixture(agentId), endpoint)]).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(MongoBulkWriteError);
    // Unordered: the valid delivery is in anyway.
    expect(await store.listDeliveries(agentId, endpoint.id, 10)).toHaveLength(1);
  });

  it("records a replayed call (the same delivery ids) and a redelivered message (new ids) once, without an error", async () => {
    const { store, agentId, endpoint } = await withDue(0);
    const event = eventFixture(agentId, "booking.booked", new Date());
    const other = endpointFixture(agentId);
    const deliveries = [deliveryFixture(event, endpoint), deliveryFixture(event, other)];
    await store.recordEvent(event, deliveries);
    await store.recordEvent(event, deliveries);
    await store.recordEvent(event, [deliveryFixture(event, endpoint), deliveryFixture(event, other)]);
    expect(await store.listDeliveries(agentId, endpoint.id, 10)).toEqual([deliveries[0]]);
    expect(await store.listDeliveries(agentId, other.id, 10)).toEqual([deliveries[1]]);
  });

  it("gives each due delivery to one of several replicas claiming at once", async () => {
    const { db, now, made } = await withDue(40);
    const pods = await Promise.all(["pod-a", "pod-b", "pod-c"].map(async (owner) => ({ owner, store: await MongoWebhookStore.open(db) })));
    const claims = await Promise.all(pods.map(({ owner, store }) => store.claimDue(now, 20, owner, 30_000, [])));
    const ids = claims.flat().map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(made.map((d) => d.id).sort());
    // Each claimed delivery is stamped with its claimer.
    for (const [i, { owner }] of pods.entries()) for (const d of claims[i]!) expect(d.claimedBy).toBe(owner);
    expect(await pods[0]!.store.claimDue(now, 20, "pod-a", 30_000, [])).toEqual([]);
  });

  it("answers its reads from their indexes, without a collection scan or an in-memory sort", async () => {
    const { db, store, now, agentId, endpoint, made } = await withDue(30);
    await store.createEndpoint(endpoint);
    // Endpoints the subscription does not match, so its index is clearly the better plan.
    for (let i = 0; i < 5; i++) await store.createEndpoint(endpointFixture(agentId, { eventTypes: ["wallet.debited"] }, now));
    const expectPlan = async (find: Document, index: string) => {
      const plan = await planOf(db, find);
      expect(plan.indexes, JSON.stringify(find)).toEqual([index]);
      expect(plan.stages).not.toContain("SORT");
      expect(plan.stages).not.toContain("COLLSCAN");
    };
    const last = made[10]!;
    const [listing] = await findsDuring(mongo.client, () =>
      store.listDeliveries(agentId, endpoint.id, 5, { createdAt: last.createdAt, id: last.id }),
    );
    expect(listing?.readConcern).toMatchObject({ level: "majority" });
    await expectPlan(listing!, "agentId_endpointId_createdAt_id");
    const [endpoints] = await findsDuring(mongo.client, () => store.listEndpoints(agentId));
    await expectPlan(endpoints!, "agentId_createdAt_id");
    const [subscribed] = await findsDuring(mongo.client, () => store.subscribedEndpoints(agentId, "booking.booked"));
    await expectPlan(subscribed!, "agentId_enabled_eventTypes");
    const [had] = await findsDuring(mongo.client, () => store.hadDelivery(agentId, endpoint.id, last.eventId));
    await expectPlan(had!, "endpointId_eventId");
    const backlogFinds = await findsDuring(mongo.client, () => store.backlog());
    await expectPlan(backlogFinds[0]!, "status_createdAt_pending");
    // claimDue's findAndModify, explained as the find it runs.
    const [claim] = await commandsDuring(["findAndModify"], () => store.claimDue(now, 1, "pod-a", 30_000, [newId("whe")]));
    const { findAndModify, query, sort, hint } = claim!.command;
    await expectPlan({ find: findAndModify, filter: query, sort, hint, limit: 1 }, "status_nextAttemptAt_id_pending");
    expect(claim!.command.writeConcern).toMatchObject({ w: "majority" });
    expect(claim!.command.maxTimeMS).toBeGreaterThan(0);
  });
});
