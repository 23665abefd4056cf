import { newEvent, type OutboxReader } from "@tarmac/events";
import { beforeEach, describe, expect, it } from "vitest";
import { transition } from "../domain/state-machine.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { BookingStore } from "./booking-store.js";

export interface OpenedBookingStore {
  readonly store: BookingStore;
  readonly outbox: OutboxReader;
}

const at = new Date("2026-11-22T06:05:00Z");
const event = (type: string) => newEvent(type, "agt_one", { booking_id: "x" }, at);
const next = (b: ReturnType<typeof bookingFixture>, status: Parameters<typeof transition>[1], changes = {}) => ({
  ...transition(b, status, at, "test"),
  ...changes,
  version: b.version + 1,
});

/** What every BookingStore adapter must do. */
export function bookingStoreContract(open: () => Promise<OpenedBookingStore>): void {
  describe("BookingStore contract", () => {
    let store: BookingStore;
    let outbox: OutboxReader;
    beforeEach(async () => {
      ({ store, outbox } = await open());
    });

    it("stores a booking with its events and reads it back intact", async () => {
      const booking = bookingFixture();
      expect(await store.create(booking, [event("booking.pending")])).toEqual({ created: true });
      expect(await store.get(booking.bookingId)).toEqual(booking);
      expect((await outbox.pending(10)).map((e) => e.type)).toEqual(["booking.pending"]);
    });

    it("keeps what a booking paid that no cancellation refunds, and leaves it absent on a booking without it", async () => {
      const booking = bookingFixture();
      await store.create(booking, []);
      expect(await store.get(booking.bookingId)).not.toHaveProperty("nonRefundablePaise");
      // Written once absent (undefined), then recorded by a reschedule.
      const written = { ...booking, nonRefundablePaise: undefined, version: booking.version + 1 };
      expect(await store.update(written, [])).toBe(true);
      expect((await store.get(booking.bookingId))?.nonRefundablePaise).toBeUndefined();
      const rescheduled = { ...written, nonRefundablePaise: 225_000, version: written.version + 1 };
      expect(await store.update(rescheduled, [])).toBe(true);
      expect(await store.get(booking.bookingId)).toEqual(rescheduled);
    });

    it("finds the first booking instead of creating a second one for the same agent and idempotency key", async () => {
      const first = bookingFixture();
      await store.create(first, [event("booking.pending")]);
      const retry = bookingFixture({ idempotencyKey: first.idempotencyKey });
      const result = await store.create(retry, [event("booking.pending")]);
      expect(result).toEqual({ created: false, existing: first });
      expect(await store.get(retry.bookingId)).toBeUndefined();
      expect(await outbox.pending(10)).toHaveLength(1);
      const otherAgent = bookingFixture({ idempotencyKey: first.idempotencyKey, agentId: "agt_two" });
      expect(await store.create(otherAgent, [])).toEqual({ created: true });
    });

    it("updates only from the version it read, with its events, and finds the booking by PNR", async () => {
      const booking = bookingFixture();
      await store.create(booking, []);
      const booked = next(booking, "BOOKED", { pnr: "ABC234", holdId: "hold_1" });
      expect(await store.update(booked, [event("booking.booked")])).toBe(true);
      expect(await store.get(booking.bookingId)).toEqual(booked);
      expect(await store.findByPnr(booking.agentId, "ABC234")).toEqual(booked);
      // A second writer that read the PENDING version loses, and its events are not written.
      const stale = next(booking, "FAILED", { failure: { code: "X", message: "y" } });
      expect(await store.update(stale, [event("booking.failed")])).toBe(false);
      expect((await store.get(booking.bookingId))!.status).toBe("BOOKED");
      expect((await outbox.pending(10)).map((e) => e.type)).toEqual(["booking.booked"]);
      expect(await store.findByPnr(booking.agentId, "ZZZ999")).toBeUndefined();
    });

    it("lets two bookings share a PNR (two airlines, or one reusing it) and finds the agent's newest", async () => {
      const t = (m: number) => new Date(Date.parse("2026-11-22T06:00:00Z") + m * 60_000);
      const older = bookingFixture({ createdAt: t(0) });
      const newer = bookingFixture({ createdAt: t(5) });
      const otherAgents = bookingFixture({ agentId: "agt_other", createdAt: t(9) });
      for (const b of [older, newer, otherAgents]) await store.create(b, []);
      for (const b of [newer, older, otherAgents]) {
        // The write after the airline's reservation (and the wallet's capture) must never fail on a PNR.
        expect(await store.update(next(b, "BOOKED", { pnr: "SAME22" }), [])).toBe(true);
      }
      expect((await store.findByPnr(older.agentId, "SAME22"))?.bookingId).toBe(newer.bookingId);
      expect((await store.findByPnr("agt_other", "SAME22"))?.bookingId).toBe(otherAgents.bookingId);
      expect(await store.findByPnr("agt_nobody", "SAME22")).toBeUndefined();
    });

    it("refuses to update a booking it does not have", async () => {
      const ghost = next(bookingFixture(), "FAILED");
      expect(await store.update(ghost, [])).toBe(false);
    });

    it("lists a status's bookings changed before an instant, oldest first, at most `limit`", async () => {
      const t = (m: number) => new Date(Date.parse("2026-11-22T06:00:00Z") + m * 60_000);
      const a = bookingFixture({ updatedAt: t(3) });
      const b = bookingFixture({ updatedAt: t(1) });
      const c = bookingFixture({ updatedAt: t(2) });
      const late = bookingFixture({ updatedAt: t(9) });
      const booked = bookingFixture({ status: "BOOKED", updatedAt: t(0) });
      for (const x of [a, b, c, late, booked]) await store.create(x, []);
      const pending = await store.listByStatus("PENDING", t(5), 10);
      expect(pending.map((x) => x.bookingId)).toEqual([b, c, a].map((x) => x.bookingId));
      expect(await store.listByStatus("PENDING", t(5), 2)).toHaveLength(2);
      expect((await store.listByStatus("BOOKED", t(5), 10)).map((x) => x.bookingId)).toEqual([booked.bookingId]);
    });

    it("lists by last arrival for the flown sweep", async () => {
      const landed = bookingFixture({ status: "TICKETED", lastArrivalAt: new Date("2026-12-01T02:40:00Z") });
      const airborne = bookingFixture({ status: "TICKETED", lastArrivalAt: new Date("2026-12-01T09:00:00Z") });
      for (const x of [airborne, landed]) await store.create(x, []);
      const due = await store.listByStatus("TICKETED", new Date("2026-12-01T03:00:00Z"), 10, "lastArrivalAt");
      expect(due.map((x) => x.bookingId)).toEqual([landed.bookingId]);
    });

    it("claims due bookings earliest first, puts each back by its backoff, and makes a changed one due again", async () => {
      const t = (m: number) => new Date(Date.parse("2026-11-22T06:00:00Z") + m * 60_000);
      const older = bookingFixture({ status: "BOOKED", updatedAt: t(1) });
      const newer = bookingFixture({ status: "BOOKED", updatedAt: t(2) });
      const landed = bookingFixture({ status: "TICKETED", updatedAt: t(0), lastArrivalAt: t(3) });
      for (const x of [newer, older, landed]) await store.create(x, []);
      const claim = (now: Date) => ({ now, retryAfterMs: (attempts: number) => attempts * 10 * 60_000 });

      const first = await store.claimDue("BOOKED", t(5), 1, claim(t(5)));
      expect(first.map((c) => [c.booking.bookingId, c.attempts])).toEqual([[older.bookingId, 1]]);
      // The claimed one is due again at t(15): until then the next claim takes the other.
      expect((await store.claimDue("BOOKED", t(6), 10, claim(t(6)))).map((c) => c.booking.bookingId)).toEqual([newer.bookingId]);
      expect(await store.claimDue("BOOKED", t(14), 10, claim(t(14)))).toEqual([]);
      const again = await store.claimDue("BOOKED", t(16), 1, claim(t(16)));
      expect(again.map((c) => [c.booking.bookingId, c.attempts])).toEqual([[older.bookingId, 2]]);
      expect(again[0]?.booking).toEqual(older);

      // A change makes it due at its new instant with its attempts forgotten.
      expect(await store.update(next(older, "TICKETED", { updatedAt: t(17), lastArrivalAt: t(18) }), [])).toBe(true);
      expect(await store.claimDue("TICKETED", t(17), 10, claim(t(17)))).toHaveLength(1); // only `landed`, due at t(3)
      const ticketed = await store.claimDue("TICKETED", t(19), 10, claim(t(19)));
      expect(ticketed.map((c) => [c.booking.bookingId, c.attempts])).toEqual([[older.bookingId, 1]]);
    });

    it("claims a HELD booking when the airline is to be asked again, its notice is due, at its ticket time limit, or a minute after a ticketing began", async () => {
      const t = (m: number) => new Date(Date.parse("2026-11-22T06:00:00Z") + m * 60_000);
      const hold = { ticketTimeLimit: t(600), priceGuaranteedUntil: t(60), warnAt: t(480), warned: false };
      const booking = bookingFixture({ status: "HELD", payment: "HOLD", updatedAt: t(0), hold });
      await store.create(booking, []);
      const claim = (now: Date) => ({ now, retryAfterMs: () => 10 * 60_000 });
      // Never checked: due HOLD_CHECK_INTERVAL_MS (30 s) after it last changed.
      expect(await store.claimDue("HELD", t(0.4), 10, claim(t(0.4)))).toEqual([]);
      expect(await store.claimDue("HELD", t(0.6), 10, claim(t(0.6)))).toHaveLength(1);
      const checked = { ...booking, hold: { ...hold, checkedAt: t(479) }, version: booking.version + 1 };
      expect(await store.update(checked, [])).toBe(true);
      expect(await store.claimDue("HELD", t(479.4), 10, claim(t(479.4)))).toEqual([]);
      expect((await store.claimDue("HELD", t(479.6), 10, claim(t(479.6)))).map((c) => c.booking.bookingId)).toEqual([booking.bookingId]);
      // The notice comes before the next check.
      const late = { ...checked, hold: { ...hold, checkedAt: t(479.9) }, version: checked.version + 1 };
      expect(await store.update(late, [])).toBe(true);
      expect(await store.claimDue("HELD", t(479.95), 10, claim(t(479.95)))).toEqual([]);
      expect(await store.claimDue("HELD", t(480.1), 10, claim(t(480.1)))).toHaveLength(1);
      const warned = { ...late, hold: { ...hold, warned: true, checkedAt: t(599.8) }, version: late.version + 1 };
      expect(await store.update(warned, [])).toBe(true);
      expect(await store.claimDue("HELD", t(599.9), 10, claim(t(599.9)))).toEqual([]);
      expect(await store.claimDue("HELD", t(600.1), 10, claim(t(600.1)))).toHaveLength(1);
      const ticketing = {
        startedAt: t(100),
        walletReference: "r",
        baseFare: 1,
        taxes: 2,
        pricing: booking.pricing,
        totalPricePaise: 3,
        debitPaise: 4,
      };
      expect(await store.update({ ...warned, hold: { ...warned.hold, ticketing }, version: warned.version + 1 }, [])).toBe(true);
      expect(await store.claimDue("HELD", t(100.9), 10, claim(t(100.9)))).toEqual([]);
      expect(await store.claimDue("HELD", t(101.1), 10, claim(t(101.1)))).toHaveLength(1);
    });

    it("hands out copies: changing what it returned changes nothing stored", async () => {
      const booking = bookingFixture();
      await store.create(booking, []);
      const read = (await store.get(booking.bookingId))!;
      (read.passengers as unknown as { firstName: string }[])[0]!.firstName = "Changed";
      expect((await store.get(booking.bookingId))!.passengers[0]!.firstName).toBe("Arjun");
    });
  });
}
