import { withHoldTerms } from "./hold-terms.js";
import { type Clock, fieldError, type FieldError, validationFailed } from "@tarmac/kernel";
import type { Airport, AirportDirectory, FlightQuery, ProviderOffer } from "../provider-port.js";
import { type FareContext, type FareOption, fareOptionsOf } from "./fare-options.js";
import { firstDeparture, type ItineraryContext, itinerariesFor } from "./itineraries.js";
import { SeatInventory } from "./inventory.js";
import { isCalendarDate, utcDate } from "./local-time.js";
import { compareRanked, oneWayOffer } from "./offers.js";
import { pairRoundTrips } from "./round-trips.js";
import { profileFor } from "./scenarios.js";
import { Timetable } from "./schedule.js";

/** Flights leaving sooner than this after the search are no longer sold. */
export const SALES_CUTOFF_MS = 2 * 60 * 60_000;

export interface SandboxSearchDeps {
  readonly clock: Clock;
  readonly airports: AirportDirectory;
  /** Quote the fares the airline confirms at validation (see `FareContext.live`); default: shopping. */
  readonly live?: boolean;
}

/** Shape errors are the caller's bug (search validates first); they are still reported, not guessed at. */
export function assertWellFormed(query: FlightQuery): void {
  const errors: FieldError[] = [];
  if (!isCalendarDate(query.departureDate)) {
    errors.push(fieldError("departureDate", "INVALID_FORMAT", "must be a calendar date YYYY-MM-DD"));
  }
  if (query.returnDate !== undefined && !isCalendarDate(query.returnDate)) {
    errors.push(fieldError("returnDate", "INVALID_FORMAT", "must be a calendar date YYYY-MM-DD"));
  }
  for (const type of ["adult", "child", "infant"] as const) {
    const n = query.pax[type];
    if (!Number.isSafeInteger(n) || n < 0) errors.push(fieldError(`pax.${type}`, "OUT_OF_RANGE", "must be a whole number >= 0"));
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * Offers for a query, cheapest first. Empty when the sandbox has no service: an unknown or unserved
 * airport, the same airport twice, no seated passenger, more infants than adults (each infant
 * travels on an adult's lap), a return before the departure, or no flight or connection of one
 * carrier between the two airports.
 */
export function searchSandbox(query: FlightQuery, deps: SandboxSearchDeps): ProviderOffer[] {
  assertWellFormed(query);
  const from = deps.airports.find(query.origin);
  const to = deps.airports.find(query.dest);
  const { pax } = query;
  const seated = pax.adult + pax.child;
  if (from === undefined || to === undefined || from.code === to.code) return [];
  if (seated === 0 || pax.infant > pax.adult) return [];
  if (query.returnDate !== undefined && query.returnDate < query.departureDate) return [];

  const now = deps.clock.now();
  const profile = profileFor(from.code, to.code);
  const itineraryContext: ItineraryContext = { find: (code) => deps.airports.find(code), timetable: new Timetable(), profile };
  const today = utcDate(now);
  const fareContext: FareContext = {
    today,
    seated,
    inventory: new SeatInventory(today),
    cabin: query.cabin,
    profile,
    live: deps.live === true,
  };
  const optionsFor = (a: Airport, b: Airport, date: string, notBefore: number): FareOption[] =>
    itinerariesFor(a, b, date, itineraryContext)
      .filter((itinerary) => firstDeparture(itinerary) >= notBefore)
      .flatMap((itinerary) => fareOptionsOf(itinerary, fareContext));

  const outbound = optionsFor(from, to, query.departureDate, now.getTime() + SALES_CUTOFF_MS);
  const ranked =
    query.returnDate === undefined
      ? outbound.map((option) => oneWayOffer(option, pax))
      : pairRoundTrips(
          outbound,
          optionsFor(to, from, query.returnDate, now.getTime() + SALES_CUTOFF_MS),
          profile.returnsPerOutbound,
          fareContext.today,
          pax,
        );
  return ranked.sort(compareRanked).map((r) => withHoldTerms(r.offer, now.getTime()));
}
