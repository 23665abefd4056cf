import { type Clock, defined } from "@tarmac/kernel";
import type { AirportDirectory, LivePriceQuery, ProviderOffer } from "@tarmac/airline-port";
import { keyFlights, type OfferKey, queryOfKey } from "./offer-key.js";
import { fareUnavailable, invalidPassengers } from "./provider-faults.js";
import type { ScenarioKind } from "./scenario-flights.js";
import { optionKey } from "./offers.js";
import { assertWellFormed, offersOf, searchPlanOf } from "./search.js";

export interface LivePriceDeps {
  readonly clock: Clock;
  readonly airports: AirportDirectory;
}

/**
 * The offer as the airline sells it now. The key alone names the search that produced it (ends,
 * dates, cabin); that search is planned again for these passengers, quoting live fares, and the
 * offer with the same key is the answer. Only what the offer is made of is priced: its carrier's
 * itineraries, the outbound fare option the key names and, for a round trip, the returns it is
 * paired among, so the answer is the search's without pricing the whole route. The sandbox is deterministic per UTC day, so an ordinary offer
 * comes back with the amounts it was found at; one that is no longer sold (class closed for this
 * party, flight gone, round trip no longer paired) is sold out. The sold-out scenario refuses here;
 * the price-change scenario's live fares are dearer (see `FareContext.live`).
 */
export function livePriceOf(key: OfferKey, scenario: ScenarioKind | undefined, query: LivePriceQuery, deps: LivePriceDeps): ProviderOffer {
  const { pax } = query;
  const search = queryOfKey(key, pax);
  assertWellFormed(search);
  if (pax.adult + pax.child === 0 || pax.infant > pax.adult) throw invalidPassengers();
  if (scenario === "SOLD_OUT") throw fareUnavailable(query.key);
  const outboundKey = defined(query.key.split("~")[0], "outbound part of the key");
  const plan = searchPlanOf(search, { ...deps, live: true }, defined(keyFlights(key)[0], "first flight").carrier);
  if (plan === undefined) throw fareUnavailable(query.key);
  const itinerary = outboundKey.slice(0, outboundKey.lastIndexOf("/"));
  const outbound = plan.optionsFor(plan.from, plan.to, search.departureDate, itinerary).filter((o) => optionKey(o) === outboundKey);
  const offer = offersOf(plan, outbound).find((o) => o.key === query.key);
  if (offer === undefined) throw fareUnavailable(query.key);
  return offer;
}
