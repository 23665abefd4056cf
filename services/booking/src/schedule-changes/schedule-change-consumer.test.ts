import type { AirlineChange, TimeChange, WatchOptions } from "@tarmac/airline-port";
import { MemoryOutbox } from "@tarmac/events";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Booking } from "../domain/booking.js";
import { MemoryBookingStore } from "../store/memory-booking-store.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import { MemoryScheduleChangeStore } from "./memory-schedule-change-store.js";
import { startScheduleChangeConsumer, type ScheduleChangeConsumer } from "./schedule-change-consumer.js";

/** An airline whose feed the test appends to; a watch yields what follows `after`, then waits for more. */
class ScriptedAirline {
  readonly feed: AirlineChange[] = [];
  readonly watchedAfter: (string | undefined)[] = [];
  private wake: (() => void) | undefined;

  publish(change: AirlineChange): void {
    this.feed.push(change);
    this.wake?.();
  }

  async *watchReservationChanges(watch?: WatchOptions): AsyncIterable<AirlineChange> {
    this.watchedAfter.push(watch?.after);
    let position = watch?.after === undefined ? 0 : this.feed.findIndex((c) => c.id === watch.after) + 1;
    while (watch?.signal?.aborted !== true) {
      const next = this.feed[position];
      if (next) {
        position++;
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        watch?.signal?.addEventListener("abort", () => resolve(), { once: true });
      });
    }
  }
}

const clock = new ManualClock(new Date("2026-11-25T10:00:00Z"));
const segment = {
  carrier: "6E",
  flightNo: "9111",
  origin: "BLR",
  dest: "HYD",
  depTime: "2026-12-01T06:15:00+05:30",
  arrTime: "2026-12-01T07:30:00+05:30",
  cabin: "ECONOMY" as const,
  bookingClass: "Y",
  seatsAvailable: 9,
  direction: "OUTBOUND" as const,
  durationMinutes: 75,
  aircraft: "320",
};

const retimed = (id: string, bookingId: string): TimeChange => ({
  kind: "TIME_CHANGE",
  id,
  clientReference: bookingId,
  pnr: "PNR123",
  occurredAt: "2026-11-25T09:59:00Z",
  reason: "schedule retimed",
  segmentIndex: 0,
  minutes: 90,
  depTime: "2026-12-01T07:45:00+05:30",
  arrTime: "2026-12-01T09:00:00+05:30",
});

const eventually = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 2_000, interval: 10 });

describe("the airline change consumer", () => {
  const started: ScheduleChangeConsumer[] = [];
  afterEach(async () => {
    for (const consumer of started.splice(0)) await consumer.stop();
  });

  async function world(status: Booking["status"] = "TICKETED") {
    const outbox = new MemoryOutbox();
    const bookings = new MemoryBookingStore(outbox);
    const booking = bookingFixture({ status, pnr: "PNR123", segments: [segment] });
    await bookings.create(booking, []);
    return { outbox, bookings, booking, changes: new MemoryScheduleChangeStore(outbox), airline: new ScriptedAirline() };
  }

  function start(w: Awaited<ReturnType<typeof world>>, calls: { dropped: Booking[]; expired: Booking[] } = { dropped: [], expired: [] }) {
    const consumer = startScheduleChangeConsumer({
      changes: w.changes,
      bookings: w.bookings,
      provider: w.airline,
      clock,
      logger: silentLogger(),
      retryMs: 10,
      reservationDropped: (b) => Promise.resolve(calls.dropped.push(b)),
      holdDropped: (b) => Promise.resolve(calls.expired.push(b)),
    });
    started.push(consumer);
    return consumer;
  }

  const detectedEvents = async (outbox: MemoryOutbox) => (await outbox.pending(100)).filter((e) => e.type === "schedule_change.detected");

  it("records a change delivered twice once, with one detected event", async () => {
    const w = await world();
    start(w);
    w.airline.publish(retimed("run-1", w.booking.bookingId));
    w.airline.publish(retimed("run-1", w.booking.bookingId));
    // A change of a booking that is not ours, so the test knows both deliveries were handled.
    w.airline.publish(retimed("run-2", "bkg_not_ours"));
    await eventually(async () => expect(await w.changes.cursor()).toBe("run-2"));
    const recorded = await w.changes.list({ agentId: w.booking.agentId, limit: 10 });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ kind: "TIME_CHANGE", minutes: 90, status: "DETECTED", bookingId: w.booking.bookingId });
    expect(recorded[0]?.segmentsAdded[0]?.depTime).toBe("2026-12-01T07:45:00+05:30");
    expect(await detectedEvents(w.outbox)).toHaveLength(1);
  });

  it("handles a change made while it was stopped when it starts again, after the last one it stored", async () => {
    const w = await world();
    const first = start(w);
    w.airline.publish(retimed("run-1", w.booking.bookingId));
    await eventually(async () => expect(await w.changes.cursor()).toBe("run-1"));
    await first.stop();
    w.airline.publish({ ...retimed("run-2", w.booking.bookingId), minutes: 30 });
    expect(await w.changes.list({ agentId: w.booking.agentId, limit: 10 })).toHaveLength(1);
    start(w);
    await eventually(async () => expect(await w.changes.cursor()).toBe("run-2"));
    expect(w.airline.watchedAfter.at(-1)).toBe("run-1");
    const recorded = await w.changes.list({ agentId: w.booking.agentId, limit: 10 });
    expect(recorded.map((c) => c.minutes)).toEqual(expect.arrayContaining([90, 30]));
    expect(await detectedEvents(w.outbox)).toHaveLength(2);
  });

  it("ends a BOOKED booking whose reservation was dropped once, and leaves an ended one alone", async () => {
    const w = await world("BOOKED");
    const calls = { dropped: [] as Booking[], expired: [] as Booking[] };
    const consumer = start(w, calls);
    const dropped: AirlineChange = {
      kind: "RESERVATION_DROPPED",
      id: "run-1",
      clientReference: w.booking.bookingId,
      pnr: "PNR123",
      occurredAt: "2026-11-25T09:59:00Z",
      reason: "ticketing failed",
    };
    await consumer.handle(dropped);
    expect(calls.dropped.map((b) => b.bookingId)).toEqual([w.booking.bookingId]);
    const failed = bookingFixture({ status: "FAILED" });
    await w.bookings.create(failed, []);
    await consumer.handle({ ...dropped, id: "run-2", clientReference: failed.bookingId });
    await consumer.handle({ ...dropped, id: "run-3", clientReference: "bkg_not_ours" });
    expect(calls.dropped).toHaveLength(1);
  });

  it("expires a HELD booking whose hold the airline dropped", async () => {
    const w = await world("HELD");
    const calls = { dropped: [] as Booking[], expired: [] as Booking[] };
    const consumer = start(w, calls);
    await consumer.handle({
      kind: "HOLD_DROPPED",
      id: "run-1",
      clientReference: w.booking.bookingId,
      pnr: "PNR123",
      occurredAt: "2026-11-25T09:59:00Z",
      reason: "hold released",
    });
    expect(calls.expired.map((b) => b.bookingId)).toEqual([w.booking.bookingId]);
  });
});
