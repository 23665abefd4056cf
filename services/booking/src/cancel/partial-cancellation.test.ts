import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { Booking, BookedPassenger } from "../domain/booking.js";
import { quoteCancellation } from "./quote-cancellation.js";
import type { CancellationQuote, CancellationScope, CancellationType, ReasonCode } from "../domain/quotes.js";

const OTA_FEE = 25_000;
const adultPax = bookingFixture().passengers[0]!;
const pax = (paxId: string, type: BookedPassenger["type"]): BookedPassenger => ({ ...adultPax, paxId, type });
const outbound = bookingFixture().segments[0]!;
const back = {
  ...outbound,
  flightNo: "102",
  origin: "BOM",
  dest: "DEL",
  depTime: "2026-12-05T06:00:00+05:30",
  arrTime: "2026-12-05T08:10:00+05:30",
  direction: "RETURN" as const,
};
const saver: Booking["fareRules"] = { ...bookingFixture().fareRules, refundable: false };

/** Two adults, a child and ADT1's infant on a DEL-BOM-DEL round trip: debited 40,000.00 plus ADT1's two seats. */
function family(overrides: Partial<Booking> = {}): Booking {
  return bookingFixture({
    status: "TICKETED",
    passengers: [pax("ADT1", "ADT"), pax("ADT2", "ADT"), pax("CHD1", "CHD"), pax("INF1", "INF")],
    segments: [outbound, back],
    pricing: { ...bookingFixture().pricing, baseFare: 3_200_000, taxes: 600_000 },
    seats: [
      { paxId: "ADT1", segmentIndex: 0, seat: "12C", pricePaise: 45_000, ancillaryId: "S0", ancillaryToken: "t" },
      { paxId: "ADT1", segmentIndex: 1, seat: "14C", pricePaise: 30_000, ancillaryId: "S1", ancillaryToken: "t" },
    ],
    seatsPaise: 75_000,
    debitPaise: 4_075_000,
    ...overrides,
  });
}

const at = new Date("2026-11-22T06:00:00Z"); // more than 72 hours before either direction
const afterOutbound = new Date("2026-12-01T03:00:00Z"); // the outbound left at 00:30 UTC, the return leaves on the 5th
const afterBoth = new Date("2026-12-05T03:00:00Z"); // the return left at 00:30 UTC
const quote = (
  booking: Booking,
  scope: Partial<CancellationScope> = {},
  reasonCode: ReasonCode = "CUSTOMER_REQUEST",
  cancellationType: CancellationType = "VOLUNTARY",
  now = at,
): CancellationQuote =>
  quoteCancellation(
    booking,
    { quoteId: "q", reasonCode, cancellationType, scope: { passengerIds: [], directions: [], ...scope } },
    { otaFeePaise: OTA_FEE, now },
  );

function expectConsistent(q: CancellationQuote, booking: Booking): void {
  const items = q.items ?? [];
  const sum = (f: "airlinePenaltyPaise" | "otaFeePaise" | "refundAmountPaise") => items.reduce((s, i) => s + i[f], 0);
  expect([sum("airlinePenaltyPaise"), sum("otaFeePaise"), sum("refundAmountPaise")]).toEqual([
    q.airlinePenaltyPaise,
    q.otaFeePaise,
    q.refundAmountPaise,
  ]);
  for (const item of items) {
    for (const v of [item.airlinePenaltyPaise, item.otaFeePaise, item.refundAmountPaise]) expect(v).toBeGreaterThanOrEqual(0);
    expect(item.refundAmountPaise).toBeLessThanOrEqual(item.paidPaise);
  }
  expect(q.refundAmountPaise).toBeLessThanOrEqual(booking.debitPaise);
}

describe("partial cancellation quotes", () => {
  it("keeps today's whole-booking figures when neither passengers nor directions are given, itemised to the same totals", () => {
    const booking = family();
    const whole = quote(booking);
    const seated = 3;
    expect(whole.airlinePenaltyPaise).toBe(150_000 * seated);
    expect(whole.refundAmountPaise).toBe(booking.debitPaise - 150_000 * seated - OTA_FEE);
    expect(whole.items).toHaveLength(8);
    expect(whole.staysBooked).toEqual([]);
    expectConsistent(whole, booking);
  });

  it("prices one adult on one direction of a refundable fare: half the band, its share of the fee, its own seat back", () => {
    const booking = family();
    const q = quote(booking, { passengerIds: ["ADT2"], directions: ["RETURN"] });
    expect(q.items).toEqual([
      {
        paxId: "ADT2",
        direction: "RETURN",
        paidPaise: expect.any(Number),
        airlinePenaltyPaise: 75_000,
        otaFeePaise: OTA_FEE,
        refundAmountPaise: expect.any(Number),
      },
    ]);
    const item = q.items![0]!;
    expect(item.refundAmountPaise).toBe(item.paidPaise - 75_000 - OTA_FEE);
    expect(q.staysBooked).toHaveLength(7);
    expect(q.coupons).toEqual([{ paxId: "ADT2", segmentIndex: 1 }]);
    // ADT1 paid for two seats: each direction's part carries its own.
    const adt1 = quote(booking, { passengerIds: ["ADT1", "INF1"] }).items!.filter((i) => i.paxId === "ADT1");
    expect(adt1[0]!.paidPaise - adt1[1]!.paidPaise).toBe(45_000 - 30_000);
    expectConsistent(q, booking);
  });

  it("gives baggage and meals back to the part that bought them, not shared out by weight", () => {
    const bag = {
      paxId: "ADT2",
      segmentIndex: 1,
      kind: "BAGGAGE" as const,
      code: "XBAG15",
      description: "15 kg extra checked baggage",
      quantity: 1,
      unitPricePaise: 90_000,
      pricePaise: 90_000,
      weightKg: 15,
      ancillaryId: "X1",
      ancillaryToken: "t",
    };
    const plain = family();
    const withBag = family({ extras: [bag], extrasPaise: 90_000, debitPaise: 4_075_000 + 90_000 });
    const scope = { passengerIds: ["ADT2"], directions: ["RETURN" as const] };
    const [before, after] = [quote(plain, scope), quote(withBag, scope)];
    expect(after.items![0]!.paidPaise - before.items![0]!.paidPaise).toBe(90_000);
    expect(after.refundAmountPaise - before.refundAmountPaise).toBe(90_000);
    // Everyone else's share is what it was without the bag.
    const others = (b: Booking) => quote(b, { passengerIds: ["ADT1", "INF1", "CHD1"] }).items!.map((i) => i.paidPaise);
    expect(others(withBag)).toEqual(others(plain));
    expectConsistent(after, withBag);
  });

  it("forfeits a non-refundable part's base fare, refunds only taxes on NO_SHOW, and everything when the flight was cancelled", () => {
    const refundable = family();
    const nonRefundable = family({ fareRules: saver });
    const both = { passengerIds: ["ADT2"] };
    const saverQuote = quote(nonRefundable, both);
    const plain = quote(refundable, both);
    expect(saverQuote.airlinePenaltyPaise).toBeGreaterThan(plain.airlinePenaltyPaise);
    // ADT2's base fare: 200 of the 570 weight points (two adults and a child at 75%, an infant at 10%, both ways).
    expect(Math.abs(saverQuote.airlinePenaltyPaise - (3_200_000 * 200) / 570)).toBeLessThanOrEqual(2);
    const noShow = quote(refundable, both, "NO_SHOW", "VOLUNTARY", afterBoth);
    const paid = noShow.items!.reduce((s, i) => s + i.paidPaise, 0);
    const taxes = paid - noShow.airlinePenaltyPaise;
    expect(Math.abs(taxes - (600_000 * 200) / 570)).toBeLessThanOrEqual(2);
    expect(noShow.refundAmountPaise).toBe(taxes - OTA_FEE);
    const involuntary = quote(nonRefundable, both, "FLIGHT_CANCELLED", "INVOLUNTARY");
    expect([involuntary.airlinePenaltyPaise, involuntary.otaFeePaise, involuntary.refundAmountPaise]).toEqual([0, 0, paid]);
    const wholeInvoluntary = quote(refundable, {}, "SCHEDULE_CHANGE", "INVOLUNTARY");
    expect(wholeInvoluntary.airlinePenaltyPaise).toBe(0);
    for (const q of [saverQuote, plain, noShow, involuntary, wholeInvoluntary]) expectConsistent(q, refundable);
  });

  it("never goes negative, and the parts of a booking never refund more than it cost", () => {
    const booking = family({ fareRules: { ...saver } });
    const parts = ["ADT1", "ADT2", "CHD1", "INF1"].flatMap((id) => (["OUTBOUND", "RETURN"] as const).map((d) => ({ id, d })));
    let refunded = 0;
    for (const reason of ["CUSTOMER_REQUEST", "NO_SHOW"] as const) {
      const each = quote(booking, {}, reason, "VOLUNTARY", afterBoth).items!;
      for (const item of each) expect(item.refundAmountPaise).toBeGreaterThanOrEqual(0);
    }
    const steep = family({
      fareRules: {
        ...booking.fareRules,
        refundable: true,
        cancellationPenalties: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 9_000_000 }],
      },
    });
    for (const { id, d } of parts.filter((p) => p.id !== "INF1" && p.id !== "ADT1")) {
      const q = quote(steep, { passengerIds: [id], directions: [d] }, "CUSTOMER_REQUEST", "VOLUNTARY");
      expectConsistent(q, steep);
      refunded += q.refundAmountPaise;
    }
    expect(refunded).toBeLessThanOrEqual(steep.debitPaise);
  });
});

describe("partial cancellation rules", () => {
  it("refuses to leave an infant without its adult, or a child without any adult, naming passenger_ids", () => {
    const booking = family();
    expect(() => quote(booking, { passengerIds: ["ADT1"] })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
    try {
      quote(booking, { passengerIds: ["ADT1"] });
    } catch (error) {
      expect((error as { errors: { field: string; message: string }[] }).errors[0]).toMatchObject({
        field: "passenger_ids",
        message: expect.stringContaining("INF1 travels on ADT1's lap"),
      });
    }
    expect(quote(booking, { passengerIds: ["ADT1", "INF1"] }).items).toHaveLength(4);
    expect(() => quote(booking, { passengerIds: ["ADT1", "ADT2", "INF1"] })).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    );
    // The infant alone may go.
    expect(quote(booking, { passengerIds: ["INF1"], directions: ["RETURN"] }).items).toHaveLength(1);
  });

  it("refuses unknown or already cancelled passengers and directions the booking does not have", () => {
    const booking = family({
      cancelledCoupons: [
        { paxId: "ADT2", segmentIndex: 0 },
        { paxId: "ADT2", segmentIndex: 1 },
      ],
    });
    expect(() => quote(booking, { passengerIds: ["ADT2"] })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
    expect(() => quote(booking, { passengerIds: ["ADT7"] })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
    const oneWay = bookingFixture({ status: "TICKETED" });
    expect(() => quote(oneWay, { directions: ["RETURN"] })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
    // What is left is cancelled without naming it: ADT2 is not in it.
    expect(quote(booking).items!.map((i) => i.paxId)).not.toContain("ADT2");
  });

  it("answers BOOKING_DIRECTION_NOT_CANCELLABLE for one direction of a non-refundable round trip, unless the airline caused it", () => {
    const booking = family({ fareRules: saver });
    expect(() => quote(booking, { directions: ["RETURN"] })).toThrow(
      expect.objectContaining({ code: "BOOKING_DIRECTION_NOT_CANCELLABLE" }),
    );
    expect(quote(booking, { directions: ["RETURN"] }, "FLIGHT_CANCELLED", "INVOLUNTARY").refundAmountPaise).toBeGreaterThan(0);
    expect(quote(booking, { directions: ["OUTBOUND", "RETURN"] }).items).toHaveLength(8);
    expect(quote(family(), { directions: ["RETURN"] }).items).toHaveLength(4);
  });

  it("lets a no-show take one direction of a non-refundable round trip (taxes back), and only as VOLUNTARY", () => {
    const booking = family({ fareRules: saver });
    const noShow = quote(booking, { directions: ["OUTBOUND"] }, "NO_SHOW", "VOLUNTARY", afterOutbound);
    expect(noShow.items!.map((i) => i.direction)).toEqual(["OUTBOUND", "OUTBOUND", "OUTBOUND", "OUTBOUND"]);
    // The penalty keeps everything but each part's taxes.
    for (const item of noShow.items!) expect(item.refundAmountPaise).toBeLessThan(item.paidPaise);
    expect(noShow.refundAmountPaise).toBeGreaterThan(0);
    expect(() => quote(booking, { directions: ["OUTBOUND"] }, "NO_SHOW", "INVOLUNTARY", afterOutbound)).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED", errors: [expect.objectContaining({ field: "cancellation_type" })] }),
    );
  });

  it("refuses NO_SHOW before the first departure of a direction it takes, naming reason_code, and cancels nothing", () => {
    const booking = family({ fareRules: saver });
    const noShowFailure = (scope: Partial<CancellationScope>, now: Date) => {
      try {
        quote(booking, scope, "NO_SHOW", "VOLUNTARY", now);
      } catch (error) {
        return error as { code: string; errors: { field: string; message: string }[] };
      }
      throw new Error("quoted");
    };
    // Fourteen days out: nobody can have missed a flight yet, whatever the scope.
    for (const scope of [{}, { directions: ["RETURN" as const] }, { passengerIds: ["ADT2"], directions: ["OUTBOUND" as const] }]) {
      const failure = noShowFailure(scope, new Date("2026-11-17T06:00:00Z"));
      expect(failure.code).toBe("VALIDATION_FAILED");
      expect(failure.errors).toEqual([expect.objectContaining({ field: "reason_code", message: expect.stringContaining("NO_SHOW") })]);
    }
    // After the outbound left: a no-show on it is accepted, one on the return (or the whole trip) is not yet.
    expect(quote(booking, { directions: ["OUTBOUND"] }, "NO_SHOW", "VOLUNTARY", afterOutbound).refundAmountPaise).toBeGreaterThan(0);
    expect(noShowFailure({ directions: ["RETURN"] }, afterOutbound).errors[0]!.message).toContain("RETURN");
    expect(noShowFailure({}, afterOutbound).errors[0]!.message).toContain("RETURN");
    // The return gone too: the whole trip may be claimed.
    expect(quote(booking, {}, "NO_SHOW", "VOLUNTARY", afterBoth).items).toHaveLength(8);
  });
});

describe("void", () => {
  // Ticketed at 23:30 IST on 22 November (18:00 UTC): voidable until 23:59:59.999 IST that day.
  const ticketed = family({
    statusHistory: [
      { status: "BOOKED", at: new Date("2026-11-22T17:55:00Z"), reason: "" },
      { status: "TICKETED", at: new Date("2026-11-22T18:00:00Z"), reason: "" },
    ],
  });

  it("voids the whole booking until 23:59 IST of the ticketing day: no penalty, no fee, everything back; not a minute after midnight", () => {
    const inside = new Date("2026-11-22T18:29:00Z"); // 23:59 IST
    const q = quote(ticketed, {}, "CUSTOMER_REQUEST", "VOID", inside);
    expect([q.airlinePenaltyPaise, q.otaFeePaise, q.refundAmountPaise]).toEqual([0, 0, ticketed.debitPaise]);
    expect(q.voidEligibleUntil).toEqual(new Date("2026-11-22T18:29:59.999Z"));
    expectConsistent(q, ticketed);
    const voluntary = quote(ticketed, {}, "CUSTOMER_REQUEST", "VOLUNTARY", inside);
    expect(voluntary.voidEligibleUntil).toEqual(q.voidEligibleUntil);
    // A quote for part of the booking could never be confirmed as a void: it does not offer one.
    expect(quote(ticketed, { passengerIds: ["ADT2"] }, "CUSTOMER_REQUEST", "VOLUNTARY", inside).voidEligibleUntil).toBeUndefined();
    const after = new Date("2026-11-22T18:31:00Z"); // 00:01 IST on the 23rd
    expect(() => quote(ticketed, {}, "CUSTOMER_REQUEST", "VOID", after)).toThrow(
      expect.objectContaining({ code: "BOOKING_VOID_NOT_ALLOWED" }),
    );
    expect(quote(ticketed, {}, "CUSTOMER_REQUEST", "VOLUNTARY", after).voidEligibleUntil).toBeUndefined();
  });

  it("voids only a whole, ticketed booking, and charges the configured void fee", () => {
    const inside = new Date("2026-11-22T18:10:00Z");
    expect(() => quote(ticketed, { passengerIds: ["ADT2"] }, "CUSTOMER_REQUEST", "VOID", inside)).toThrow(
      expect.objectContaining({ code: "BOOKING_VOID_NOT_ALLOWED" }),
    );
    expect(() => quote({ ...ticketed, status: "BOOKED" }, {}, "CUSTOMER_REQUEST", "VOID", inside)).toThrow(
      expect.objectContaining({ code: "BOOKING_VOID_NOT_ALLOWED" }),
    );
    const fee = quoteCancellation(
      ticketed,
      { quoteId: "q", reasonCode: "OTHER", cancellationType: "VOID" },
      { otaFeePaise: OTA_FEE, voidFeePaise: 10_000, now: inside },
    );
    expect([fee.otaFeePaise, fee.refundAmountPaise]).toEqual([10_000, ticketed.debitPaise - 10_000]);
  });
});
