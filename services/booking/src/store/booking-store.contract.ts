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
      expect(await store.findByPnr("ABC234")).toEqual(booked);
      // A second writer that read the PENDING version loses, and its events are not written.
      const stale = next(booking, "FAILED", { failure: { code: "X", message: "y" } });
      expect(await store.update(stale, [event("booking.failed")])).toBe(false);
      expect((await store.get(booking.bookingId))!.status).toBe("BOOKED");
      expect((await outbox.pending(10)).map((e) => e.type)).toEqual(["booking.booked"]);
      expect(await store.findByPnr("ZZZ999")).toBeUndefined();
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

    it("hands out copies: changing what it returned changes nothing stored", async () => {
      const booking = bookingFixture();
      await store.create(booking, []);
      const read = (await store.get(booking.bookingId))!;
      (read.passengers as unknown as { firstName: string }[])[0]!.firstName = "Changed";
      expect((await store.get(booking.bookingId))!.passengers[0]!.firstName).toBe("Arjun");
    });
  });
}
