import type { Clock } from "@tarmac/kernel";
import type { AirportDirectory, LivePriceQuery, ProviderOffer } from "../provider-port.js";
import { type OfferKey, queryOfKey } from "./offer-key.js";
import { fareUnavailable, invalidPassengers } from "./provider-faults.js";
import type { ScenarioKind } from "./scenario-flights.js";
import { assertWellFormed, searchSandbox } from "./search.js";

export interface LivePriceDeps {
  readonly clock: Clock;
  readonly airports: AirportDirectory;
}

/**
 * The offer as the airline sells it now. The key alone names the search that produced it (ends,
 * dates, cabin); that search is run again for these passengers, quoting live fares, and the offer
 * with the same key is the answer. The sandbox is deterministic per UTC day, so an ordinary offer
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
  const offers = searchSandbox(search, { ...deps, live: true });
  const offer = offers.find((o) => o.key === query.key);
  if (offer === undefined) throw fareUnavailable(query.key);
  return offer;
}
