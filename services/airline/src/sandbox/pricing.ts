import { defined, percentOf } from "@tarmac/kernel";
import type { Cabin, PassengerCounts } from "@tarmac/airline-port";
import type { Itinerary } from "./itineraries.js";
import { randomFor } from "./random.js";

/** Cabin fare over the economy reference fare, basis points. */
const CABIN_BP: Readonly<Record<Cabin, number>> = {
  ECONOMY: 10_000,
  PREMIUM_ECONOMY: 17_000,
  BUSINESS: 35_000,
  FIRST: 60_000,
};

/** Fares rise as departure nears: basis points by minimum days to departure, nearest last. */
const DAYS_OUT_BP: readonly (readonly [number, number])[] = [
  [90, 8_500],
  [60, 9_000],
  [30, 9_500],
  [21, 10_000],
  [14, 10_800],
  [7, 12_000],
  [3, 14_000],
  [0, 16_500],
];

/** A connection sells below the sum of its legs and below the non-stop. */
const CONNECTION_BP = 9_000;
export const ROUND_TRIP_BP = 9_500;
const CHILD_BP = 7_500;
const INFANT_BP = 1_000;

export function daysOutBp(daysOut: number): number {
  return (DAYS_OUT_BP.find(([minDays]) => daysOut >= minDays) ?? defined(DAYS_OUT_BP.at(-1), "last days-out band"))[1];
}

/** Airline fares are filed in whole rupees. */
export function roundToRupee(paise: number): number {
  return Math.floor((paise + 50) / 100) * 100;
}

/**
 * Economy reference fare of a distance, paise per adult: a fixed part plus a rate per km that
 * tapers after 2,000 km (DEL-BOM, 1,138 km: 6,052 rupees; DEL-LHR, 6,731 km: 23,693 rupees).
 */
export function distanceFare(km: number): number {
  const whole = Math.round(km);
  return 150_000 + 400 * Math.min(whole, 2000) + 300 * Math.max(0, whole - 2000);
}

/**
 * The cabin's reference fare per adult for one direction, before the booking class: flown distance,
 * cabin, days to departure and a seeded jitter of +-12% per itinerary, cabin and day of search.
 */
export function referenceFare(itinerary: Itinerary, cabin: Cabin, daysOut: number, today: string): number {
  const flownKm = itinerary.flights.reduce((sum, f) => sum + f.distanceKm, 0);
  const jitterBp = randomFor("fare", today, itinerary.id, cabin).int(8_800, 11_200);
  let fare = percentOf(distanceFare(flownKm), CABIN_BP[cabin]);
  fare = percentOf(fare, daysOutBp(daysOut));
  fare = percentOf(fare, jitterBp);
  if (itinerary.flights.length > 1) fare = percentOf(fare, CONNECTION_BP);
  return fare;
}

/** Fixed taxes and fees per segment per seated passenger (airport, security, development fees). */
const SEGMENT_FEE_DOMESTIC = 45_000;
const SEGMENT_FEE_INTERNATIONAL = 160_000;

export interface TaxedSegment {
  readonly origin: { readonly country: string };
  readonly dest: { readonly country: string };
}

/** GST-like percentage on the base fare: 5% in economy cabins, 12% in premium ones. */
function taxBp(cabin: Cabin): number {
  return cabin === "BUSINESS" || cabin === "FIRST" ? 1_200 : 500;
}

export interface OfferAmounts {
  readonly baseFare: number;
  readonly taxes: number;
}

/**
 * Totals for all passengers from the adult fare: a child pays 75%, an infant 10% and, having no
 * seat, no per-segment fees. Each passenger's amounts are whole paise before they are added up.
 */
export function offerAmounts(adultFare: number, pax: PassengerCounts, cabin: Cabin, segments: readonly TaxedSegment[]): OfferAmounts {
  const childFare = roundToRupee(percentOf(adultFare, CHILD_BP));
  const infantFare = roundToRupee(percentOf(adultFare, INFANT_BP));
  const fees = segments.reduce(
    (sum, s) => sum + (s.origin.country === s.dest.country ? SEGMENT_FEE_DOMESTIC : SEGMENT_FEE_INTERNATIONAL),
    0,
  );
  const bp = taxBp(cabin);
  return {
    baseFare: pax.adult * adultFare + pax.child * childFare + pax.infant * infantFare,
    taxes:
      pax.adult * (fees + percentOf(adultFare, bp)) +
      pax.child * (fees + percentOf(childFare, bp)) +
      pax.infant * percentOf(infantFare, bp),
  };
}
