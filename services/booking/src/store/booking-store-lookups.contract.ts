import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { OpenedBookingStore } from "./booking-store.contract.js";

const t = (m: number) => new Date(Date.parse("2026-11-22T06:00:00Z") + m * 60_000);
const confirmation = (idempotencyKey: string) => ({
  idempotencyKey,
  fingerprint: "f".repeat(64),
  confirmedAt: t(1),
  answer: { kind: "CANCELLATION" as const, airlinePenaltyPaise: 1, otaFeePaise: 2, refundAmountPaise: 3 },
});

/** What every BookingStore adapter must do for the agent's lookups: by key, by confirm key, and its list. */
export function bookingStoreLookupsContract(open: () => Promise<OpenedBookingStore>): void {
  describe("BookingStore contract: an agent's lookups", () => {
    it("finds the agent's booking by its idempotency key, with its request fingerprint", async () => {
      const { store } = await open();
      const booking = bookingFixture({ requestFingerprint: "a".repeat(64) });
      await store.create(booking, []);
      expect(await store.findByIdempotencyKey(booking.agentId, booking.idempotencyKey)).toEqual(booking);
      expect(await store.findByIdempotencyKey("agt_two", booking.idempotencyKey)).toBeUndefined();
      expect(await store.findByIdempotencyKey(booking.agentId, "other")).toBeUndefined();
    });

    it("finds the agent's booking holding a confirm, done or running, under a key", async () => {
      const { store } = await open();
      const done = bookingFixture({ confirmations: [confirmation("c-1"), confirmation("c-2")] });
      const running = bookingFixture({ pendingReschedule: { quoteId: "rq_1", startedAt: t(2), idempotencyKey: "c-3", fingerprint: "x" } });
      const plain = bookingFixture();
      for (const b of [done, running, plain]) await store.create(b, []);
      expect(await store.findByConfirmationKey(done.agentId, "c-2")).toEqual(done);
      expect(await store.findByConfirmationKey(done.agentId, "c-3")).toEqual(running);
      expect(await store.findByConfirmationKey("agt_two", "c-1")).toBeUndefined();
      expect(await store.findByConfirmationKey(done.agentId, "c-9")).toBeUndefined();
    });

    it("finds the agent's booking with an addition of baggage and meals running under a key, and reads it back whole", async () => {
      const { store } = await open();
      const item = {
        paxId: "ADT1",
        segmentIndex: 0,
        kind: "MEAL" as const,
        code: "VGML",
        description: "Vegetarian meal",
        quantity: 1,
        unitPricePaise: 40_000,
        pricePaise: 40_000,
        weightKg: 0,
        ancillaryId: "MEAL-0-VGML",
        ancillaryToken: "tok",
        source: "ADDED" as const,
        emdNumber: "0988123456789",
        addedAt: t(3),
        additionId: "add_1",
      };
      const pendingAddition = {
        additionId: "add_1",
        startedAt: t(3),
        items: [item],
        totalPaise: 40_000,
        idempotencyKey: "a-1",
        fingerprint: "z",
      };
      const adding = bookingFixture({ status: "TICKETED", pendingAddition });
      await store.create(adding, []);
      expect(await store.findByConfirmationKey(adding.agentId, "a-1")).toEqual(adding);
      const { pendingAddition: _mark, ...rest } = adding;
      const added = { ...rest, extras: [item], version: adding.version + 1 };
      expect(await store.update(added, [])).toBe(true);
      expect(await store.get(adding.bookingId)).toEqual(added);
      expect(await store.findByConfirmationKey(adding.agentId, "a-1")).toBeUndefined();
    });

    it("finds the agent's held booking whose ticketing runs under a key, and keeps its hold intact", async () => {
      const { store } = await open();
      const hold = { ticketTimeLimit: t(600), priceGuaranteedUntil: t(60), warnAt: t(480), warned: false };
      const ticketing = {
        startedAt: t(5),
        walletReference: "bkg_x:ticket:1",
        baseFare: 1,
        taxes: 2,
        pricing: bookingFixture().pricing,
        totalPricePaise: 3,
        debitPaise: 4,
        idempotencyKey: "t-1",
        fingerprint: "y",
      };
      const running = bookingFixture({ status: "HELD", payment: "HOLD", hold: { ...hold, ticketing } });
      const idle = bookingFixture({ status: "HELD", payment: "HOLD", hold });
      for (const b of [running, idle]) await store.create(b, []);
      expect(await store.findByConfirmationKey(running.agentId, "t-1")).toEqual(running);
      expect(await store.findByConfirmationKey("agt_two", "t-1")).toBeUndefined();
      expect(await store.get(idle.bookingId)).toEqual(idle);
    });

    it("lists an agent's bookings newest first, by status and created range, a page after a position", async () => {
      const { store } = await open();
      const ids = ["bkg_01A", "bkg_01B", "bkg_01C", "bkg_01D", "bkg_01E"];
      const bookings = [
        bookingFixture({ bookingId: ids[0], createdAt: t(1) }),
        bookingFixture({ bookingId: ids[1], createdAt: t(2), status: "BOOKED" }),
        // Two at the same instant: the greater id first.
        bookingFixture({ bookingId: ids[2], createdAt: t(3) }),
        bookingFixture({ bookingId: ids[3], createdAt: t(3), status: "BOOKED" }),
        bookingFixture({ bookingId: ids[4], createdAt: t(4) }),
        bookingFixture({ agentId: "agt_two", createdAt: t(5) }),
      ];
      for (const b of bookings) await store.create(b, []);
      const list = async (query: object) => (await store.list({ agentId: "agt_one", limit: 10, ...query })).map((b) => b.bookingId);
      expect(await list({})).toEqual(["bkg_01E", "bkg_01D", "bkg_01C", "bkg_01B", "bkg_01A"]);
      expect(await list({ limit: 2 })).toEqual(["bkg_01E", "bkg_01D"]);
      expect(await list({ after: { createdAt: t(3), bookingId: "bkg_01D" }, limit: 2 })).toEqual(["bkg_01C", "bkg_01B"]);
      expect(await list({ status: "BOOKED" })).toEqual(["bkg_01D", "bkg_01B"]);
      expect(await list({ createdFrom: t(2), createdTo: t(4) })).toEqual(["bkg_01D", "bkg_01C", "bkg_01B"]);
      expect(await list({ status: "PENDING", after: { createdAt: t(3), bookingId: "bkg_01D" } })).toEqual(["bkg_01C", "bkg_01A"]);
      expect((await store.list({ agentId: "agt_one", limit: 1 }))[0]).toEqual(bookings[4]);
    });
  });
}
