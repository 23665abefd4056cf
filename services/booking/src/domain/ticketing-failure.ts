import { DomainError } from "@tarmac/kernel";
import type { Booking } from "./booking.js";

/**
 * BOOKING_INVALID_STATE for a change asked of a booking being refunded because it could not be
 * ticketed (Booking.ticketingFailure): nothing may change it or refund it any more, so a credit whose
 * answer was lost is asked for again, never raced by a cancellation refunding the same money.
 */
export function refuseWhileFailing(booking: Booking, change: string): void {
  if (booking.ticketingFailure)
    throw new DomainError(
      "BOOKING_INVALID_STATE",
      `Booking ${booking.bookingId} could not be ticketed (${booking.ticketingFailure.reason}) and is being refunded; it cannot be ${change}`,
    );
}
