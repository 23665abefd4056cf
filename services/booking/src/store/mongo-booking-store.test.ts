import { describeOnMongo, findsDuring, planOf } from "@tarmac/kernel/testing";
import { MongoOutbox } from "@tarmac/events";
import { expect, it } from "vitest";
import { agencyDirectoryContract } from "./agency-directory.contract.js";
import { bookingStoreLookupsContract } from "./booking-store-lookups.contract.js";
import { bookingStoreRefundsContract } from "./booking-store-refunds.contract.js";
import { bookingStoreContract } from "./booking-store.contract.js";
import { MongoBookingStore } from "./mongo-booking-store.js";
import { bookingFixture } from "../testing/booking-fixture.js";

describeOnMongo("MongoBookingStore", (mongo) => {
  // Each test gets fresh collections, so listings and outboxes never see another test's rows.
  const open = async () => {
    const scoped = mongo.fresh();
    const outbox = new MongoOutbox(scoped, "booking_outbox");
    await outbox.ensureIndexes();
    const store = new MongoBookingStore(scoped, outbox);
    await store.ensureIndexes();
    return { store, outbox };
  };
  bookingStoreContract(open);
  bookingStoreLookupsContract(open);
  bookingStoreRefundsContract(open);
  agencyDirectoryContract(open);

  it("creates the unique idempotency index, the agent's PNR index (not unique) and the sweep index, dropping the old unique PNR index", async () => {
    const db = mongo.fresh();
    await db
      .collection("bookings")
      .createIndexes([{ key: { pnr: 1 }, name: "pnr", unique: true, partialFilterExpression: { pnr: { $type: "string" } } }]);
    const store = new MongoBookingStore(db, new MongoOutbox(db, "booking_outbox"));
    await store.ensureIndexes();
    await store.ensureIndexes();
    const byName = new Map((await db.collection("bookings").indexes()).map((i) => [i.name, i]));
    expect(byName.get("agentId_idempotencyKey")).toMatchObject({ unique: true });
    expect(byName.has("pnr")).toBe(false);
    expect(byName.get("agentId_pnr_createdAt")).toMatchObject({ partialFilterExpression: { pnr: { $type: "string" } } });
    expect(byName.get("agentId_pnr_createdAt")?.unique).toBeUndefined();
    expect(byName.get("status_dueAt_id")).toMatchObject({ key: { status: 1, dueAt: 1, _id: 1 } });
    expect(byName.get("agentId_createdAt_id")).toMatchObject({ key: { agentId: 1, createdAt: -1, _id: -1 } });
    expect(byName.get("agentId_confirmationKey")).toMatchObject({
      partialFilterExpression: { "confirmations.idempotencyKey": { $type: "string" } },
    });
    expect(byName.get("agentId_holdTicketingKey")).toMatchObject({
      key: { agentId: 1, "hold.ticketing.idempotencyKey": 1 },
      partialFilterExpression: { "hold.ticketing.idempotencyKey": { $type: "string" } },
    });
    expect(byName.has("agentId_createdAt")).toBe(false);
  });

  it("lists an agent's bookings and finds a confirm's key through indexes, without a collection scan or an in-memory sort", async () => {
    const db = mongo.fresh();
    const outbox = new MongoOutbox(db, "booking_outbox");
    await outbox.ensureIndexes();
    const store = new MongoBookingStore(db, outbox);
    await store.ensureIndexes();
    for (let i = 0; i < 20; i++) {
      const at = new Date(Date.parse("2026-11-22T06:00:00Z") + (i % 5) * 60_000);
      await store.create(bookingFixture({ createdAt: at, status: i % 2 === 0 ? "PENDING" : "BOOKED" }), []);
    }
    const after = { createdAt: new Date("2026-11-22T06:02:00Z"), bookingId: "bkg_zzz" };
    const finds = [
      ...(await findsDuring(mongo.client, () => store.list({ agentId: "agt_one", limit: 5 }))),
      ...(await findsDuring(mongo.client, () => store.list({ agentId: "agt_one", limit: 5, after, createdFrom: new Date(0) }))),
      ...(await findsDuring(mongo.client, () => store.list({ agentId: "agt_one", status: "BOOKED", limit: 5, after }))),
      ...(await findsDuring(mongo.client, () => store.findByConfirmationKey("agt_one", "c-1"))),
    ];
    expect(finds.length).toBeGreaterThanOrEqual(5);
    for (const find of finds) {
      const plan = await planOf(db, find);
      expect(plan.stages, JSON.stringify(find.filter)).not.toContain("COLLSCAN");
      expect(plan.stages, JSON.stringify(find.filter)).not.toContain("SORT");
    }
  });

  it("finds by PNR and claims due bookings (BOOKED, HELD) through indexes, without a collection scan or an in-memory sort", async () => {
    const db = mongo.fresh();
    const outbox = new MongoOutbox(db, "booking_outbox");
    await outbox.ensureIndexes();
    const store = new MongoBookingStore(db, outbox);
    await store.ensureIndexes();
    for (let i = 0; i < 20; i++) {
      const booking = bookingFixture();
      await store.create(booking, []);
      await store.update({ ...booking, version: booking.version + 1, status: "BOOKED", pnr: `PNR${String(i).padStart(3, "0")}` }, []);
    }
    const hold = {
      ticketTimeLimit: new Date("2026-11-25T06:00:00Z"),
      priceGuaranteedUntil: new Date(0),
      warnAt: new Date(0),
      warned: false,
    };
    for (let i = 0; i < 5; i++) await store.create(bookingFixture({ status: "HELD", payment: "HOLD", hold }), []);
    const finds = [
      ...(await findsDuring(mongo.client, () => store.findByPnr("agt_one", "PNR007"))),
      ...(await findsDuring(mongo.client, () =>
        store.claimDue("HELD", new Date("2030-01-01"), 5, { now: new Date(), retryAfterMs: () => 1_000 }),
      )),
      ...(await findsDuring(mongo.client, () =>
        store.claimDue("BOOKED", new Date("2030-01-01"), 5, { now: new Date(), retryAfterMs: () => 1_000 }),
      )),
    ];
    expect(finds.length).toBeGreaterThan(0);
    for (const find of finds) {
      const plan = await planOf(db, find);
      expect(plan.stages, JSON.stringify(find.filter)).not.toContain("COLLSCAN");
      expect(plan.stages, JSON.stringify(find.filter)).not.toContain("SORT");
    }
    expect((await planOf(db, finds[0]!)).indexes).toEqual(["agentId_pnr_createdAt"]);
  });
});
