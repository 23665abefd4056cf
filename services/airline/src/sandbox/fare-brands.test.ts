import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import { ONE_ADULT, sandboxAt } from "./test-support.js";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT, cabin: "ECONOMY" };

const flightOf = (o: ProviderOffer) => o.segments.map((s) => `${s.carrier}${s.flightNo}`).join("+");
const firstBand = (bands: ProviderOffer["fareRules"]["cancellationPenalties"]) => bands[0]!.perPassengerPaise;

describe("fare brands", () => {
  it("sells each flight in a SAVER and a dearer refundable brand whose inclusions, price and rules say so", async () => {
    const offers = await sandboxAt().airline.searchFlights(BLR_CCU);
    const byFlight = new Map<string, ProviderOffer[]>();
    for (const o of offers) byFlight.set(flightOf(o), [...(byFlight.get(flightOf(o)) ?? []), o]);
    const pairs = [...byFlight.values()].filter((o) => o.length === 2);
    expect(pairs.length).toBeGreaterThan(3);
    for (const pair of pairs) {
      const saver = pair.find((o) => o.brand.code === "SAVER")!;
      const flexible = pair.find((o) => o.brand.code !== "SAVER")!;
      expect(saver.baseFare).toBeLessThan(flexible.baseFare);
      expect(saver.brand.inclusions.refundable).toBe(false);
      expect(saver.fareRules.refundable).toBe(false);
      expect(flexible.brand.inclusions).toMatchObject({ refundable: true, change: "INCLUDED", meal: "INCLUDED" });
      expect(flexible.fareRules.refundable).toBe(true);
      expect(flexible.brand.inclusions.checkedBaggageKg).toBeGreaterThan(saver.brand.inclusions.checkedBaggageKg);
      expect(firstBand(flexible.fareRules.cancellationPenalties)).toBeLessThan(firstBand(saver.fareRules.cancellationPenalties));
      expect(firstBand(flexible.fareRules.changeFees)).toBe(0);
      expect(firstBand(saver.fareRules.changeFees)).toBeGreaterThan(0);
    }
  });

  it("unbundles low-cost SAVER economy (meal and seat paid) and includes them at full-service carriers", async () => {
    const offers = await sandboxAt().airline.searchFlights(BLR_CCU);
    const savers = offers.filter((o) => o.brand.code === "SAVER");
    const lowCost = savers.filter((o) => o.brand.inclusions.meal === "PAID");
    const fullService = savers.filter((o) => o.brand.inclusions.meal === "INCLUDED");
    expect(lowCost.length).toBeGreaterThan(0);
    expect(fullService.length).toBeGreaterThan(0);
    for (const o of lowCost)
      expect(o.brand.inclusions).toEqual({
        checkedBaggageKg: 15,
        cabinBaggageKg: 7,
        meal: "PAID",
        seat: "PAID",
        change: "PAID",
        refundable: false,
      });
    for (const o of fullService) expect(o.brand.inclusions.seat).toBe("INCLUDED");
    // Offers share one frozen brand object per brand and inclusions.
    expect(new Set(offers.map((o) => o.brand)).size).toBeLessThanOrEqual(6);
    expect(Object.isFrozen(offers[0]!.brand)).toBe(true);
  });

  it("prices standard seats at nothing for a low-cost SUPER_FLEXI fare, as its brand includes a seat", async () => {
    const { airline } = sandboxAt();
    const saver = (await airline.searchFlights(BLR_CCU)).find(
      (o) => o.brand.code === "SAVER" && o.brand.inclusions.seat === "PAID" && o.segments.length === 1,
    )!;
    const superFlexi = saver.key.replace(/\/[A-Z]$/, "/Y");
    const prices = async (key: string) => (await airline.seatMap(key)).segments[0]!.rows.flatMap((r) => r.seats.map((s) => s.pricePaise));
    const [saverPrices, superFlexiPrices] = [await prices(saver.key), await prices(superFlexi)];
    expect(saverPrices.every((p) => p > 0)).toBe(true);
    // Standard seats free; front-row and extra-legroom seats keep their price.
    const free = superFlexiPrices.filter((p) => p === 0).length;
    expect(free).toBeGreaterThan(superFlexiPrices.length / 2);
    expect(superFlexiPrices.every((p, i) => p === 0 || p === saverPrices[i])).toBe(true);
    expect(superFlexiPrices.some((p) => p > 0)).toBe(true);
  });
});
