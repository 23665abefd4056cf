import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { Booking } from "../domain/booking.js";
import { quoteCancellation } from "./quote-cancellation.js";
import { newestValid, QUOTE_VALIDITY_MS, withQuote, type Quote } from "../domain/quotes.js";

// The fixture departs 2026-12-01T00:30Z; base fare 7,000.00 for one adult; debited 9,050.00 (fare and a seat).
const departs = Date.parse("2026-12-01T00:30:00Z");
const hoursBefore = (h: number) => new Date(departs - h * 3_600_000);
const OTA_FEE = 25_000;
/** A non-refundable fare as airlines file it: an ordinary 500-rupee band, not one that covers the fare. */
const saver: Booking["fareRules"] = {
  refundable: false,
  cancellationPenalties: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 50_000 }],
  changeFees: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 300_000 }],
  taxesRefundable: true,
};

const cancel = (booking: Booking, at: Date, cancellationType: "VOLUNTARY" | "INVOLUNTARY" = "VOLUNTARY") =>
  quoteCancellation(booking, { quoteId: "q1", reasonCode: "CUSTOMER_REQUEST", cancellationType }, { otaFeePaise: OTA_FEE, now: at });

describe("cancellation quotes", () => {
  it.each([
    [100, 150_000],
    [48, 300_000],
    [5, 450_000],
    [0.5, 450_000],
  ])("charges a refundable fare's band %s hours out (%i per passenger) and refunds the rest", (hours, penalty) => {
    const booking = bookingFixture({ status: "TICKETED" });
    const quote = cancel(booking, hoursBefore(hours));
    expect(quote.airlinePenaltyPaise).toBe(penalty);
    expect(quote.otaFeePaise).toBe(OTA_FEE);
    expect(quote.refundAmountPaise).toBe(booking.debitPaise - penalty - OTA_FEE);
    expect(quote.validUntil.getTime() - quote.createdAt.getTime()).toBe(QUOTE_VALIDITY_MS);
  });

  it("counts seated passengers only, and never charges more than the base fare", () => {
    const two = bookingFixture({
      status: "BOOKED",
      passengers: [...bookingFixture().passengers, { ...bookingFixture().passengers[0]!, paxId: "INF1", type: "INF" }],
    });
    expect(cancel(two, hoursBefore(100)).airlinePenaltyPaise).toBe(150_000);
    const steep = bookingFixture({
      status: "BOOKED",
      fareRules: { ...bookingFixture().fareRules, cancellationPenalties: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 800_000 }] },
    });
    const quote = cancel(steep, hoursBefore(200));
    expect(quote.airlinePenaltyPaise).toBe(steep.pricing.baseFare);
    // Taxes, the platform's part and the seat come back.
    expect(quote.refundAmountPaise).toBe(steep.debitPaise - steep.pricing.baseFare - OTA_FEE);
  });

  it.each([200, 48, 1])("forfeits a non-refundable fare's base fare %s hours out, whatever band the airline filed", (hours) => {
    const nonRefundable = bookingFixture({ status: "BOOKED", fareRules: saver });
    const quote = cancel(nonRefundable, hoursBefore(hours));
    expect(quote.airlinePenaltyPaise).toBe(nonRefundable.pricing.baseFare);
    expect(quote.refundAmountPaise).toBe(nonRefundable.debitPaise - nonRefundable.pricing.baseFare - OTA_FEE);
  });

  it.each([
    ["non-refundable", saver],
    ["refundable", bookingFixture().fareRules],
  ] as const)(
    "follows the airline's waiver on an involuntary cancellation of a %s fare: no penalty, no platform fee",
    (_kind, fareRules) => {
      const quote = cancel(bookingFixture({ status: "BOOKED", fareRules }), hoursBefore(1), "INVOLUNTARY");
      expect([quote.airlinePenaltyPaise, quote.otaFeePaise]).toEqual([0, 0]);
      expect(quote.refundAmountPaise).toBe(bookingFixture().debitPaise);
    },
  );

  it("never refunds below zero or above what was debited", () => {
    const tiny = bookingFixture({ status: "BOOKED", fareRules: saver, debitPaise: 10_000, seatsPaise: 0 });
    expect(cancel(tiny, hoursBefore(1)).refundAmountPaise).toBe(0);
    for (const hours of [0, 1, 30, 500]) {
      const quote = cancel(bookingFixture({ status: "BOOKED" }), hoursBefore(hours), "INVOLUNTARY");
      expect(quote.refundAmountPaise).toBeLessThanOrEqual(bookingFixture().debitPaise);
      expect(quote.refundAmountPaise).toBeGreaterThanOrEqual(0);
    }
  });

  it.each(["PENDING", "FAILED", "CANCELLED", "REFUNDED", "FLOWN"] as const)("refuses a %s booking with BOOKING_INVALID_STATE", (status) => {
    expect(() => cancel(bookingFixture({ status }), hoursBefore(100))).toThrow(expect.objectContaining({ code: "BOOKING_INVALID_STATE" }));
  });
});

describe("picking the quote to confirm", () => {
  it("takes the newest unexpired quote that matches, dropping expired ones as new ones come", () => {
    const booking = bookingFixture({ status: "BOOKED" });
    const at = hoursBefore(100);
    const a = cancel(booking, at);
    const b = { ...cancel(booking, new Date(at.getTime() + 60_000)), quoteId: "q2" };
    const other = { ...cancel(booking, new Date(at.getTime() + 120_000), "INVOLUNTARY"), quoteId: "q3" };
    let quotes: Quote[] = [];
    for (const q of [a, b, other]) quotes = withQuote(quotes, q, q.createdAt);
    const voluntary = (q: Quote): q is typeof a => q.kind === "CANCELLATION" && q.cancellationType === "VOLUNTARY";
    expect(newestValid(quotes, new Date(at.getTime() + 130_000), voluntary)?.quoteId).toBe("q2");
    expect(newestValid(quotes, new Date(at.getTime() + 60_000 + QUOTE_VALIDITY_MS), voluntary)).toBeUndefined();
    expect(
      withQuote(
        quotes,
        { ...other, quoteId: "q4", createdAt: new Date(at.getTime() + QUOTE_VALIDITY_MS + 61_000) },
        new Date(at.getTime() + QUOTE_VALIDITY_MS + 61_000),
      ).map((q) => q.quoteId),
    ).toEqual(["q3", "q4"]);
  });
});
