import { defined, percentOf } from "@tarmac/kernel";
import type { Cabin, SeatPosition } from "@tarmac/airline-port";
import type { Carrier } from "./carriers.js";
import { roundToRupee } from "./pricing.js";

/** What a seat's price depends on. */
export interface PricedSeat {
  readonly cabin: Cabin;
  readonly position: SeatPosition;
  readonly extraLegroom: boolean;
  /** Among the first rows of its cabin (not counting extra-legroom rows): quicker off the aircraft. */
  readonly front: boolean;
}

/** Economy rows counted as the front of the cabin. */
export const FRONT_ROWS = 5;

/**
 * Per-seat prices in paise on a short sector. Low-cost carriers unbundle every seat (the middle
 * seat is the cheapest); full-service carriers include a standard seat in the fare and charge only
 * for the front and the extra legroom.
 */
const LOW_COST: Readonly<Record<"STANDARD" | "FRONT" | "LEGROOM", Readonly<Record<SeatPosition, number>>>> = {
  STANDARD: { WINDOW: 35_000, AISLE: 30_000, MIDDLE: 15_000 },
  FRONT: { WINDOW: 60_000, AISLE: 55_000, MIDDLE: 40_000 },
  LEGROOM: { WINDOW: 120_000, AISLE: 115_000, MIDDLE: 100_000 },
};
const FULL_SERVICE: Readonly<Record<"STANDARD" | "FRONT" | "LEGROOM", Readonly<Record<SeatPosition, number>>>> = {
  STANDARD: { WINDOW: 0, AISLE: 0, MIDDLE: 0 },
  FRONT: { WINDOW: 50_000, AISLE: 50_000, MIDDLE: 35_000 },
  LEGROOM: { WINDOW: 150_000, AISLE: 150_000, MIDDLE: 150_000 },
};

/** Longer sectors sell the same seat for more (hours in it), basis points by minimum distance. */
const DISTANCE_BP: readonly (readonly [number, number])[] = [
  [8000, 40_000],
  [4000, 30_000],
  [1500, 16_000],
  [0, 10_000],
];

function distanceBp(km: number): number {
  return (DISTANCE_BP.find(([minKm]) => km >= minKm) ?? defined(DISTANCE_BP.at(-1), "last distance band"))[1];
}

/**
 * Price of one seat for one passenger, whole rupees in paise. Premium economy, business and first
 * seats come with the fare, and so does a standard seat when the fare's brand includes one.
 */
export function seatPricePaise(seat: PricedSeat, carrier: Carrier, distanceKm: number, standardSeatIncluded = false): number {
  if (seat.cabin !== "ECONOMY") return 0;
  const table = carrier.model === "LOW_COST" ? LOW_COST : FULL_SERVICE;
  const zone = seat.extraLegroom ? "LEGROOM" : seat.front ? "FRONT" : "STANDARD";
  if (zone === "STANDARD" && standardSeatIncluded) return 0;
  return roundToRupee(percentOf(table[zone][seat.position], distanceBp(distanceKm)));
}
