import { describeOnMongo } from "@tarmac/kernel/testing";
import { MongoOutbox } from "@tarmac/events";
import { expect, it } from "vitest";
import { bookingStoreContract } from "./booking-store.contract.js";
import { MongoBookingStore } from "./mongo-booking-store.js";

describeOnMongo("MongoBookingStore", (mongo) => {
  // Each test gets fresh collections, so listings and outboxes never see another test's rows.
  bookingStoreContract(async () => {
    const scoped = mongo.fresh();
    const outbox = new MongoOutbox(scoped, "booking_outbox");
    await outbox.ensureIndexes();
    const store = new MongoBookingStore(scoped, outbox);
    await store.ensureIndexes();
    return { store, outbox };
  });

  it("creates the unique idempotency and PNR indexes and the sweep index", async () => {
    const store = new MongoBookingStore(mongo.db, new MongoOutbox(mongo.db, "booking_outbox"));
    await store.ensureIndexes();
    const byName = new Map((await mongo.db.collection("bookings").indexes()).map((i) => [i.name, i]));
    expect(byName.get("agentId_idempotencyKey")).toMatchObject({ unique: true });
    expect(byName.get("pnr")).toMatchObject({ unique: true, partialFilterExpression: { pnr: { $type: "string" } } });
    expect(byName.get("status_updatedAt")).toMatchObject({ key: { status: 1, updatedAt: 1 } });
  });
});
