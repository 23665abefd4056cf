import { DomainError, fieldError, validationFailed, defined } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";
import { changeFee } from "../domain/penalties.js";
import type { RescheduleItem } from "../domain/quotes.js";
import { droppedPaise } from "./reschedule-items.js";
import { refuseWhileFailing } from "../domain/ticketing-failure.js";
import { QUOTE_VALIDITY_MS, type NewFare, type ReasonCode, type RescheduleQuote } from "../domain/quotes.js";

/** API guide, Booking states: a reschedule keeps BOOKED or TICKETED; nothing else can change flights. */
export function requireReschedulable(booking: Booking): void {
  if (booking.status !== "BOOKED" && booking.status !== "TICKETED") {
    throw new DomainError(
      "BOOKING_INVALID_STATE",
      `Booking ${booking.bookingId} is ${booking.status}; only BOOKED or TICKETED bookings can be rescheduled`,
    );
  }
  refuseWhileFailing(booking, "rescheduled");
  // A reschedule replaces the whole itinerary for every passenger; a partly cancelled booking has less to move.
  if ((booking.cancelledCoupons ?? []).length > 0)
    throw new DomainError("BOOKING_INVALID_STATE", `Booking ${booking.bookingId} is partly cancelled; it cannot be rescheduled`);
}

/** Origin, destination and trip shape of an itinerary: a reschedule must keep them. */
function routeOf(segments: NewFare["segments"]): string {
  const outbound = segments.filter((s) => s.direction === "OUTBOUND");
  const back = segments.filter((s) => s.direction === "RETURN");
  const trip = (legs: typeof segments) => (legs[0] === undefined ? "" : `${legs[0].origin}-${defined(legs.at(-1), "last leg").dest}`);
  return [trip(outbound), trip(back)].join("/");
}

/**
 * A reschedule quote (API guide, Cancellation and reschedule): `fare difference = max(0, new net - old net)`, the airline's
 * change fee from the old fare's rules, the OTA fee; the seats, baggage and meals dropped (`items`,
 * see rescheduleItems) refunded: taken off that sum, payable now when positive, credited when negative.
 * `waived` (a rebooking over the airline's schedule change, API guide, Schedule changes): no fare
 * difference, change fee or OTA fee; the airline protects the passenger.
 */
export function quoteReschedule(
  booking: Booking,
  request: {
    readonly quoteId: string;
    readonly reasonCode: ReasonCode;
    readonly newFare: NewFare;
    readonly searchedAt: Date | undefined;
    readonly items: readonly RescheduleItem[];
  },
  policy: { readonly otaFeePaise: number; readonly now: Date; readonly waived?: boolean },
): RescheduleQuote {
  requireReschedulable(booking);
  const { newFare } = request;
  if (routeOf(newFare.segments) !== routeOf(booking.segments)) {
    throw validationFailed([fieldError("new_offer_id", "INVALID_VALUE", `must be for the booking's route ${routeOf(booking.segments)}`)]);
  }
  if (request.searchedAt === undefined || request.searchedAt.getTime() <= booking.createdAt.getTime()) {
    throw validationFailed([fieldError("new_offer_id", "INVALID_VALUE", "must come from a search made after the booking")]);
  }
  if (newFare.offerId === booking.offerId)
    throw validationFailed([fieldError("new_offer_id", "INVALID_VALUE", "is the offer already booked")]);
  const waived = policy.waived === true;
  const fareDifferencePaise = waived ? 0 : Math.max(0, newFare.pricing.netFare - booking.pricing.netFare);
  const airlineChangeFeePaise = waived ? 0 : changeFee(booking, policy.now);
  const otaFeePaise = waived ? 0 : policy.otaFeePaise;
  const owed = fareDifferencePaise + airlineChangeFeePaise + otaFeePaise;
  const itemsRefundPaise = droppedPaise(request.items);
  return {
    kind: "RESCHEDULE",
    quoteId: request.quoteId,
    reasonCode: request.reasonCode,
    newFare,
    fareDifferencePaise,
    airlineChangeFeePaise,
    otaFeePaise,
    totalPayablePaise: Math.max(0, owed - itemsRefundPaise),
    items: request.items,
    itemsRefundPaise,
    refundPaise: Math.max(0, itemsRefundPaise - owed),
    createdAt: policy.now,
    validUntil: new Date(policy.now.getTime() + QUOTE_VALIDITY_MS),
  };
}
