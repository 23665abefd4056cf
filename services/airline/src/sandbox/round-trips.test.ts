import { describe, expect, it } from "vitest";
import type { FlightQuery } from "@tarmac/airline-port";
import { ONE_ADULT, bounds, expectValidOffers, sandboxAt } from "./test-support.js";

const DEL_DXB: FlightQuery = {
  origin: "DEL",
  dest: "DXB",
  departureDate: "2026-12-01",
  returnDate: "2026-12-08",
  pax: { adult: 2, child: 1, infant: 0 },
};

describe("round trips", () => {
  it("hold the outbound segments, then the return segments, priced as one offer", async () => {
    const offers = await sandboxAt().airline.searchFlights(DEL_DXB);
    expect(offers.length).toBeGreaterThan(10);
    expectValidOffers(offers, DEL_DXB);
    for (const offer of offers) {
      const directions = offer.segments.map((s) => s.direction);
      expect(directions).toEqual([...directions].sort((a, b) => (a === b ? 0 : a === "OUTBOUND" ? -1 : 1)));
      const [out, back] = bounds(offer);
      expect(out![0]!.depTime.startsWith("2026-12-01")).toBe(true);
      expect(back![0]!.depTime.startsWith("2026-12-08")).toBe(true);
      expect(offer.key.split("~")).toHaveLength(2);
    }
    expect(new Set(offers.map((o) => o.key)).size).toBe(offers.length);
  });

  it("leaves on a same-day return only well after the outbound lands", async () => {
    const query: FlightQuery = { origin: "BLR", dest: "MAA", departureDate: "2026-12-01", returnDate: "2026-12-01", pax: ONE_ADULT };
    const offers = await sandboxAt().airline.searchFlights(query);
    expect(offers.length).toBeGreaterThan(0);
    expectValidOffers(offers, query);
    for (const offer of offers) {
      const [out, back] = bounds(offer);
      const landed = Date.parse(out!.at(-1)!.arrTime);
      expect(Date.parse(back![0]!.depTime) - landed).toBeGreaterThanOrEqual(2 * 60 * 60_000);
    }
  });

  it("combines fares of one carrier, cabin and fare family", async () => {
    const offers = await sandboxAt().airline.searchFlights(DEL_DXB);
    const flexible = new Set(["Y", "B", "M", "W", "J", "C", "F"]);
    for (const offer of offers) {
      expect(new Set(offer.segments.map((s) => flexible.has(s.bookingClass))).size).toBe(1);
      expect(new Set(offer.segments.map((s) => s.carrier))).toEqual(new Set([offer.airline]));
    }
  });

  it("keeps the combinations bounded: a few returns per outbound fare", async () => {
    const { airline } = sandboxAt();
    const { returnDate: _, ...oneWay } = DEL_DXB;
    const outbound = await airline.searchFlights(oneWay);
    const roundTrips = await airline.searchFlights(DEL_DXB);
    expect(roundTrips.length).toBeLessThanOrEqual(outbound.length * 2);
    expect(new Set(roundTrips.map((o) => o.key.split("~")[0])).size).toBeGreaterThan(outbound.length / 2);
  });
});
