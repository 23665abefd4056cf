import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { Booking } from "./booking.js";
import { quoteCancellation } from "./quote-cancellation.js";
import { quoteReschedule } from "./quote-reschedule.js";
import { newestValid, QUOTE_VALIDITY_MS, withQuote, type Quote, type RescheduleItem } from "./quotes.js";

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

describe("reschedule quotes", () => {
  const booking = bookingFixture({ status: "TICKETED", createdAt: new Date("2026-11-20T00:00:00Z") });
  const newFare = (netFare: number, overrides: Partial<(typeof booking.segments)[number]> = {}) => ({
    searchId: "srch_2",
    offerId: "off_2",
    providerOfferKey: "AI105.DELBOM.20261202/Y",
    currency: "INR",
    pricing: { ...booking.pricing, netFare },
    segments: [{ ...booking.segments[0]!, flightNo: "105", ...overrides }],
    fareRules: saver,
  });
  const quote = (
    fare: ReturnType<typeof newFare>,
    at = hoursBefore(100),
    searchedAt: Date | undefined = new Date("2026-11-21T00:00:00Z"),
    items: readonly RescheduleItem[] = [],
  ) =>
    quoteReschedule(
      booking,
      { quoteId: "r1", reasonCode: "CUSTOMER_REQUEST", newFare: fare, searchedAt, items },
      { otaFeePaise: OTA_FEE, now: at },
    );

  it("charges the fare difference, the old fare's change fee and the OTA fee", () => {
    const dearer = quote(newFare(booking.pricing.netFare + 120_000));
    expect([dearer.fareDifferencePaise, dearer.airlineChangeFeePaise, dearer.otaFeePaise]).toEqual([120_000, 100_000, OTA_FEE]);
    expect(dearer.totalPayablePaise).toBe(120_000 + 100_000 + OTA_FEE);
    const cheaper = quote(newFare(booking.pricing.netFare - 50_000), hoursBefore(10));
    expect([cheaper.fareDifferencePaise, cheaper.airlineChangeFeePaise]).toEqual([0, 250_000]);
  });

  it("takes dropped seats, baggage and meals off the payment and credits what is left over", () => {
    const item = (pricePaise: number, outcome: RescheduleItem["outcome"]): RescheduleItem => ({
      paxId: "ADT1",
      kind: "BAGGAGE",
      code: "XBAG10",
      quantity: 1,
      segmentIndex: 0,
      pricePaise,
      outcome,
      reason: "test",
    });
    const owed = 120_000 + 100_000 + OTA_FEE;
    const some = quote(newFare(booking.pricing.netFare + 120_000), hoursBefore(100), undefined, [
      item(45_000, "REFUNDED"),
      item(90_000, "CARRIED_OVER"),
    ]);
    expect([some.totalPayablePaise, some.itemsRefundPaise, some.refundPaise]).toEqual([owed - 45_000, 45_000, 0]);
    const more = quote(newFare(booking.pricing.netFare + 120_000), hoursBefore(100), undefined, [item(owed + 7_000, "REFUNDED")]);
    expect([more.totalPayablePaise, more.itemsRefundPaise, more.refundPaise]).toEqual([0, owed + 7_000, 7_000]);
  });

  it("refuses another route, an offer searched before the booking, and the offer already booked", () => {
    expect(() => quote(newFare(1, { dest: "GOI" }))).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
    expect(() => quote(newFare(1), hoursBefore(100), new Date("2026-11-19T00:00:00Z"))).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    );
    expect(() => quote({ ...newFare(1), offerId: booking.offerId })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });

  it("refuses a CANCELLED booking", () => {
    const cancelled = { ...booking, status: "CANCELLED" as const };
    expect(() =>
      quoteReschedule(
        cancelled,
        { quoteId: "r", reasonCode: "OTHER", newFare: newFare(1), searchedAt: new Date(), items: [] },
        { otaFeePaise: 0, now: new Date() },
      ),
    ).toThrow(expect.objectContaining({ code: "BOOKING_INVALID_STATE" }));
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
