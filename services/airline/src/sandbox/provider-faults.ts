import { DomainError, type ErrorCode } from "@tarmac/kernel";
import { SANDBOX_PROVIDER_NAME } from "./offers.js";

/**
 * The refusals and failures the sandbox airline answers with, as DomainErrors carrying the
 * `provider` block the caller shows (API guide, Fare validation and seat maps): the airline's own code and message, in the
 * words an airline would use. The top-level message is for the agent.
 */
function fault(code: ErrorCode, message: string, providerCode: string, providerMessage: string): DomainError {
  return new DomainError(code, message, {
    provider: { name: SANDBOX_PROVIDER_NAME, code: providerCode, message: providerMessage },
  });
}

export function fareUnavailable(key: string): DomainError {
  return fault(
    "PROVIDER_SOLD_OUT",
    "The airline no longer sells this fare; search again",
    "FARE_UNAVAILABLE",
    `Fare or booking class no longer available: ${key}`,
  );
}

export function invalidOfferKey(key: string): DomainError {
  return fault(
    "PROVIDER_REJECTED",
    "The airline does not recognise this offer",
    "INVALID_OFFER_KEY",
    `Not an offer key of this provider: ${key.slice(0, 80)}`,
  );
}

export function invalidPassengers(detail = "At least one seated passenger is required and each infant needs an adult"): DomainError {
  return fault("PROVIDER_REJECTED", "The airline refused the passenger counts", "INVALID_PASSENGERS", detail);
}

/** A seat request the airline cannot read: a passenger it does not know, an infant, two seats for one. */
export function invalidSeatRequest(detail: string): DomainError {
  return fault("PROVIDER_REJECTED", "The airline refused the seat selection", "INVALID_SEAT_REQUEST", detail);
}

/** `flight` as an airline names it in a message: `6E512 BLR-CCU 2026-12-01`. */
/** A baggage or meal request the airline does not sell as asked. */
export function invalidExtraRequest(detail: string): DomainError {
  return fault("PROVIDER_REJECTED", "The airline refused the baggage or meal request", "INVALID_SSR_REQUEST", detail);
}

export function seatUnavailable(seat: string, flight: string): DomainError {
  return fault(
    "BOOKING_SEAT_UNAVAILABLE",
    `Seat ${seat} is no longer available; choose another seat`,
    "SEAT_UNAVAILABLE",
    `Seat ${seat} not available on ${flight}`,
  );
}

/** A coupon (passenger and segment) the reservation does not have. */
export function invalidCoupon(pnr: string, coupon: { readonly paxId: string; readonly segmentIndex: number }): DomainError {
  return fault(
    "PROVIDER_REJECTED",
    "The airline refused the cancellation",
    "INVALID_COUPON",
    `PNR ${pnr} has no passenger ${coupon.paxId.slice(0, 10)} on segment ${coupon.segmentIndex}`,
  );
}

export function reservationNotFound(clientReference: string): DomainError {
  return fault(
    "PROVIDER_REJECTED",
    "The airline has no reservation under this reference",
    "RESERVATION_NOT_FOUND",
    `No reservation for client reference ${clientReference.slice(0, 80)}`,
  );
}

/** A cancelled reservation, or one whose ticketing failed, cannot move to another fare. */
export function reservationNotChangeable(pnr: string, status: string): DomainError {
  return fault(
    "PROVIDER_REJECTED",
    "The airline cannot change this reservation",
    "RESERVATION_NOT_CHANGEABLE",
    `Reservation ${pnr} is ${status} and cannot be changed`,
  );
}

export function changeReferenceInUse(changeReference: string): DomainError {
  return fault(
    "PROVIDER_REJECTED",
    "The airline refused the change reference",
    "DUPLICATE_CHANGE_REFERENCE",
    `Change reference ${changeReference.slice(0, 80)} was used for another reservation`,
  );
}

/** A ticketed reservation could not be reissued on the new fare; it keeps its itinerary and tickets. */
export function reissueFailed(pnr: string, reason: string): DomainError {
  return fault("PROVIDER_REJECTED", "The airline could not reissue the tickets", "REISSUE_FAILED", `${pnr}: ${reason}`);
}

export function systemError(): DomainError {
  return fault(
    "PROVIDER_UNAVAILABLE",
    "The airline provider failed; please retry",
    "SYSTEM_ERROR",
    "Internal system error, transaction not processed",
  );
}

export function noResponse(waitedMs: number): DomainError {
  return fault(
    "PROVIDER_UNAVAILABLE",
    "The airline provider did not answer; please retry",
    "NO_RESPONSE",
    `No response after ${waitedMs} ms`,
  );
}

/** The reservation could not be written to the airline's own store; the same request may be retried. */
export function reservationsUnavailable(cause: unknown): DomainError {
  return new DomainError("PROVIDER_UNAVAILABLE", "The airline provider failed; please retry", {
    provider: {
      name: SANDBOX_PROVIDER_NAME,
      code: "RESERVATION_STORE_UNAVAILABLE",
      message: "Reservation not recorded; retry the request",
    },
    cause,
  });
}

/** A fare the airline sells for ticketing at once only (low-cost carriers, departures within a day). */
export function holdNotAllowed(key: string): DomainError {
  return fault("PROVIDER_REJECTED", "The airline does not hold this fare", "HOLD_NOT_ALLOWED", `Fare ${key.slice(0, 120)} cannot be held`);
}

/** A reservation that is not (or no longer) held awaiting its ticketing order. */
export function holdNotActive(pnr: string, why: string): DomainError {
  return fault("PROVIDER_REJECTED", "The airline holds no reservation to ticket", "HOLD_NOT_ACTIVE", `Reservation ${pnr}: ${why}`);
}

/** The fare given for ticketing a hold is not the airline's fare now. */
export function holdPriceChanged(pnr: string, baseFare: number, taxes: number): DomainError {
  return fault(
    "PROVIDER_PRICE_CHANGED",
    "The fare of the held reservation has changed",
    "PRICE_CHANGED",
    `Reservation ${pnr}: fare now ${baseFare} + ${taxes} taxes (paise)`,
  );
}
