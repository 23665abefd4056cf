import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { Booking } from "../domain/booking.js";
import { quoteReschedule } from "./quote-reschedule.js";
import type { RescheduleItem } from "../domain/quotes.js";

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
