import { defined } from "@tarmac/kernel";
import type { PassengerCounts } from "@tarmac/airline-port";
import type { FareOption } from "./fare-options.js";
import { firstDeparture, lastArrival } from "./itineraries.js";
import { type RankedOffer, roundTripOffer } from "./offers.js";
import { randomFor } from "./random.js";

/** The return may not leave sooner than this after the outbound lands. */
const MIN_STAY_MS = 2 * 60 * 60_000;

/** Fares combine within one carrier, one cabin and one fare family (saver or flexible). */
function combinability(option: FareOption): string {
  return `${option.itinerary.carrier.code}|${option.cabin}|${option.fareClass.refundable}`;
}

/** Index of the first option departing at or after `ms` in a list sorted by departure. */
function firstAtOrAfter(sorted: readonly FareOption[], ms: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (firstDeparture(defined(sorted[mid], "middle option").itinerary) < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Pairs each outbound option with up to `perOutbound` combinable returns that leave after it lands.
 * Which returns is a seeded spread over the eligible ones (by today's date and the outbound fare),
 * so the result is bounded, varied across the day, and the same for the same query and day.
 */
export function pairRoundTrips(
  outbound: readonly FareOption[],
  returns: readonly FareOption[],
  perOutbound: number,
  today: string,
  pax: PassengerCounts,
): RankedOffer[] {
  const groups = new Map<string, FareOption[]>();
  for (const r of returns) {
    const key = combinability(r);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [r]);
    else group.push(r);
  }
  for (const group of groups.values()) group.sort((a, b) => firstDeparture(a.itinerary) - firstDeparture(b.itinerary));

  const offers: RankedOffer[] = [];
  for (const out of outbound) {
    const group = groups.get(combinability(out));
    if (group === undefined) continue;
    const start = firstAtOrAfter(group, lastArrival(out.itinerary) + MIN_STAY_MS);
    const eligible = group.length - start;
    if (eligible <= 0) continue;
    const count = Math.min(perOutbound, eligible);
    const step = eligible / count;
    const offset = randomFor("pair", today, out.itinerary.id, out.fareClass.code).next() * step;
    for (let i = 0; i < count; i++) {
      offers.push(roundTripOffer(out, defined(group[start + Math.floor(offset + i * step)], "return option"), pax));
    }
  }
  return offers;
}
