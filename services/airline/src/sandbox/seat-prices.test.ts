import { describe, expect, it } from "vitest";
import type { SeatPosition } from "@tarmac/airline-port";
import { carrierByCode } from "./carriers.js";
import { type PricedSeat, seatPricePaise } from "./seat-prices.js";

const lowCost = carrierByCode("6E")!;
const fullService = carrierByCode("AI")!;
const economy = (position: SeatPosition, zone: "STANDARD" | "FRONT" | "LEGROOM" = "STANDARD"): PricedSeat => ({
  cabin: "ECONOMY",
  position,
  extraLegroom: zone === "LEGROOM",
  front: zone === "FRONT",
});

describe("seatPricePaise", () => {
  it("charges every economy seat on a low-cost carrier: middle < aisle < window, front and legroom dearer", () => {
    const price = (seat: PricedSeat) => seatPricePaise(seat, lowCost, 500);
    expect(price(economy("MIDDLE"))).toBeGreaterThan(0);
    expect(price(economy("MIDDLE"))).toBeLessThan(price(economy("AISLE")));
    expect(price(economy("AISLE"))).toBeLessThan(price(economy("WINDOW")));
    expect(price(economy("WINDOW"))).toBeLessThan(price(economy("MIDDLE", "FRONT")));
    expect(price(economy("WINDOW", "FRONT"))).toBeLessThan(price(economy("MIDDLE", "LEGROOM")));
  });

  it("includes a standard seat on a full-service carrier, and charges for the front and legroom", () => {
    const price = (seat: PricedSeat) => seatPricePaise(seat, fullService, 500);
    expect(price(economy("WINDOW"))).toBe(0);
    expect(price(economy("AISLE", "FRONT"))).toBeGreaterThan(0);
    expect(price(economy("AISLE", "LEGROOM"))).toBeGreaterThan(price(economy("AISLE", "FRONT")));
  });

  it("includes every seat in the dearer cabins", () => {
    for (const cabin of ["PREMIUM_ECONOMY", "BUSINESS", "FIRST"] as const) {
      expect(seatPricePaise({ cabin, position: "WINDOW", extraLegroom: false, front: true }, lowCost, 7000)).toBe(0);
    }
  });

  it("charges more on longer sectors, always in whole rupees", () => {
    const legroom = economy("WINDOW", "LEGROOM");
    const prices = [300, 2000, 5000, 9000].map((km) => seatPricePaise(legroom, fullService, km));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(prices).size).toBe(4);
    for (const p of prices) expect(p % 100).toBe(0);
  });
});
