import { defined } from "@tarmac/kernel";
import type { HoldTerms, ReservationRequest } from "@tarmac/airline-port";
import { ancillariesOf, checkExtras } from "./ancillary-options.js";
import { livePriceOf } from "./live-price.js";
import { keyFlights, type OfferKey } from "./offer-key.js";
import { type SeatMapDeps, seatMapOf } from "./offer-seat-map.js";
import { paxCountsOf } from "./reservation-passengers.js";
import type { ScenarioKind } from "./scenario-flights.js";
import { type SeatHold, seatHolds } from "./seat-selection.js";

/** What a reservation needs once the airline has accepted the request. */
export interface AcceptedReservation {
  /** The validating carrier: the carrier of the offer's first flight, as `ProviderOffer.airline`. */
  readonly carrier: string;
  /** `ProviderSegment.flightNo` of every segment, outbound then return. */
  readonly flightNos: readonly string[];
  /** Every passenger, infants included, in the request's order. */
  readonly paxIds: readonly string[];
  readonly holds: readonly SeatHold[];
  /** The fare it was accepted at, all passengers (paise); absent in records of earlier releases. */
  readonly fare?: { readonly baseFare: number; readonly taxes: number };
  /** The hold terms the fare offered when accepted; absent when it may not be held. */
  readonly holdTerms?: HoldTerms;
}

/**
 * The checks of a reservation after the key was read and the offer's failure scenarios played
 * (`aboutOffer`), in the order an airline makes them: the name list (INVALID_PASSENGERS), then the
 * fare, exactly as a live price for these passengers (sold out, class closed for this party,
 * flight gone: PROVIDER_SOLD_OUT; a price-change flight is sold at its live fare), then the seats
 * against the seat maps (BOOKING_SEAT_UNAVAILABLE). Nothing is taken here: the caller holds the
 * seats in the same synchronous step, so two reservations can never both get one.
 */
export function acceptReservation(
  key: OfferKey,
  scenario: ScenarioKind | undefined,
  request: ReservationRequest,
  deps: SeatMapDeps,
): AcceptedReservation {
  const pax = paxCountsOf(request.passengers);
  const live = livePriceOf(key, scenario, { key: request.key, pax }, deps);
  const holds = request.seats.length === 0 ? [] : seatHolds(request, seatMapOf(key, request.key, deps));
  if ((request.extras ?? []).length > 0) checkExtras(request, ancillariesOf(key, request.key, deps));
  const flights = keyFlights(key);
  return {
    carrier: defined(flights[0], "first flight").carrier,
    flightNos: flights.map((f) => f.flightNo),
    paxIds: request.passengers.map((p) => p.paxId),
    holds,
    fare: { baseFare: live.baseFare, taxes: live.taxes },
    ...(live.hold && { holdTerms: live.hold }),
  };
}
