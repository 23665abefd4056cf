import { MongoOutbox } from "@tarmac/events";
import { MongoClient, type Db } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingStoreContract } from "./booking-store.contract.js";
import { MongoBookingStore } from "./mongo-booking-store.js";

const uri = process.env.MONGODB_URI;
if (!uri) console.info("MongoBookingStore contract skipped: set MONGODB_URI to run it against MongoDB");

describe.skipIf(!uri)("MongoBookingStore", () => {
  const dbName = `tarmac_booking_test_${process.pid}_${Date.now()}`;
  let client: MongoClient;
  let db: Db;
  let run = 0;

  beforeAll(async () => {
    client = new MongoClient(uri!, { serverSelectionTimeoutMS: 5_000 });
    await client.connect();
    db = client.db(dbName);
  });

  afterAll(async () => {
    for (let i = 1; i <= run; i++) await client?.db(`${dbName}_${i}`).dropDatabase();
    await db?.dropDatabase();
    await client?.close();
  });

  // Each test gets fresh collections, so listings and outboxes never see another test's rows.
  bookingStoreContract(async () => {
    run++;
    const scoped = client.db(`${dbName}_${run}`);
    const outbox = new MongoOutbox(scoped, "booking_outbox");
    await outbox.ensureIndexes();
    const store = new MongoBookingStore(scoped, outbox);
    await store.ensureIndexes();
    return { store, outbox };
  });

  it("creates the unique idempotency and PNR indexes and the sweep index", async () => {
    const store = new MongoBookingStore(db, new MongoOutbox(db, "booking_outbox"));
    await store.ensureIndexes();
    const byName = new Map((await db.collection("bookings").indexes()).map((i) => [i.name, i]));
    expect(byName.get("agentId_idempotencyKey")).toMatchObject({ unique: true });
    expect(byName.get("pnr")).toMatchObject({ unique: true, partialFilterExpression: { pnr: { $type: "string" } } });
    expect(byName.get("status_updatedAt")).toMatchObject({ key: { status: 1, updatedAt: 1 } });
  });
});
