import { defined, percentOf } from "@tarmac/kernel";
import type { HoldTerms } from "@tarmac/airline-port";
import { DROP_AFTER_MS } from "./hold-terms.js";
import type { AcceptedReservation } from "./reservation-check.js";
import { scenarioOfFlights } from "./scenario-flights.js";

/** A reservation held awaiting its ticketing order (hold now, ticket later), as its journal keeps it. */
export interface HoldState {
  readonly ticketTimeLimitMs: number;
  readonly priceGuaranteedUntilMs: number;
  /** When the airline drops it before its limit (the hold-dropped scenario). */
  readonly dropAtMs?: number;
}

/** The hold-price-change scenario's fare after the guarantee: 10% dearer base fare (basis points). */
const HOLD_PRICE_CHANGE_BP = 11_000;

/** The hold a reservation accepted at `nowMs` gets: the terms its fare offered, and the scenarios of its flights. */
export function holdStateOf(accepted: AcceptedReservation, nowMs: number): HoldState | undefined {
  const terms = accepted.holdTerms;
  if (terms === undefined) return undefined;
  const dropped = scenarioOfFlights(accepted.flightNos) === "HOLD_DROPPED";
  return {
    ticketTimeLimitMs: Date.parse(terms.ticketTimeLimit),
    priceGuaranteedUntilMs: Date.parse(terms.priceGuaranteedUntil),
    ...(dropped && { dropAtMs: nowMs + DROP_AFTER_MS }),
  };
}

export function termsOf(hold: HoldState): HoldTerms {
  return {
    ticketTimeLimit: new Date(hold.ticketTimeLimitMs).toISOString(),
    priceGuaranteedUntil: new Date(hold.priceGuaranteedUntilMs).toISOString(),
  };
}

/** When and why the airline stopped holding it, as of `nowMs`; undefined while it holds it. */
export function holdEndedAt(hold: HoldState, nowMs: number): { readonly atMs: number; readonly reason: string } | undefined {
  if (hold.dropAtMs !== undefined && nowMs >= hold.dropAtMs)
    return { atMs: hold.dropAtMs, reason: "hold dropped by the airline (sandbox hold-dropped scenario)" };
  if (nowMs >= hold.ticketTimeLimitMs)
    return {
      atMs: hold.ticketTimeLimitMs,
      reason: `hold expired at its ticket time limit ${new Date(hold.ticketTimeLimitMs).toISOString()}`,
    };
  return undefined;
}

/**
 * The fare a held reservation is ticketed at `nowMs`: the held fare within the guarantee; after
 * it, the airline's fare now (`live`), or for the hold-price-change scenario 10% over the held base fare.
 */
export function holdFareAt(
  hold: HoldState,
  accepted: AcceptedReservation,
  nowMs: number,
  live: () => { baseFare: number; taxes: number },
): { baseFare: number; taxes: number } {
  const held = defined(accepted.fare, "held fare");
  if (nowMs < hold.priceGuaranteedUntilMs) return held;
  if (scenarioOfFlights(accepted.flightNos) === "HOLD_PRICE_CHANGE") {
    return { baseFare: percentOf(held.baseFare, HOLD_PRICE_CHANGE_BP), taxes: held.taxes };
  }
  return live();
}
