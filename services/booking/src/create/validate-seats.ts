import { fieldError, type FieldError } from "@tarmac/kernel";
import type { BookedSeat } from "../domain/booking.js";
import type { LockedFare, PassengerInput, SeatChoiceInput, VouchedSeat } from "../domain/booking-request.js";

export interface SeatCheck {
  readonly seats: BookedSeat[];
  readonly errors: FieldError[];
}

/**
 * Seat choices (API guide, Bookings) against the seats the fare service vouched for: only seated
 * passengers of this booking choose, one seat each per segment, no seat twice, and exit rows only
 * for adults without an infant on their lap (ADT1 carries INF1, ADT2 INF2, ...).
 */
export function checkSeats(
  choices: readonly SeatChoiceInput[],
  /** What the fare service vouched for each choice, in the same order. */
  vouched: readonly (VouchedSeat | undefined)[],
  passengers: readonly PassengerInput[],
  fare: LockedFare,
): SeatCheck {
  const errors: FieldError[] = [];
  const seats: BookedSeat[] = [];
  const byPaxSegment = new Set<string>();
  const bySeat = new Set<string>();
  choices.forEach((choice, i) => {
    const at = (field: string) => `ancillaries[${choice.index}].${field}`;
    const seat = vouched[i];
    if (choice.quantity > 1) return errors.push(fieldError(at("quantity"), "OUT_OF_RANGE", "a passenger takes one seat per segment"));
    const passenger = passengers.find((p) => p.id === choice.paxId);
    if (choice.paxId === "") return errors.push(fieldError(at("pax_id"), "REQUIRED", "is required"));
    if (!passenger) return errors.push(fieldError(at("pax_id"), "INVALID_VALUE", `${choice.paxId} is not a passenger of this booking`));
    if (passenger.type === "INF")
      return errors.push(fieldError(at("pax_id"), "INVALID_VALUE", "infants sit on an adult's lap and take no seat"));
    if (!seat) return errors.push(fieldError(at("ancillary_token"), "INVALID_VALUE", "is not a seat of this fare"));
    const paxSegment = `${choice.paxId}|${seat.segmentIndex}`;
    if (byPaxSegment.has(paxSegment)) {
      return errors.push(fieldError(at("pax_id"), "INVALID_VALUE", `${choice.paxId} already has a seat on segment ${seat.segmentIndex}`));
    }
    const seatKey = `${seat.segmentIndex}|${seat.seat}`;
    if (bySeat.has(seatKey)) return errors.push(fieldError(at("ancillary_token"), "INVALID_VALUE", `seat ${seat.seat} is chosen twice`));
    if (seat.exitRow && !mayTakeExitRow(passenger, fare)) {
      return errors.push(
        fieldError(at("ancillary_token"), "INVALID_VALUE", `${seat.seat} is in an exit row: not for children or adults with an infant`),
      );
    }
    byPaxSegment.add(paxSegment);
    bySeat.add(seatKey);
    seats.push({
      paxId: choice.paxId,
      segmentIndex: seat.segmentIndex,
      seat: seat.seat,
      pricePaise: seat.pricePaise,
      ancillaryId: seat.ancillaryId,
      ancillaryToken: seat.ancillaryToken,
    });
    return undefined;
  });
  return { seats, errors };
}

function mayTakeExitRow(passenger: PassengerInput, fare: LockedFare): boolean {
  if (passenger.type !== "ADT") return false;
  return Number(passenger.id.slice(3)) > fare.pax.infant;
}
