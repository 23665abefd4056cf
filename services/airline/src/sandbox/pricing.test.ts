import { describe, expect, it } from "vitest";
import { daysOutBp, distanceFare, offerAmounts, roundToRupee } from "./pricing.js";

const domestic = { origin: { country: "India" }, dest: { country: "India" } };
const international = { origin: { country: "India" }, dest: { country: "United Kingdom" } };

describe("fares", () => {
  it("grow with distance, less per km past 2,000 km", () => {
    expect(distanceFare(1138)).toBe(605_200);
    expect(distanceFare(3000) - distanceFare(2000)).toBeLessThan(distanceFare(2000) - distanceFare(1000));
  });

  it("are cheapest far out and dearest close to departure", () => {
    const curve = [180, 90, 60, 45, 30, 21, 14, 7, 3, 1, 0].map(daysOutBp);
    expect(curve).toEqual([...curve].sort((a, b) => a - b));
    expect(daysOutBp(0)).toBeGreaterThan(daysOutBp(90));
  });

  it("round half up to whole rupees", () => {
    expect(roundToRupee(12_349)).toBe(12_300);
    expect(roundToRupee(12_350)).toBe(12_400);
    expect(roundToRupee(0)).toBe(0);
  });
});

describe("offerAmounts", () => {
  it("charges a child 75% and an infant 10% of the adult fare", () => {
    const one = offerAmounts(500_000, { adult: 1, child: 0, infant: 0 }, "ECONOMY", [domestic]);
    const family = offerAmounts(500_000, { adult: 2, child: 1, infant: 1 }, "ECONOMY", [domestic]);
    expect(one.baseFare).toBe(500_000);
    expect(family.baseFare).toBe(2 * 500_000 + 375_000 + 50_000);
  });

  it("adds per-segment fees for seated passengers only, plus a percentage on every fare", () => {
    const adult = offerAmounts(500_000, { adult: 1, child: 0, infant: 0 }, "ECONOMY", [domestic, domestic]);
    const withInfant = offerAmounts(500_000, { adult: 1, child: 0, infant: 1 }, "ECONOMY", [domestic, domestic]);
    expect(adult.taxes).toBe(2 * 45_000 + 25_000);
    expect(withInfant.taxes - adult.taxes).toBe(2_500);
  });

  it("charges more fees abroad and a higher percentage in business", () => {
    const economy = offerAmounts(1_000_000, { adult: 1, child: 0, infant: 0 }, "ECONOMY", [international]);
    const business = offerAmounts(1_000_000, { adult: 1, child: 0, infant: 0 }, "BUSINESS", [international]);
    expect(economy.taxes).toBe(160_000 + 50_000);
    expect(business.taxes).toBe(160_000 + 120_000);
  });

  it("keeps every amount a whole number of paise", () => {
    for (let fare = 100_000; fare < 2_000_000; fare += 33_300) {
      const { baseFare, taxes } = offerAmounts(fare, { adult: 3, child: 2, infant: 2 }, "PREMIUM_ECONOMY", [international, domestic]);
      expect(Number.isSafeInteger(baseFare) && Number.isSafeInteger(taxes)).toBe(true);
    }
  });
});
