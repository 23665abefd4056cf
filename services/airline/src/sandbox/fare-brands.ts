import type { Cabin, FareBrand, FareBrandCode, FareInclusions, FareRules } from "@tarmac/airline-port";
import type { Carrier } from "./carriers.js";
import type { FareClass } from "./fare-classes.js";

/**
 * The brand a booking class sells in: the cabin's full fare (rank 0: Y, W, J, F) is SUPER_FLEXI,
 * the other refundable classes FLEXI, the non-refundable ones SAVER. The letters and their prices
 * are what they always were: a brand names what a class includes.
 */
export function brandCodeOf(fareClass: FareClass): FareBrandCode {
  if (!fareClass.refundable) return "SAVER";
  return fareClass.rank === 0 ? "SUPER_FLEXI" : "FLEXI";
}

const RANK: Readonly<Record<FareBrandCode, number>> = { SAVER: 0, FLEXI: 1, SUPER_FLEXI: 2 };

/** A round trip sells as its less inclusive direction's brand (as its rules are the stricter ones). */
export function lesserBrand(a: FareBrandCode, b: FareBrandCode): FareBrandCode {
  return RANK[a] <= RANK[b] ? a : b;
}

/** Checked baggage, kilograms, by brand: economy cabins, then business and first. */
const CHECKED_KG: Readonly<Record<FareBrandCode, readonly [number, number]>> = {
  SAVER: [15, 30],
  FLEXI: [20, 35],
  SUPER_FLEXI: [25, 40],
};

function premium(cabin: Cabin): boolean {
  return cabin === "BUSINESS" || cabin === "FIRST";
}

/**
 * What a brand includes. Low-cost carriers unbundle: their SAVER and FLEXI economy fares sell the
 * meal and (except SUPER_FLEXI) the seat; full-service carriers include a meal and a standard seat
 * in every brand, as they always have (their standard seats cost nothing). Premium economy and
 * above include seats and meals everywhere. Changes are free before 72 hours when the rules' first
 * change band is zero.
 */
function inclusionsOf(code: FareBrandCode, cabin: Cabin, carrier: Pick<Carrier, "model">, rules: FareRules): FareInclusions {
  const unbundled = carrier.model === "LOW_COST" && cabin === "ECONOMY";
  return {
    checkedBaggageKg: CHECKED_KG[code][premium(cabin) ? 1 : 0],
    cabinBaggageKg: premium(cabin) ? 10 : 7,
    meal: unbundled && code === "SAVER" ? "PAID" : "INCLUDED",
    seat: unbundled && code !== "SUPER_FLEXI" ? "PAID" : "INCLUDED",
    change: rules.changeFees[0]?.perPassengerPaise === 0 ? "INCLUDED" : "PAID",
    refundable: rules.refundable,
  };
}

// Offers share their brand: a few dozen frozen objects serve every search.
const memo = new Map<string, FareBrand>();

/** The brand of an offer of this carrier and cabin sold under these rules. */
export function fareBrandOf(code: FareBrandCode, cabin: Cabin, carrier: Pick<Carrier, "model">, rules: FareRules): FareBrand {
  const inclusions = inclusionsOf(code, cabin, carrier, rules);
  const id = `${code}|${Object.values(inclusions).join("|")}`;
  let brand = memo.get(id);
  if (brand === undefined) {
    brand = Object.freeze({ code, inclusions: Object.freeze(inclusions) });
    memo.set(id, brand);
  }
  return brand;
}
