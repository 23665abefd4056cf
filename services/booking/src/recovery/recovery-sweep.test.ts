import { describe, expect, it } from "vitest";
import type { Booking } from "../domain/booking.js";
import { bookingHarness, createRequest, NET_FARE, type BookingHarness } from "../testing/booking-harness.js";
import { crashes, holdStored } from "../testing/crash-points.js";
import { decorateOnce, InjectedCrash } from "../testing/decorate-once.js";
import { handlerContext as context } from "../testing/service-calls.js";

type CrashPoint = "afterHold" | "afterReserve" | "afterCapture";

/** Crashes the create call at `point`, then lets the sweep run once its grace has passed. */
async function crashAt(point: CrashPoint): Promise<{ h: BookingHarness; booking: Booking }> {
  const h = bookingHarness({ decorate: crashes[point] });
  await expect(h.service.createBooking(createRequest(), context())).rejects.toBeInstanceOf(InjectedCrash);
  const [pending] = await h.store.listByStatus("PENDING", new Date("2030-01-01"), 10);
  expect(pending).toBeDefined();
  // Younger than the grace: the sweep leaves it alone (it could still be in its create call).
  expect(await h.recovery.run()).toBe(0);
  h.clock.advance(61_000);
  expect(await h.recovery.run()).toBe(1);
  return { h, booking: (await h.store.get(pending!.bookingId))! };
}

/** API guide, Bookings: BOOKED with exactly one captured debit, or FAILED with no debit and no live PNR. */
function expectSettled(h: BookingHarness, booking: Booking): void {
  const reservation = h.airline.reservations.get(booking.bookingId);
  if (booking.status === "BOOKED") {
    expect(h.wallet.captured.map((c) => c.amount)).toEqual([NET_FARE]);
    expect(reservation?.status).toBe("HELD");
    expect(booking.pnr).toBe(reservation!.pnr);
  } else {
    expect(booking.status).toBe("FAILED");
    expect(h.wallet.captured).toEqual([]);
    expect(h.wallet.held).toBe(0);
    expect(reservation === undefined || reservation.status === "CANCELLED").toBe(true);
  }
}

describe("recovery sweep", () => {
  it("unwinds a crash after the hold: no reservation, the hold voided, FAILED", async () => {
    const { h, booking } = await crashAt("afterHold");
    expect(booking.status).toBe("FAILED");
    expectSettled(h, booking);
  });

  it("completes a crash after the airline reserved: captured once, BOOKED with the PNR", async () => {
    const { h, booking } = await crashAt("afterReserve");
    expect(booking.status).toBe("BOOKED");
    expectSettled(h, booking);
  });

  it("completes a crash after the capture without capturing again", async () => {
    const { h, booking } = await crashAt("afterCapture");
    expect(booking.status).toBe("BOOKED");
    expectSettled(h, booking);
    expect(h.wallet.calls.filter((c) => c.startsWith("capture"))).toHaveLength(2);
  });

  it("cancels the reservation when the money can no longer be taken", async () => {
    const h = bookingHarness({ decorate: crashes.afterReserve });
    await expect(h.service.createBooking(createRequest(), context())).rejects.toBeInstanceOf(InjectedCrash);
    const [pending] = await h.store.listByStatus("PENDING", new Date("2030-01-01"), 10);
    // The hold expired and the wallet voided it before recovery came round.
    h.wallet.holds.get(pending!.bookingId)!.state = "VOIDED";
    h.clock.advance(61_000);
    await h.recovery.run();
    const booking = (await h.store.get(pending!.bookingId))!;
    expect(booking.status).toBe("FAILED");
    expectSettled(h, booking);
  });

  it("is safe to run again and again, even twice at once", async () => {
    const h = bookingHarness({ decorate: crashes.afterReserve });
    await expect(h.service.createBooking(createRequest(), context())).rejects.toBeInstanceOf(InjectedCrash);
    h.clock.advance(61_000);
    await Promise.all([h.recovery.run(), h.recovery.run()]);
    expect(await h.recovery.run()).toBe(0);
    const [booking] = await h.store.listByStatus("BOOKED", new Date("2030-01-01"), 10);
    expectSettled(h, booking!);
  });

  it("lets a create call that wakes after recovery completed its booking answer BOOKED, capturing once", async () => {
    const sweepMeanwhile = async () => {
      h.clock.advance(61_000);
      expect(await h.recovery.run()).toBe(1);
    };
    // The airline reserved; the sweep runs before the capture.
    const h = bookingHarness({
      decorate: (wired) => ({
        ...wired,
        wallet: decorateOnce(wired.wallet, "capture", async (capture) => (await sweepMeanwhile(), capture())),
      }),
    });
    const res = await h.service.createBooking(createRequest(), context());
    const booking = (await h.store.get(res.bookingId))!;
    expect([res.pnr, booking.status]).toEqual([booking.pnr, "BOOKED"]);
    expectSettled(h, booking);
  });

  it("leaves no live PNR when a create call wakes after recovery unwound its booking", async () => {
    const sweepMeanwhile = async () => {
      h.clock.advance(61_000);
      expect(await h.recovery.run()).toBe(1);
    };
    // The hold is on the booking; the sweep runs before the airline is asked.
    const afterUpdate = async (update: () => Promise<boolean>) => {
      const stored = await update();
      await sweepMeanwhile();
      return stored;
    };
    const h = bookingHarness({ decorate: (wired) => ({ ...wired, store: decorateOnce(wired.store, "update", afterUpdate, holdStored) }) });
    const failure = await h.service.createBooking(createRequest(), context()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ code: "INTERNAL" });
    const [booking] = await h.store.listByStatus("FAILED", new Date("2030-01-01"), 10);
    expectSettled(h, booking!);
    expect([...h.airline.reservations.values()].map((r) => r.status)).toEqual(["CANCELLED"]);
  });
});

describe("ticketing worker", () => {
  it("moves BOOKED to TICKETED with the airline's ticket numbers, then FLOWN after the last arrival", async () => {
    const h = bookingHarness();
    const { bookingId } = await h.service.createBooking(createRequest(), context());
    await h.ticketing.run();
    expect((await h.store.get(bookingId))!.status).toBe("BOOKED");
    h.airline.ticket(bookingId, "TICKETED");
    await h.ticketing.run();
    const ticketed = (await h.store.get(bookingId))!;
    expect(ticketed.status).toBe("TICKETED");
    expect(ticketed.ticketNumbers).toEqual([{ paxId: "ADT1", segmentIndex: 0, ticketNumber: "0981234567890" }]);
    h.clock.set("2026-12-01T02:41:00Z");
    await h.ticketing.run();
    const flown = (await h.store.get(bookingId))!;
    expect(flown.statusHistory.map((c) => c.status)).toEqual(["PENDING", "BOOKED", "TICKETED", "FLOWN"]);
    expect((await h.outbox.pending(10)).map((e) => e.type)).toEqual([
      "booking.pending",
      "booking.booked",
      "invoice.issued",
      "booking.ticketed",
      "booking.flown",
    ]);
  });

  it("fails a booking whose ticketing failed and credits the debit back exactly once", async () => {
    const h = bookingHarness();
    const before = h.wallet.balance;
    const { bookingId } = await h.service.createBooking(createRequest(), context());
    h.airline.ticket(bookingId, "TICKETING_FAILED");
    await h.ticketing.run();
    await h.ticketing.run();
    const failed = (await h.store.get(bookingId))!;
    expect(failed.status).toBe("FAILED");
    expect(failed.statusHistory.at(-1)!.reason).toContain("credited back");
    expect(h.wallet.balance).toBe(before);
    expect([...h.wallet.credits.values()]).toEqual([NET_FARE]);
  });
});
