import { DomainError, fieldError, validationFailed, type FieldError } from "@tarmac/kernel";
import type { Booking } from "./booking.js";
import type { BookedPart, CancellationScope, CancellationType, Direction, ReasonCode } from "./quotes.js";

export interface Coupon {
  readonly paxId: string;
  readonly segmentIndex: number;
}

/** What a cancellation request takes away, and what stays booked. */
export interface ResolvedScope {
  /** Nothing asked and nothing cancelled before: today's whole-booking cancellation. */
  readonly wholeBooking: boolean;
  /** The passenger-direction parts it cancels, in booking order. */
  readonly parts: readonly BookedPart[];
  readonly coupons: readonly Coupon[];
  readonly staysBooked: readonly BookedPart[];
}

const DIRECTIONS: readonly Direction[] = ["OUTBOUND", "RETURN"];

export const isCancelled = (booking: Pick<Booking, "cancelledCoupons">, c: Coupon): boolean =>
  (booking.cancelledCoupons ?? []).some((x) => x.paxId === c.paxId && x.segmentIndex === c.segmentIndex);

/** Directions the booking flies, in order. */
export function directionsOf(booking: Pick<Booking, "segments">): Direction[] {
  return DIRECTIONS.filter((d) => booking.segments.some((s) => s.direction === d));
}

/** Every passenger on every direction that still has a coupon not cancelled. */
export function bookedParts(booking: Booking): BookedPart[] {
  return booking.passengers.flatMap((p) =>
    directionsOf(booking)
      .filter((direction) => couponsOf(booking, p.paxId, direction).some((c) => !isCancelled(booking, c)))
      .map((direction) => ({ paxId: p.paxId, direction })),
  );
}

function couponsOf(booking: Booking, paxId: string, direction: Direction): Coupon[] {
  return booking.segments.flatMap((s, segmentIndex) => (s.direction === direction ? [{ paxId, segmentIndex }] : []));
}

/** The infant travelling on an adult's lap: INFn with ADTn (API guide, Partial cancellation). */
const lapOf = (paxId: string) => (paxId.startsWith("ADT") ? `INF${paxId.slice(3)}` : undefined);

/**
 * The parts a request cancels (API guide, Partial cancellation, void and refunds). Refused, naming
 * the field: an unknown or already cancelled passenger, a direction the booking does not fly (or no
 * longer has), an adult whose lap infant would stay, a child left without an adult; a voluntary
 * cancellation of one direction of a non-refundable round trip (BOOKING_DIRECTION_NOT_CANCELLABLE:
 * its fare is one round-trip fare) unless for a no-show or a cancelled flight; a void of anything but the whole, never partly cancelled booking;
 * a no-show on a direction whose first flight has not left at `now` (reason_code: nobody has missed it yet).
 */
export function resolveScope(
  booking: Booking,
  scope: CancellationScope,
  type: CancellationType,
  reason: ReasonCode,
  now: Date,
): ResolvedScope {
  const remaining = bookedParts(booking);
  const remainingPax = new Set(remaining.map((p) => p.paxId));
  const remainingDirections = new Set(remaining.map((p) => p.direction));
  const errors: FieldError[] = [];
  scope.passengerIds.forEach((id, i) => {
    if (!booking.passengers.some((p) => p.paxId === id))
      errors.push(fieldError(`passenger_ids[${i}]`, "INVALID_VALUE", `${id.slice(0, 20)} is not a passenger of this booking`));
    else if (!remainingPax.has(id)) errors.push(fieldError(`passenger_ids[${i}]`, "INVALID_VALUE", `${id} is already cancelled`));
  });
  scope.directions.forEach((d, i) => {
    if (!remainingDirections.has(d))
      errors.push(fieldError(`directions[${i}]`, "INVALID_VALUE", `this booking has no ${d} left to cancel`));
  });
  if (errors.length > 0) throw validationFailed(errors);
  const pax = scope.passengerIds.length > 0 ? new Set(scope.passengerIds) : remainingPax;
  const directions = scope.directions.length > 0 ? new Set(scope.directions) : remainingDirections;
  const parts = remaining.filter((p) => pax.has(p.paxId) && directions.has(p.direction));
  const staysBooked = remaining.filter((p) => !parts.includes(p));
  checkCompanions(parts, staysBooked);
  if (reason === "NO_SHOW") checkDeparted(booking, [...new Set(parts.map((p) => p.direction))], now);
  const partial = staysBooked.length > 0 || (booking.cancelledCoupons ?? []).length > 0;
  const oneDirection = [...directions].length < remainingDirections.size;
  // A no-show forfeits the fare anyway (taxes back) and a cancelled flight refunds it: either may take one direction.
  const forfeitsOrRefundsFare = reason === "NO_SHOW" || reason === "FLIGHT_CANCELLED";
  if (type === "VOLUNTARY" && !forfeitsOrRefundsFare && oneDirection && !booking.fareRules.refundable && directionsOf(booking).length > 1)
    throw new DomainError(
      "BOOKING_DIRECTION_NOT_CANCELLABLE",
      "This round trip is one non-refundable fare: one direction cannot be cancelled alone; cancel both directions, or quote NO_SHOW or INVOLUNTARY",
    );
  if (type === "VOID" && partial)
    throw new DomainError("BOOKING_VOID_NOT_ALLOWED", "Only a whole booking that was never partly cancelled can be voided");
  const coupons = parts.flatMap((p) => couponsOf(booking, p.paxId, p.direction)).filter((c) => !isCancelled(booking, c));
  return { wholeBooking: !partial, parts, coupons, staysBooked };
}

/** An infant stays only with its adult, and a child only with some adult, on each direction. */
function checkCompanions(parts: readonly BookedPart[], staying: readonly BookedPart[]): void {
  const stays = (paxId: string, direction: Direction) => staying.some((s) => s.paxId === paxId && s.direction === direction);
  const errors: FieldError[] = [];
  for (const part of parts) {
    const infant = lapOf(part.paxId);
    if (infant !== undefined && stays(infant, part.direction))
      errors.push(
        fieldError(
          "passenger_ids",
          "INVALID_VALUE",
          `${infant} travels on ${part.paxId}'s lap: cancel ${infant} with ${part.paxId} (${part.direction})`,
        ),
      );
  }
  for (const stay of staying) {
    const adults = staying.some((s) => s.direction === stay.direction && s.paxId.startsWith("ADT"));
    if (stay.paxId.startsWith("CHD") && !adults)
      errors.push(
        fieldError(
          "passenger_ids",
          "INVALID_VALUE",
          `${stay.paxId} cannot travel ${stay.direction} without an adult: cancel the child too`,
        ),
      );
  }
  const unique = [...new Map(errors.map((e) => [e.message, e])).values()];
  if (unique.length > 0) throw validationFailed(unique);
}

/**
 * A no-show is claimed for a flight the passenger did not take: only once the direction's first
 * segment has left. Before that the coupon is still good, and a NO_SHOW would cancel it with the
 * airline and refund the taxes of a part that the direction rules may not let go (one direction of a
 * non-refundable round trip): that is an ordinary cancellation.
 */
function checkDeparted(booking: Booking, directions: readonly Direction[], now: Date): void {
  const ahead = directions.filter((d) => {
    const first = booking.segments.find((s) => s.direction === d);
    return first !== undefined && Date.parse(first.depTime) > now.getTime();
  });
  if (ahead.length > 0)
    throw validationFailed([
      fieldError(
        "reason_code",
        "INVALID_VALUE",
        `NO_SHOW is accepted only after the first flight of a direction has left: ${ahead.join(" and ")} has not departed yet; quote CUSTOMER_REQUEST instead`,
      ),
    ]);
}
