import { defined } from "@tarmac/kernel";
import { stricterFareRules, type Cabin, type FareRules, type PenaltyBand } from "@tarmac/airline-port";
import type { FareClass } from "./fare-classes.js";

/** Where the charges step up: 3 days, 1 day and 2 hours before departure, then up to departure. */
export const BAND_HOURS: readonly number[] = [72, 24, 2, 0];

/** International fares charge this many times the domestic amounts. */
const INTERNATIONAL_FACTOR = 3;

/** Full fare: the dearest class of its cabin (rank 0: Y, W, J, F); flexible: the other refundable ones. */
type Tier = "FULL_FARE" | "FLEXIBLE" | "SAVER";
type CabinGroup = "ECONOMY_CABINS" | "PREMIUM_CABINS";

/**
 * Rupees per seated passenger on a domestic fare, one amount per `BAND_HOURS` band (README, Fare
 * rules). The full fare is the most flexible; business and first charge less than economy and
 * premium economy. Savers are filed as real airlines file them, `refundable: false` with ordinary
 * bands: that a non-refundable fare forfeits its base fare is booking's rule, not the airline's.
 */
const CANCELLATION_RUPEES: Readonly<Record<Tier, Readonly<Record<CabinGroup, readonly number[]>>>> = {
  FULL_FARE: { ECONOMY_CABINS: [0, 500, 1_000, 1_500], PREMIUM_CABINS: [0, 0, 500, 1_000] },
  FLEXIBLE: { ECONOMY_CABINS: [500, 1_000, 1_500, 2_500], PREMIUM_CABINS: [0, 500, 750, 1_250] },
  SAVER: { ECONOMY_CABINS: [3_000, 3_500, 4_000, 4_500], PREMIUM_CABINS: [2_500, 3_000, 3_500, 4_000] },
};

const CHANGE_RUPEES: Readonly<Record<Tier, Readonly<Record<CabinGroup, readonly number[]>>>> = {
  FULL_FARE: { ECONOMY_CABINS: [0, 250, 500, 1_000], PREMIUM_CABINS: [0, 0, 0, 500] },
  FLEXIBLE: { ECONOMY_CABINS: [0, 500, 1_000, 1_500], PREMIUM_CABINS: [0, 0, 250, 750] },
  SAVER: { ECONOMY_CABINS: [2_000, 2_500, 3_000, 3_500], PREMIUM_CABINS: [1_500, 2_000, 2_500, 3_000] },
};

function tierOf(fareClass: FareClass): Tier {
  if (!fareClass.refundable) return "SAVER";
  return fareClass.rank === 0 ? "FULL_FARE" : "FLEXIBLE";
}

function cabinGroupOf(cabin: Cabin): CabinGroup {
  return cabin === "BUSINESS" || cabin === "FIRST" ? "PREMIUM_CABINS" : "ECONOMY_CABINS";
}

function bands(rupees: readonly number[], factor: number): PenaltyBand[] {
  return BAND_HOURS.map((minHoursBeforeDeparture, i) => ({
    minHoursBeforeDeparture,
    perPassengerPaise: defined(rupees[i], "band amount") * 100 * factor,
  }));
}

function deepFrozen(rules: FareRules): FareRules {
  for (const list of [rules.cancellationPenalties, rules.changeFees]) {
    list.forEach((band) => Object.freeze(band));
    Object.freeze(list);
  }
  return Object.freeze(rules);
}

function rulesOf(fareClass: FareClass, international: boolean): FareRules {
  const tier = tierOf(fareClass);
  const group = cabinGroupOf(fareClass.cabin);
  const factor = international ? INTERNATIONAL_FACTOR : 1;
  return {
    refundable: tier !== "SAVER",
    cancellationPenalties: bands(CANCELLATION_RUPEES[tier][group], factor),
    changeFees: bands(CHANGE_RUPEES[tier][group], factor),
    taxesRefundable: true,
  };
}

/** One direction of an offer: the booking class it is sold in and whether it crosses a border. */
export interface RuledJourney {
  readonly fareClass: FareClass;
  readonly international: boolean;
}

// Offers share their rules: a few dozen distinct objects serve every search, frozen.
const memo = new Map<string, FareRules>();

/**
 * The rules of an offer sold on these journeys (one, or a round trip's two): each journey's rules
 * by class, cabin and domestic or international, then the stricter of the two for a round trip.
 */
export function fareRulesOf(journeys: readonly RuledJourney[]): FareRules {
  const id = journeys.map((j) => `${j.fareClass.code}${j.international ? "I" : "D"}`).join("~");
  let rules = memo.get(id);
  if (rules === undefined) {
    rules = deepFrozen(journeys.map((j) => rulesOf(j.fareClass, j.international)).reduce(stricterFareRules));
    memo.set(id, rules);
  }
  return rules;
}
