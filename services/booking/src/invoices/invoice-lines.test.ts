import { DEFAULT_TAX_RATES } from "@tarmac/tax";
import { describe, expect, it } from "vitest";
import type { BookedExtra, BookedPassenger } from "../domain/booking.js";
import { quoteCancellation } from "../cancel/quote-cancellation.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { DocumentTerms } from "./document-lines.js";
import { additionContents, refundContents, summaryLines, ticketContents } from "./invoice-lines.js";

const TERMS: DocumentTerms = { ...DEFAULT_TAX_RATES, gstKind: "IGST", valuation: "ACTUAL" };
const fareLines = (b: typeof booking) => summaryLines(b, ticketContents(b, TERMS));

const meal = (paxId: string, pricePaise: number): BookedExtra => ({
  paxId,
  segmentIndex: 0,
  kind: "MEAL",
  code: "VGML",
  description: "Vegetarian meal",
  quantity: 1,
  unitPricePaise: pricePaise,
  pricePaise,
  weightKg: 0,
  ancillaryId: "MEAL-0-VGML",
  ancillaryToken: "tok",
});

/** Two adults; ADT1 has the seat (45000), ADT2 a meal (40000) bought with the booking. */
const booking = bookingFixture({
  passengers: [
    { paxId: "ADT1", type: "ADT", title: "MR", firstName: "Arjun", lastName: "Mehta", gender: "M", dob: "1985-04-12", nationality: "IN" },
    { paxId: "ADT2", type: "ADT", title: "MS", firstName: "Meera", lastName: "Mehta", gender: "F", dob: "1987-02-01", nationality: "IN" },
  ],
  extras: [meal("ADT2", 40_000)],
  extrasPaise: 40_000,
  debitPaise: 860_000 + 45_000 + 40_000,
});

describe("invoice lines", () => {
  it("put each passenger's own seats, baggage and meals on that passenger's tax invoice line, adding up to the debit", () => {
    const lines = fareLines(booking);
    expect(lines.map((l) => [l.paxId, l.seats, l.other])).toEqual([
      ["ADT1", 45_000, 0],
      ["ADT2", 0, 40_000],
    ]);
    expect(lines.reduce((sum, l) => sum + l.total, 0)).toBe(booking.debitPaise);
  });

  it("charge an addition to the passengers who bought it, nothing to the others", () => {
    const lines = summaryLines(booking, additionContents(booking, [meal("ADT1", 45_000), meal("ADT1", 5_000)]));
    expect(lines.map((l) => [l.paxId, l.other, l.total])).toEqual([
      ["ADT1", 50_000, 50_000],
      ["ADT2", 0, 0],
    ]);
  });

  it("credit a refund without the cancellation's items (earlier releases) as the airline's amounts, shared by fare weight", () => {
    const { credit, debit } = refundContents(
      booking,
      ticketContents(booking, TERMS),
      { amountPaise: 52_123, cancellationType: "VOLUNTARY", items: [] },
      TERMS,
    );
    expect(summaryLines(booking, credit).map((l) => l.total)).toEqual([26_062, 26_061]);
    expect(credit.supplies).toEqual([]);
    expect(debit.supplies).toEqual([]);
  });

  it("share a family's fare by the airline's fare per passenger type, the same allocation its cancellation quotes use", () => {
    const person = booking.passengers[0]!;
    const pax = (paxId: string, type: BookedPassenger["type"]): BookedPassenger => ({ ...person, paxId, type });
    // The airline's fares: an adult 7,000.00, a child 75% of it, a lap infant 10% (no seat, no airport fees).
    const pricing = { baseFare: 700_000 + 525_000 + 70_000, taxes: 80_000 + 71_250 + 3_500, commission: 20_000, otaMarkup: 30_000 };
    const netFare = pricing.baseFare + pricing.taxes + pricing.otaMarkup - pricing.commission;
    const family = bookingFixture({
      status: "TICKETED",
      passengers: [pax("ADT1", "ADT"), pax("CHD1", "CHD"), pax("INF1", "INF")],
      pricing: { ...pricing, agentMarkup: 0, netFare, finalPrice: netFare },
      debitPaise: netFare + 45_000,
    });
    const lines = fareLines(family);
    expect(lines.map((l) => [l.paxId, l.baseFare, l.seats])).toEqual([
      ["ADT1", 700_000, 45_000],
      ["CHD1", 525_000, 0],
      ["INF1", 70_000, 0],
    ]);
    // The infant's service fee is a tenth of the adult's, not a third of the booking's.
    const [adultFee, infantFee] = [lines[0]!.serviceFee + lines[0]!.igst, lines[2]!.serviceFee + lines[2]!.igst];
    expect(Math.abs(infantFee * 10 - adultFee)).toBeLessThanOrEqual(10);
    expect(lines.reduce((sum, l) => sum + l.total, 0)).toBe(family.debitPaise);

    // A cancellation refunding everything credits each passenger exactly that passenger's invoice line.
    const q = quoteCancellation(
      family,
      { quoteId: "q", reasonCode: "FLIGHT_CANCELLED", cancellationType: "INVOLUNTARY" },
      { otaFeePaise: 25_000, now: new Date("2026-11-22T06:00:00Z") },
    );
    const invoiced = ticketContents(family, TERMS);
    const refund = { amountPaise: q.refundAmountPaise, cancellationType: q.cancellationType, items: q.items ?? [] };
    const { credit } = refundContents(family, invoiced, refund, TERMS);
    const credited = summaryLines(family, credit).map((l) => [l.paxId, l.total]);
    expect(credited).toEqual(lines.map((l) => [l.paxId, l.total]));
    // Its tax too: each passenger's service fee line comes back exactly.
    expect(credit.supplies).toEqual(invoiced.supplies);
  });
});
