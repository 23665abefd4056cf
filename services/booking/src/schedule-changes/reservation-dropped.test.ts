import type { AirlineProvider, ProviderReservation } from "@tarmac/airline-port";
import { MemoryOutbox } from "@tarmac/events";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it } from "vitest";
import { BookingWriter } from "../booking-writer.js";
import type { InvoiceIssuer } from "../invoices/invoice-issuer.js";
import { MemoryBookingStore } from "../store/memory-booking-store.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import { TicketingWorker } from "../ticketing/ticketing-worker.js";
import { MemoryScheduleChangeStore } from "./memory-schedule-change-store.js";
import { startScheduleChangeConsumer, type ScheduleChangeConsumer } from "./schedule-change-consumer.js";

/** The airline refused to ticket every reservation. */
const refusing = {
  findReservation: (clientReference: string): Promise<ProviderReservation> =>
    Promise.resolve({ clientReference, pnr: "PNR123", status: "TICKETING_FAILED", tickets: [], failureReason: "fare withdrawn" }),
  watchReservationChanges: async function* () {},
} as unknown as AirlineProvider;

describe("a reservation the airline dropped", () => {
  let consumer: ScheduleChangeConsumer | undefined;
  afterEach(() => consumer?.stop());

  it("ends its paid BOOKED booking FAILED through the ticketing worker, credited once however often it is told", async () => {
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const outbox = new MemoryOutbox();
    const store = new MemoryBookingStore(outbox);
    const credits = new Map<string, bigint>();
    const wallet = {
      credit: (request: { reference: string; amountPaise: bigint }) => {
        // The wallet credits a reference once.
        if (!credits.has(request.reference)) credits.set(request.reference, request.amountPaise);
        return Promise.resolve({});
      },
    };
    const worker = new TicketingWorker({
      store,
      provider: refusing,
      writer: new BookingWriter(store, clock),
      wallet: wallet as never,
      invoices: {} as unknown as InvoiceIssuer,
      resumeReschedule: () => Promise.reject(new Error("none pending")),
      settleCancellations: () => Promise.reject(new Error("none pending")),
      resumeAddition: () => Promise.reject(new Error("none pending")),
      clock,
      logger: silentLogger(),
    });
    const booking = bookingFixture({ status: "BOOKED", pnr: "PNR123" });
    await store.create(booking, []);
    consumer = startScheduleChangeConsumer({
      changes: new MemoryScheduleChangeStore(outbox),
      bookings: store,
      provider: refusing,
      clock,
      logger: silentLogger(),
      reservationDropped: (b) => worker.settleNow(b),
      holdDropped: () => Promise.reject(new Error("no hold here")),
    });
    const dropped = {
      kind: "RESERVATION_DROPPED" as const,
      id: "run-1",
      clientReference: booking.bookingId,
      pnr: "PNR123",
      occurredAt: "2026-11-22T06:00:00Z",
      reason: "ticketing failed",
    };
    await consumer.handle(dropped);
    await consumer.handle(dropped);
    const failed = await store.get(booking.bookingId);
    expect(failed?.status).toBe("FAILED");
    expect(failed?.ticketingFailure?.reason).toContain("fare withdrawn");
    expect([...credits]).toEqual([[booking.bookingId, BigInt(booking.debitPaise)]]);
    expect((await outbox.pending(100)).filter((e) => e.type === "booking.failed")).toHaveLength(1);
  });
});
