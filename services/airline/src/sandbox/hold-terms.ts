import { defined } from "@tarmac/kernel";
import type { HoldTerms, ProviderOffer } from "@tarmac/airline-port";
import { carrierByCode, type Carrier } from "./carriers.js";

const HOUR_MS = 3_600_000;

/** How long the sandbox keeps a hold, by the time to departure when it is made (nearest departure last). */
const TIME_LIMITS: readonly { readonly departsInHours: number; readonly holdHours: number }[] = [
  { departsInHours: 7 * 24, holdHours: 72 },
  { departsInHours: 72, holdHours: 24 },
  { departsInHours: 24, holdHours: 6 },
];

/** A held fare keeps its price this long (at most until the time limit), then is re-priced. */
const PRICE_GUARANTEE_MS = 1 * HOUR_MS;

/** The hold-dropped scenario: the airline drops the hold this long after it was made, well before its time limit. */
export const DROP_AFTER_MS = 30 * 60_000;

/**
 * The terms a reservation made `now` would be held on (README, Holds): full-service carriers hold
 * fares departing at least 24 hours later, for 72 h (a week or more away), 24 h (three days or
 * more) or 6 h; low-cost carriers never hold (they sell for immediate ticketing).
 */
function holdTermsFor(carrier: Pick<Carrier, "model">, departsAtMs: number, nowMs: number): HoldTerms | undefined {
  if (carrier.model !== "FULL_SERVICE") return undefined;
  const hours = (departsAtMs - nowMs) / HOUR_MS;
  const band = TIME_LIMITS.find((b) => hours >= b.departsInHours);
  if (band === undefined) return undefined;
  const limit = nowMs + band.holdHours * HOUR_MS;
  return {
    ticketTimeLimit: new Date(limit).toISOString(),
    priceGuaranteedUntil: new Date(Math.min(limit, nowMs + PRICE_GUARANTEE_MS)).toISOString(),
  };
}

/** The offer with the hold terms its validating carrier gives at `nowMs`, if any. */
export function withHoldTerms(offer: ProviderOffer, nowMs: number): ProviderOffer {
  const carrier = carrierByCode(offer.airline);
  const departs = Date.parse(defined(offer.segments[0], "first segment").depTime);
  const hold = carrier && holdTermsFor(carrier, departs, nowMs);
  return hold ? { ...offer, hold } : offer;
}
