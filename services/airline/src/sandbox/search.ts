import { withHoldTerms } from "./hold-terms.js";
import { type Clock, fieldError, type FieldError, validationFailed } from "@tarmac/kernel";
import type { Airport, AirportDirectory, FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import { type FareContext, type FareOption, fareOptionsOf } from "./fare-options.js";
import { firstDeparture, type ItineraryContext } from "./itineraries.js";
import { SeatInventory } from "./inventory.js";
import { isCalendarDate, utcDate } from "./local-time.js";
import { compareRanked, oneWayOffer } from "./offers.js";
import { rememberedItineraries } from "./remembered-itineraries.js";
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

/** One search's inputs, checked, and how it finds fare options: shared by the search and by pricing one offer again. */
export interface SearchPlan {
  readonly query: FlightQuery;
  readonly from: Airport;
  readonly to: Airport;
  readonly nowMs: number;
  readonly fareContext: FareContext;
  /** The fare options of itineraries leaving `a` for `b` on local `date` that are still sold (only itinerary `only` if given). */
  readonly optionsFor: (a: Airport, b: Airport, date: string, only?: string) => FareOption[];
}

/**
 * The plan of a search, or undefined when the sandbox has no service: an unknown or unserved
 * airport, the same airport twice, no seated passenger, more infants than adults (each infant
 * travels on an adult's lap), a return before the departure. With `carrier`, only that carrier's
 * itineraries are looked at (an offer combines fares of one carrier, so its price is the same).
 */
export function searchPlanOf(query: FlightQuery, deps: SandboxSearchDeps, carrier?: string): SearchPlan | undefined {
  assertWellFormed(query);
  const from = deps.airports.find(query.origin);
  const to = deps.airports.find(query.dest);
  const { pax } = query;
  const seated = pax.adult + pax.child;
  if (from === undefined || to === undefined || from.code === to.code) return undefined;
  if (seated === 0 || pax.infant > pax.adult) return undefined;
  if (query.returnDate !== undefined && query.returnDate < query.departureDate) return undefined;

  const now = deps.clock.now();
  const profile = profileFor(from.code, to.code);
  const itineraryContext: ItineraryContext = {
    airports: deps.airports,
    timetable: new Timetable(),
    profile,
    ...(carrier !== undefined && { carrier }),
  };
  const today = utcDate(now);
  const fareContext: FareContext = {
    today,
    seated,
    inventory: new SeatInventory(today),
    cabin: query.cabin,
    profile,
    live: deps.live === true,
  };
  const notBefore = now.getTime() + SALES_CUTOFF_MS;
  const optionsFor = (a: Airport, b: Airport, date: string, only?: string): FareOption[] =>
    rememberedItineraries(a, b, date, itineraryContext)
      .filter((itinerary) => firstDeparture(itinerary) >= notBefore && (only === undefined || itinerary.id === only))
      .flatMap((itinerary) => fareOptionsOf(itinerary, fareContext));
  return { query, from, to, nowMs: now.getTime(), fareContext, optionsFor };
}

/** The offers of these outbound options (paired with the plan's returns for a round trip), cheapest first. */
export function offersOf(plan: SearchPlan, outbound: readonly FareOption[]): ProviderOffer[] {
  const { query, from, to, fareContext } = plan;
  const ranked =
    query.returnDate === undefined
      ? outbound.map((option) => oneWayOffer(option, query.pax))
      : pairRoundTrips(
          outbound,
          plan.optionsFor(to, from, query.returnDate),
          fareContext.profile.returnsPerOutbound,
          fareContext.today,
          query.pax,
        );
  return ranked.sort(compareRanked).map((r) => withHoldTerms(r.offer, plan.nowMs));
}

/**
 * Offers for a query, cheapest first. Empty when the sandbox has no service (see `searchPlanOf`)
 * or no flight or connection of one carrier between the two airports.
 */
export function searchSandbox(query: FlightQuery, deps: SandboxSearchDeps): ProviderOffer[] {
  const plan = searchPlanOf(query, deps);
  return plan === undefined ? [] : offersOf(plan, plan.optionsFor(plan.from, plan.to, query.departureDate));
}
