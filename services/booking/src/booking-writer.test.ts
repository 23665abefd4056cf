import { MemoryOutbox } from "@tarmac/events";
import { createMetricsRegistry, type MetricsRegistry } from "@tarmac/kernel";
import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { BookingChangedConcurrently, BookingWriter } from "./booking-writer.js";
import { MemoryBookingStore } from "./store/memory-booking-store.js";
import { bookingFixture } from "./testing/booking-fixture.js";

async function transitions(metrics: MetricsRegistry) {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === "booking_status_transitions_total");
  return Object.fromEntries((metric?.values ?? []).map((v) => [`${v.labels.from}->${v.labels.to}`, v.value]));
}

describe("BookingWriter metrics", () => {
  it("counts each stored status change in booking_status_transitions_total{from,to}, and nothing it did not store", async () => {
    const store = new MemoryBookingStore(new MemoryOutbox());
    const metrics = createMetricsRegistry();
    const writer = new BookingWriter(store, new ManualClock(new Date("2026-11-22T06:00:00Z")), metrics);
    const pending = bookingFixture();
    await store.create(pending, []);

    const booked = await writer.move(pending, "BOOKED", "reserved", { pnr: "ABC123" });
    await writer.amend(booked, { holdId: "hold_1" });
    // A stale copy loses to the write above: not stored, not counted.
    await expect(writer.move(pending, "FAILED", "late")).rejects.toBeInstanceOf(BookingChangedConcurrently);
    // A move the state machine refuses is not counted either.
    await expect(writer.move(pending, "REFUNDED", "no")).rejects.toMatchObject({ code: "BOOKING_INVALID_STATE" });

    expect(await transitions(metrics)).toEqual({ "PENDING->BOOKED": 1 });
  });
});
