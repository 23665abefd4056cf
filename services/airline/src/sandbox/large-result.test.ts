import { describe, expect, it } from "vitest";
import { type FlightQuery, CABINS } from "@tarmac/airline-port";
import { fareClassesOf } from "./fare-classes.js";
import { ONE_ADULT, expectValidOffers, sandboxAt } from "./test-support.js";

const DEL_BOM: FlightQuery = { origin: "DEL", dest: "BOM", departureDate: "2026-12-01", pax: ONE_ADULT };

describe("large-result scenario: DEL <-> BOM", () => {
  it("returns thousands of valid offers with unique keys, in both directions", async () => {
    const { airline } = sandboxAt();
    for (const query of [DEL_BOM, { ...DEL_BOM, origin: "BOM", dest: "DEL" }]) {
      const offers = await airline.searchFlights(query);
      expect(offers.length).toBeGreaterThanOrEqual(2_500);
      expect(new Set(offers.map((o) => o.key)).size).toBe(offers.length);
      expectValidOffers(offers, query);
    }
  });

  it("stays above 2,500 offers even the evening before departure", async () => {
    const offers = await sandboxAt("2026-11-30T18:00:00Z").airline.searchFlights(DEL_BOM);
    expect(offers.length).toBeGreaterThanOrEqual(2_500);
  });

  it("spreads over carriers, the whole day, connections and every booking class", async () => {
    const offers = await sandboxAt().airline.searchFlights(DEL_BOM);
    expect(new Set(offers.map((o) => o.airline))).toEqual(new Set(["6E", "AI", "SG", "QP", "IX"]));
    const hours = new Set(offers.map((o) => o.segments[0]!.depTime.slice(11, 13)));
    expect(hours.size).toBeGreaterThanOrEqual(17);
    expect(offers.filter((o) => o.segments.length === 1).length).toBeGreaterThan(200);
    expect(offers.filter((o) => o.segments.length === 2).length).toBeGreaterThan(1_000);
    const classes = new Set(offers.map((o) => o.segments[0]!.bookingClass));
    const everyClass = CABINS.flatMap((c) => fareClassesOf(c).map((f) => f.code));
    expect([...classes].sort()).toEqual([...everyClass].sort());
  });

  it("is the only route that large: an ordinary trunk route shows what a shopper compares", async () => {
    const offers = await sandboxAt().airline.searchFlights({ ...DEL_BOM, dest: "BLR" });
    expect(offers.length).toBeGreaterThan(20);
    expect(offers.length).toBeLessThan(300);
  });

  it("pairs round trips within bounds and stays deterministic", async () => {
    const { airline } = sandboxAt();
    const query = { ...DEL_BOM, returnDate: "2026-12-04" };
    const offers = await airline.searchFlights(query);
    expect(offers.length).toBeGreaterThanOrEqual(2_500);
    expect(offers.length).toBeLessThanOrEqual(2 * (await airline.searchFlights(DEL_BOM)).length);
    expect(new Set(offers.map((o) => o.key)).size).toBe(offers.length);
    expect(await airline.searchFlights(query)).toEqual(offers);
  });
});
