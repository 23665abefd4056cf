import type { Clock } from "@tarmac/kernel";
import type { AirportDirectory, ProviderSeatMap } from "@tarmac/airline-port";
import { brandCodeOf } from "./fare-brands.js";
import { findFlight } from "./flight-lookup.js";
import { keyFlights, type OfferKey } from "./offer-key.js";
import { SANDBOX_CURRENCY, SANDBOX_PROVIDER_NAME } from "./offers.js";
import { fareUnavailable } from "./provider-faults.js";
import { flightSeatMap } from "./seat-map.js";
import type { SeatLedger } from "./seat-ledger.js";
import { SALES_CUTOFF_MS } from "./search.js";

export interface SeatMapDeps {
  readonly clock: Clock;
  readonly airports: AirportDirectory;
  readonly ledger: SeatLedger;
}

/**
 * Seat maps of every flight of the offer, in the offer's cabin, outbound then return. The key
 * carries no passenger counts, so the offer is checked against the timetable rather than a search:
 * every flight must operate, sell the cabin and still be on sale; otherwise the fare is gone, as
 * for a live price. Sold-out and price-change flights have ordinary seat maps.
 */
export function seatMapOf(key: OfferKey, keyText: string, deps: SeatMapDeps): ProviderSeatMap {
  const onSaleFrom = deps.clock.now().getTime() + SALES_CUTOFF_MS;
  // SUPER_FLEXI includes a standard seat (fare-brands.ts), per direction as each is sold.
  const seatIncluded = key.journeys.flatMap((j) => j.flights.map(() => brandCodeOf(j.fareClass) === "SUPER_FLEXI"));
  const segments = keyFlights(key).map((ref, segmentIndex) => {
    const flight = findFlight(ref, deps.airports);
    if (flight === undefined || !flight.cabins.includes(key.cabin) || flight.dep.epochMs < onSaleFrom) {
      throw fareUnavailable(keyText);
    }
    const taken = deps.ledger.takenOn({ carrier: ref.carrier, flightNo: ref.flightNo, origin: ref.origin, departureDate: ref.date });
    return flightSeatMap(flight, key.cabin, segmentIndex, taken, seatIncluded[segmentIndex] === true);
  });
  return { provider: SANDBOX_PROVIDER_NAME, currency: SANDBOX_CURRENCY, segments };
}
