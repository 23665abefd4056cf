import { DomainError } from "@tarmac/kernel";
import type { Booking } from "./booking.js";
import { cancellationPenalty } from "./penalties.js";
import { QUOTE_VALIDITY_MS, type CancellationQuote, type CancellationType, type ReasonCode } from "./quotes.js";

/** API guide, Booking states: only a live booking can be cancelled. */
export function requireCancellable(booking: Booking): void {
  if (booking.status !== "BOOKED" && booking.status !== "TICKETED") {
    throw new DomainError(
      "BOOKING_INVALID_STATE",
      `Booking ${booking.bookingId} is ${booking.status}; only BOOKED or TICKETED bookings can be cancelled`,
    );
  }
}

/**
 * A cancellation quote (API guide, Cancellation and reschedule): `refund = debited - airline penalty - OTA fee`, never below
 * zero and so never above what was debited.
 */
export function quoteCancellation(
  booking: Booking,
  request: { readonly quoteId: string; readonly reasonCode: ReasonCode; readonly cancellationType: CancellationType },
  policy: { readonly otaFeePaise: number; readonly now: Date },
): CancellationQuote {
  requireCancellable(booking);
  const airlinePenaltyPaise = cancellationPenalty(booking, request.cancellationType === "INVOLUNTARY", policy.now);
  const refundAmountPaise = Math.max(0, booking.debitPaise - airlinePenaltyPaise - policy.otaFeePaise);
  return {
    kind: "CANCELLATION",
    quoteId: request.quoteId,
    reasonCode: request.reasonCode,
    cancellationType: request.cancellationType,
    airlinePenaltyPaise,
    otaFeePaise: policy.otaFeePaise,
    refundAmountPaise,
    createdAt: policy.now,
    validUntil: new Date(policy.now.getTime() + QUOTE_VALIDITY_MS),
  };
}
