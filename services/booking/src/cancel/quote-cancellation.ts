import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";
import { addedExtrasPaise, itemise, itemiseTotals, refundablePaidOf } from "./cancellation-items.js";
import { resolveScope } from "../domain/cancellation-scope.js";
import { cancellationPenalty } from "../domain/penalties.js";
import {
  QUOTE_VALIDITY_MS,
  type CancellationItem,
  type CancellationQuote,
  type CancellationScope,
  type CancellationType,
  type ReasonCode,
} from "../domain/quotes.js";
import { platformFee, settle, type Settlement } from "./refundable-paid.js";
import { refuseWhileFailing } from "../domain/ticketing-failure.js";
import { voidEligibleUntil } from "./void-window.js";

/** API guide, Booking states: only a live booking can be cancelled. */
export function requireCancellable(booking: Booking): void {
  if (booking.status !== "BOOKED" && booking.status !== "TICKETED") {
    throw new DomainError(
      "BOOKING_INVALID_STATE",
      `Booking ${booking.bookingId} is ${booking.status}; only BOOKED or TICKETED bookings can be cancelled`,
    );
  }
  refuseWhileFailing(booking, "cancelled");
}

const WHOLE_BOOKING: CancellationScope = { passengerIds: [], directions: [] };

export interface CancellationPolicy {
  readonly otaFeePaise: number;
  /** Tarmac's fee on a void (default none). */
  readonly voidFeePaise?: number;
  readonly now: Date;
}

/**
 * A cancellation quote (API guide, Cancellation and reschedule; Partial cancellation, void and
 * refunds), always by the rule `refund = refundable paid - airline penalty - platform fee`, never
 * below zero (settle, refundable-paid.ts), with the platform fee of platformFee. A void: no penalty,
 * the void fee. The whole booking, never partly cancelled, for a reason other than NO_SHOW or
 * FLIGHT_CANCELLED: the fare rules' penalty for the booking, itemised in proportion to what each
 * passenger and direction may get back. Anything else: the sum of each part's own figures (itemise).
 */
export function quoteCancellation(
  booking: Booking,
  request: {
    readonly quoteId: string;
    readonly reasonCode: ReasonCode;
    readonly cancellationType: CancellationType;
    readonly scope?: CancellationScope;
  },
  policy: CancellationPolicy,
): CancellationQuote {
  requireCancellable(booking);
  const scope = request.scope ?? WHOLE_BOOKING;
  // A no-show is the agency's passenger not flying: voluntary by nature (INVOLUNTARY would refund it all).
  if (request.reasonCode === "NO_SHOW" && request.cancellationType !== "VOLUNTARY")
    throw validationFailed([
      fieldError("cancellation_type", "INVALID_VALUE", "reason_code NO_SHOW is a voluntary cancellation: send cancellation_type VOLUNTARY"),
    ]);
  const resolved = resolveScope(booking, scope, request.cancellationType, request.reasonCode, policy.now);
  const voidUntil = voidEligibleUntil(booking, policy.now);
  const fee = platformFee(request.cancellationType, request.reasonCode, policy);
  let totals: Settlement;
  let items: CancellationItem[];
  if (request.cancellationType === "VOID") {
    if (voidUntil === undefined)
      throw new DomainError(
        "BOOKING_VOID_NOT_ALLOWED",
        "A booking can be voided only until 23:59 IST of the day it was ticketed, whole and never partly cancelled; quote a cancellation instead",
      );
    totals = settle(refundablePaidOf(booking, resolved.parts), 0, fee);
    items = itemiseTotals(booking, resolved.parts, totals);
  } else if (resolved.wholeBooking && request.reasonCode !== "NO_SHOW" && request.reasonCode !== "FLIGHT_CANCELLED") {
    const involuntary = request.cancellationType === "INVOLUNTARY";
    // A voluntary cancellation leaves the airline the EMDs of extras added after booking.
    const kept = involuntary ? 0 : addedExtrasPaise(booking, resolved.parts);
    const penalty = cancellationPenalty(booking, involuntary, policy.now) + kept;
    totals = settle(refundablePaidOf(booking, resolved.parts), penalty, fee);
    items = itemiseTotals(booking, resolved.parts, totals);
  } else {
    items = itemise(booking, resolved.parts, { ...request, otaFeePaise: fee, now: policy.now });
    totals = {
      airlinePenaltyPaise: sum(items, "airlinePenaltyPaise"),
      otaFeePaise: sum(items, "otaFeePaise"),
      refundAmountPaise: sum(items, "refundAmountPaise"),
    };
  }
  return {
    kind: "CANCELLATION",
    quoteId: request.quoteId,
    reasonCode: request.reasonCode,
    cancellationType: request.cancellationType,
    ...totals,
    createdAt: policy.now,
    validUntil: new Date(policy.now.getTime() + QUOTE_VALIDITY_MS),
    scope,
    items,
    coupons: resolved.coupons,
    staysBooked: resolved.staysBooked,
    // A void takes the whole booking: a quote for part of it could never be confirmed as one.
    voidEligibleUntil: resolved.wholeBooking ? voidUntil : undefined,
  };
}

function sum(items: readonly CancellationItem[], field: "airlinePenaltyPaise" | "otaFeePaise" | "refundAmountPaise"): number {
  return items.reduce((total, item) => total + item[field], 0);
}

/** Two scopes ask for the same thing (each list compared as a set). */
export function sameScope(a: CancellationScope | undefined, b: CancellationScope | undefined): boolean {
  const key = (s: CancellationScope | undefined) =>
    JSON.stringify([[...(s?.passengerIds ?? [])].sort(), [...(s?.directions ?? [])].sort()]);
  return key(a) === key(b);
}
