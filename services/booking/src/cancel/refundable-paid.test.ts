import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { Booking } from "../domain/booking.js";
import { quoteCancellation } from "./quote-cancellation.js";
import type { CancellationType, ReasonCode } from "../domain/quotes.js";

const OTA_FEE = 25_000;
const at = new Date("2026-11-22T06:00:00Z"); // more than 72 hours out: the 1,500.00 band
/** What the reschedule paid beyond the fare: the airline's change fee and the platform's fee. */
const FEES = 200_000 + 25_000;
const FARE_DIFFERENCE = 195_416;

/** One adult with a seat (9,050.00), rescheduled to a dearer fare: the difference and both fees debited. */
function rescheduled(overrides: Partial<Booking> = {}): Booking {
  const plain = bookingFixture({ status: "TICKETED" });
  return bookingFixture({
    status: "TICKETED",
    debitPaise: plain.debitPaise + FARE_DIFFERENCE + FEES,
    nonRefundablePaise: FEES,
    reschedule: {
      newOfferId: "off_2",
      reasonCode: "CUSTOMER_REQUEST",
      fareDifferencePaise: FARE_DIFFERENCE,
      changePenaltyPaise: FEES,
      newTotalPaise: 1_140_416,
      confirmedAt: at,
    },
    ...overrides,
  });
}

const quote = (booking: Booking, cancellationType: CancellationType = "VOLUNTARY", reasonCode: ReasonCode = "CUSTOMER_REQUEST", now = at) =>
  quoteCancellation(booking, { quoteId: "q", reasonCode, cancellationType }, { otaFeePaise: OTA_FEE, now });

describe("refundable paid", () => {
  it("leaves out a reschedule's change fee and platform fee: refund = refundable paid - penalty - fee", () => {
    const booking = rescheduled();
    const refundable = booking.debitPaise - FEES;
    const q = quote(booking);
    expect([q.airlinePenaltyPaise, q.otaFeePaise, q.refundAmountPaise]).toEqual([150_000, OTA_FEE, refundable - 150_000 - OTA_FEE]);
    expect(q.items!.map((i) => i.paidPaise)).toEqual([refundable]);
  });

  it("refunds all of refundable paid, and no more, on an involuntary cancellation: no penalty, no platform fee", () => {
    const booking = rescheduled();
    const q = quote(booking, "INVOLUNTARY", "SCHEDULE_CHANGE");
    expect([q.airlinePenaltyPaise, q.otaFeePaise, q.refundAmountPaise]).toEqual([0, 0, booking.debitPaise - FEES]);
    const cancelled = quote(booking, "INVOLUNTARY", "FLIGHT_CANCELLED");
    expect(cancelled.refundAmountPaise).toBe(booking.debitPaise - FEES);
  });

  it("keeps the fees of a reschedule made the day the booking was ticketed on a void too", () => {
    const ticketedToday = rescheduled({
      statusHistory: [{ status: "TICKETED", at: new Date("2026-11-22T05:00:00Z"), reason: "" }],
    });
    const q = quote(ticketedToday, "VOID");
    expect([q.airlinePenaltyPaise, q.otaFeePaise, q.refundAmountPaise]).toEqual([0, 0, ticketedToday.debitPaise - FEES]);
  });

  it("reads a booking rescheduled before the fees were recorded by its reschedule's change penalty", () => {
    const { nonRefundablePaise: _recorded, ...legacy } = rescheduled();
    expect(quote(legacy).refundAmountPaise).toBe(quote(rescheduled()).refundAmountPaise);
    // Never rescheduled: everything debited is refundable paid, as before.
    const plain = bookingFixture({ status: "TICKETED" });
    expect(quote(plain).refundAmountPaise).toBe(plain.debitPaise - 150_000 - OTA_FEE);
  });

  it("never refunds below zero, nor charges a fee beyond what is left", () => {
    const steep = rescheduled({
      fareRules: { ...bookingFixture().fareRules, cancellationPenalties: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 9_000_000 }] },
      pricing: { ...bookingFixture().pricing, baseFare: 5_000_000 },
    });
    const q = quote(steep);
    expect(q.refundAmountPaise).toBe(0);
    expect(q.airlinePenaltyPaise + q.otaFeePaise).toBe(steep.debitPaise - FEES);
  });
});
