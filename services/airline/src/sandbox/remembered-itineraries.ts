import { LRUCache } from "lru-cache";
import type { Airport } from "@tarmac/airline-port";
import { type Itinerary, type ItineraryContext, itinerariesFor } from "./itineraries.js";

/**
 * Itineraries kept across routes, dates and carrier filters, counted one by one (a few hundred
 * bytes each; the large-result route has about 600 a day, an ordinary one a few dozen).
 */
const REMEMBERED_ITINERARIES = 20_000;

interface Remembered {
  readonly from: Airport;
  readonly to: Airport;
  readonly itineraries: readonly Itinerary[];
}

const remembered = new LRUCache<string, Remembered>({
  maxSize: REMEMBERED_ITINERARIES,
  sizeCalculation: (entry) => entry.itineraries.length + 1,
});

/** A number per airport directory and per profile object, so the key tells apart objects with no name. */
const identities = new WeakMap<object, number>();
let lastIdentity = 0;

function identityOf(object: object): number {
  let id = identities.get(object);
  if (id === undefined) identities.set(object, (id = ++lastIdentity));
  return id;
}

/**
 * `itinerariesFor`, remembered by the process. Its answer depends on the two airports, the local
 * date, the carrier filter, the profile and the directory the connecting airports come from, and
 * nothing else: not the clock (the sales cut-off and the fares are applied by the search plan to
 * what this returns) and not the timetable object (every `Timetable` reads the same flights). So
 * one route's itineraries need not be built again (connections, scenario flights, local times)
 * for each offer priced again and each reservation. Answers are frozen down to the flights, as
 * they are shared with every later caller.
 */
export function rememberedItineraries(from: Airport, to: Airport, date: string, ctx: ItineraryContext): readonly Itinerary[] {
  const key = `${identityOf(ctx.airports)}|${identityOf(ctx.profile)}|${ctx.carrier ?? ""}|${from.code}|${to.code}|${date}`;
  const known = remembered.get(key);
  // Airports not of that directory under the same codes: built afresh.
  if (known?.from === from && known.to === to) return known.itineraries;
  const itineraries = frozen(itinerariesFor(from, to, date, ctx));
  remembered.set(key, { from, to, itineraries });
  return itineraries;
}

function frozen(itineraries: Itinerary[]): readonly Itinerary[] {
  for (const itinerary of itineraries) {
    for (const flight of itinerary.flights) {
      Object.freeze(flight.dep);
      Object.freeze(flight.arr);
      Object.freeze(flight);
    }
    Object.freeze(itinerary.flights);
    Object.freeze(itinerary);
  }
  return Object.freeze(itineraries);
}
