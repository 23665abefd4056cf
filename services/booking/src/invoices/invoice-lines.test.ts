import { DEFAULT_TAX_RATES } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import type { BookedExtra } from "../domain/booking.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import { fareLines, itemLines, refundLines } from "./invoice-lines.js";

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
    const lines = fareLines(booking, DEFAULT_TAX_RATES, "IGST", booking.debitPaise);
    expect(lines.map((l) => [l.paxId, l.seats, l.other])).toEqual([
      ["ADT1", 45_000, 0],
      ["ADT2", 0, 40_000],
    ]);
    expect(lines.reduce((sum, l) => sum + l.total, 0)).toBe(booking.debitPaise);
  });

  it("charge an addition to the passengers who bought it, nothing to the others", () => {
    const lines = itemLines(booking, [meal("ADT1", 45_000), meal("ADT1", 5_000)]);
    expect(lines.map((l) => [l.paxId, l.other, l.total])).toEqual([
      ["ADT1", 50_000, 50_000],
      ["ADT2", 0, 0],
    ]);
  });

  it("credit each passenger's own refund, and share out equally only what no passenger's item accounts for (cancellations without items)", () => {
    expect(refundLines(booking, 52_122, [{ paxId: "ADT2", pricePaise: 52_122 }]).map((l) => [l.paxId, l.other, l.total])).toEqual([
      ["ADT1", 0, 0],
      ["ADT2", 52_122, 52_122],
    ]);
    expect(refundLines(booking, 52_123, []).map((l) => l.total)).toEqual([26_062, 26_061]);
  });
});
