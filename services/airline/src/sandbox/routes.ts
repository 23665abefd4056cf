import { greatCircleKm, type Airport } from "@tarmac/airline-port";
import { aircraftType } from "./aircraft.js";
import type { Carrier } from "./carriers.js";
import { isDomesticTier, serves } from "./network.js";
import { randomFor } from "./random.js";

/** Sectors shorter than this are not flown (DXB-SHJ is 15 km). */
const MIN_SECTOR_KM = 150;
/** Point-to-point routes (no hub at either end) exist only inside the carrier's home country. */
const POINT_TO_POINT_MAX_KM = 2000;
/** The sandbox numbers up to this many departures a day per route and direction (see flight numbers). */
export const MAX_DAILY_FREQUENCY = 20;

function maxRangeKm(carrier: Carrier): number {
  return Math.max(...carrier.fleet.map((code) => aircraftType(code).rangeKm));
}

/**
 * Daily departures of a carrier from `a` to `b`, 0 when it does not fly the route. A carrier flies
 * from its hubs to any airport it serves within range, and between two non-hub airports of its
 * home country on a seeded share of short routes (more for low-cost carriers). Frequencies fall
 * with distance and away from hubs. The pair is unordered, so both directions have the same count.
 */
export function dailyFrequency(carrier: Carrier, a: Airport, b: Airport): number {
  if (a.code === b.code || !serves(carrier, a) || !serves(carrier, b)) return 0;
  const km = greatCircleKm(a, b);
  if (km < MIN_SECTOR_KM || km > maxRangeKm(carrier)) return 0;
  const hubs = Number(carrier.hubs.includes(a.code)) + Number(carrier.hubs.includes(b.code));
  const pair = a.code < b.code ? `${a.code}${b.code}` : `${b.code}${a.code}`;
  const random = randomFor("route", carrier.code, pair);
  if (hubs === 0) {
    const home = a.country === carrier.country && b.country === carrier.country;
    const share = carrier.model === "LOW_COST" ? 0.4 : 0.15;
    if (!home || km > POINT_TO_POINT_MAX_KM || random.next() >= share) return 0;
  }
  let frequency = hubs === 2 ? carrier.trunkFrequency : hubs === 1 ? Math.ceil(carrier.trunkFrequency / 2) : 1;
  if (isDomesticTier(a.code) || isDomesticTier(b.code)) frequency = Math.min(frequency, 2);
  if (km > 8000) frequency = 1;
  else if (km > 4000) frequency = Math.min(frequency, 2);
  if (frequency > 2) frequency -= random.int(0, 1);
  return Math.min(frequency, MAX_DAILY_FREQUENCY);
}
