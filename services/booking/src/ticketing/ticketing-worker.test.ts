import type { AirlineProvider, ProviderReservation } from "@tarmac/airline-port";
import { MemoryOutbox } from "@tarmac/events";
import { createMetricsRegistry } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { BookingWriter } from "../booking-writer.js";
import { MemoryBookingStore } from "../store/memory-booking-store.js";
import { STUCK_AFTER_ATTEMPTS } from "../sweep-claims.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { InvoiceIssuer } from "../invoices/invoice-issuer.js";
import { TicketingWorker } from "./ticketing-worker.js";

const SWEEP_INTERVAL_MS = 2_000;

/** An airline that tickets only the reservations it is told to; every other one stays HELD for ever. */
function airline(ticketed: Set<string>): AirlineProvider {
  const findReservation = (clientReference: string): Promise<ProviderReservation> =>
    Promise.resolve({
      clientReference,
      pnr: "ABC234",
      status: ticketed.has(clientReference) ? "TICKETED" : "HELD",
      tickets: ticketed.has(clientReference) ? [{ paxId: "ADT1", segmentIndex: 0, ticketNumber: "0981234567890" }] : [],
    });
  return { findReservation } as unknown as AirlineProvider;
}

describe("TicketingWorker", () => {
  it("finishes a new booking within two sweep intervals while 500 others never progress", async () => {
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const store = new MemoryBookingStore(new MemoryOutbox());
    const ticketed = new Set<string>();
    const worker = new TicketingWorker({
      store,
      provider: airline(ticketed),
      writer: new BookingWriter(store, clock),
      wallet: {} as never,
      invoices: { ticketed: () => Promise.resolve(undefined) } as unknown as InvoiceIssuer,
      resumeReschedule: () => Promise.reject(new Error("no reschedule is pending here")),
      settleCancellations: () => Promise.reject(new Error("no cancellation is pending here")),
      resumeAddition: () => Promise.reject(new Error("no addition is pending here")),
      clock,
      logger: silentLogger(),
    });
    const sweep = async () => {
      clock.advance(SWEEP_INTERVAL_MS);
      await worker.run();
    };
    for (let i = 0; i < 500; i++) await store.create(bookingFixture({ status: "BOOKED", updatedAt: clock.now() }), []);
    // The stuck ones have been swept for a minute: more than a batch of them is always older than a new booking.
    for (let run = 0; run < 30; run++) await sweep();

    const fresh = bookingFixture({ status: "BOOKED", updatedAt: clock.now() });
    await store.create(fresh, []);
    ticketed.add(fresh.bookingId);
    await sweep();
    await sweep();

    expect((await store.get(fresh.bookingId))?.status).toBe("TICKETED");
    expect(await store.listByStatus("BOOKED", new Date("2030-01-01"), 1_000)).toHaveLength(500);
  });

  it("reports a booking that does not progress after repeated claims, and goes on trying it", async () => {
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const store = new MemoryBookingStore(new MemoryOutbox());
    const metrics = createMetricsRegistry();
    const stuck = bookingFixture({ status: "BOOKED", updatedAt: clock.now() });
    await store.create(stuck, []);
    const worker = new TicketingWorker({
      store,
      provider: airline(new Set()),
      writer: new BookingWriter(store, clock, metrics),
      wallet: {} as never,
      invoices: { ticketed: () => Promise.resolve(undefined) } as unknown as InvoiceIssuer,
      resumeReschedule: () => Promise.reject(new Error("no reschedule is pending here")),
      settleCancellations: () => Promise.reject(new Error("no cancellation is pending here")),
      resumeAddition: () => Promise.reject(new Error("no addition is pending here")),
      clock,
      logger: silentLogger(),
    });
    for (let run = 0; run < STUCK_AFTER_ATTEMPTS + 5; run++) {
      clock.advance(10 * 60_000);
      await worker.run();
    }
    const claims = await store.claimDue("BOOKED", new Date("2030-01-01"), 1, { now: clock.now(), retryAfterMs: () => 0 });
    expect(claims[0]?.attempts).toBe(STUCK_AFTER_ATTEMPTS + 6);
  });
});
