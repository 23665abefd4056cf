import { describe, expect, it } from "vitest";
import { airportDirectory } from "./airports/airport-directory.js";
import { addMonths, documentRequirements } from "./document-requirements.js";
import { ONE_ADULT, sandboxAt } from "./sandbox/test-support.js";

async function offersOf(origin: string, dest: string, departureDate = "2026-12-22") {
  const offers = await sandboxAt().airline.searchFlights({ origin, dest, departureDate, pax: ONE_ADULT });
  expect(offers.length).toBeGreaterThan(0);
  return offers;
}

describe("documentRequirements", () => {
  it("asks for passports at BOOK and an adult's PAN at TICKET on the sandbox's international routes", async () => {
    for (const [origin, dest] of [
      ["DEL", "DXB"],
      ["BOM", "SIN"],
      ["BLR", "LHR"],
    ] as const) {
      for (const offer of (await offersOf(origin, dest)).filter((o) => o.segments.every((s) => s.cabin === "ECONOMY")).slice(0, 5)) {
        const r = documentRequirements(offer.segments, airportDirectory());
        expect(r.international).toBe(true);
        expect(r.gst).toBeUndefined();
        const lastDate = offer.segments.at(-1)!.depTime.slice(0, 10);
        expect(r.passengers.map((p) => [p.type, p.dateOfBirth, p.passport?.requiredAt, p.pan])).toEqual([
          ["ADT", "BOOK", "BOOK", "TICKET"],
          ["CHD", "BOOK", "BOOK", undefined],
          ["INF", "BOOK", "BOOK", undefined],
        ]);
        expect(r.passengers[0]!.passport!.minExpiryDate).toBe(addMonths(lastDate, 6));
      }
    }
  });

  it("asks only for dates of birth on domestic economy fares, and GST details on business fares", async () => {
    const offers = await offersOf("DEL", "BOM");
    const economy = offers.find((o) => o.segments.every((s) => s.cabin === "ECONOMY"))!;
    const domestic = documentRequirements(economy.segments, airportDirectory());
    expect(domestic.international).toBe(false);
    expect(domestic.passengers.every((p) => p.dateOfBirth === "BOOK" && p.passport === undefined && p.pan === undefined)).toBe(true);
    expect(domestic.gst).toBeUndefined();
    const business = offers.find((o) => o.segments.some((s) => s.cabin === "BUSINESS"));
    expect(business).toBeDefined();
    expect(documentRequirements(business!.segments, airportDirectory()).gst).toBe("BOOK");
  });

  it("counts six months from the last flight's local date, ending short months on their last day", () => {
    expect(addMonths("2026-12-22", 6)).toBe("2027-06-22");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
  });
});
