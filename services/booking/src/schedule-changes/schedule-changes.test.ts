import type { TimeChange } from "@tarmac/airline-port";
import { MemoryOutbox } from "@tarmac/events";
import { createMetricsRegistry } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { BookingWriter } from "../booking-writer.js";
import { MemoryBookingStore } from "../store/memory-booking-store.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import { MemoryScheduleChangeStore } from "./memory-schedule-change-store.js";
import { detectScheduleChange, type ScheduleChange } from "./schedule-change.js";
import { ScheduleChanges } from "./schedule-changes.js";

const HOUR = 3_600_000;
const segment = {
  carrier: "6E",
  flightNo: "9001",
  origin: "BLR",
  dest: "HYD",
  depTime: "2026-12-20T06:00:00+05:30",
  arrTime: "2026-12-20T07:10:00+05:30",
  cabin: "ECONOMY" as const,
  bookingClass: "Y",
  seatsAvailable: 9,
  direction: "OUTBOUND" as const,
  durationMinutes: 70,
  aircraft: "320",
};
const retimed: TimeChange = {
  kind: "TIME_CHANGE",
  id: "run-1",
  clientReference: "",
  pnr: "PNR123",
  occurredAt: "2026-12-01T00:00:00Z",
  reason: "retimed",
  segmentIndex: 0,
  minutes: 90,
  depTime: "2026-12-20T07:30:00+05:30",
  arrTime: "2026-12-20T08:40:00+05:30",
};

async function world() {
  const clock = new ManualClock(new Date("2026-12-01T00:00:00Z"));
  const outbox = new MemoryOutbox();
  const bookings = new MemoryBookingStore(outbox);
  const changes = new MemoryScheduleChangeStore(outbox);
  const booking = bookingFixture({ status: "TICKETED", pnr: "PNR123", segments: [segment] });
  await bookings.create(booking, []);
  const cancellations = {
    quote: () => Promise.reject(new Error("not in this test")),
    confirm: () => Promise.reject(new Error("not in this test")),
  };
  const reschedules = cancellations;
  const writer = new BookingWriter(bookings, clock);
  const metrics = createMetricsRegistry();
  const service = new ScheduleChanges({ changes, bookings, writer, cancellations, reschedules, clock, logger: silentLogger(), metrics });
  const change = detectScheduleChange(booking, { ...retimed, clientReference: booking.bookingId }, clock.now());
  await changes.record(change, []);
  const types = async () => (await outbox.pending(100)).map((e) => e.type).filter((t) => t.startsWith("schedule_change."));
  return { clock, bookings, changes, booking, service, change, types, metrics };
}

describe("schedule changes", () => {
  it("give the agency three days to act, never past 6 hours before departure, and at least an hour", async () => {
    const { change, clock } = await world();
    expect(change.deadline.getTime()).toBe(clock.now().getTime() + 72 * HOUR);
    const on = (depTime: string) => {
      const b = bookingFixture({ segments: [{ ...segment, depTime }] });
      return detectScheduleChange(b, { ...retimed, clientReference: b.bookingId }, clock.now()).deadline.toISOString();
    };
    // Departing 06:30 UTC tomorrow: 6 hours before it.
    expect(on("2026-12-02T12:00:00+05:30")).toBe("2026-12-02T00:30:00.000Z");
    // Departing in 6.5 hours: still an hour to act.
    expect(on("2026-12-01T12:00:00+05:30")).toBe("2026-12-01T01:00:00.000Z");
  });

  it("remind once a day before the deadline, then expire it: the booking takes the airline's itinerary", async () => {
    const { clock, service, change, bookings, booking, types, metrics } = await world();
    await service.sweep();
    expect(await types()).toEqual([]);
    const exposition = await metrics.scrape();
    expect(exposition).toContain('schedule_changes_open{age="under_1h"} 1');
    expect(exposition).toContain("schedule_changes_past_deadline 0");
    clock.set(new Date(change.deadline.getTime() - 24 * HOUR));
    await service.sweep();
    await service.sweep();
    expect(await types()).toEqual(["schedule_change.deadline_approaching"]);
    expect((await service.get(booking.agentId, change.scheduleChangeId)).status).toBe("DETECTED");
    clock.set(change.deadline);
    await service.sweep();
    const expired = await service.get(booking.agentId, change.scheduleChangeId);
    expect(expired.status).toBe("EXPIRED");
    expect(await metrics.scrape()).toContain('schedule_changes_open{age="older"} 0');
    expect((await bookings.get(booking.bookingId))?.segments[0]?.depTime).toBe(retimed.depTime);
    expect(await types()).toEqual(["schedule_change.deadline_approaching", "schedule_change.resolved"]);
    await expect(service.accept(booking.agentId, change.scheduleChangeId)).rejects.toMatchObject({ code: "BOOKING_INVALID_STATE" });
  });

  it("are found only by their own agency", async () => {
    const { service, change } = await world();
    await expect(service.get("agt_other", change.scheduleChangeId)).rejects.toMatchObject({ code: "BOOKING_NOT_FOUND" });
    await expect(service.accept("agt_other", change.scheduleChangeId)).rejects.toMatchObject({ code: "BOOKING_NOT_FOUND" });
    expect(await service.list("agt_other", { limit: 10 })).toEqual([] as ScheduleChange[]);
  });
});
