import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import type { Booking } from "./booking.js";
import { addedExtrasPaise, itemise, itemiseTotals } from "./cancellation-items.js";
import { resolveScope } from "./cancellation-scope.js";
import { cancellationPenalty } from "./penalties.js";
import {
  QUOTE_VALIDITY_MS,
  type CancellationItem,
  type CancellationQuote,
  type CancellationScope,
  type CancellationType,
  type ReasonCode,
} from "./quotes.js";
import { voidEligibleUntil } from "./void-window.js";

/** API guide, Booking states: only a live booking can be cancelled. */
export function requireCancellable(booking: Booking): void {
  if (booking.status !== "BOOKED" && booking.status !== "TICKETED") {
    throw new DomainError(
      "BOOKING_INVALID_STATE",
      `Booking ${booking.bookingId} is ${booking.status}; only BOOKED or TICKETED bookings can be cancelled`,
    );
  }
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
 * refunds). The whole booking, never partly cancelled, for a reason other than NO_SHOW or
 * FLIGHT_CANCELLED: `refund = debited - airline penalty - OTA fee` as always, never below zero,
 * itemised in proportion to what each passenger and direction paid. A void: no penalty, the void
 * fee, the rest refunded. Anything else: the sum of each part's own figures (itemise).
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
  const resolved = resolveScope(booking, scope, request.cancellationType, request.reasonCode);
  const voidUntil = voidEligibleUntil(booking, policy.now);
  const figures = (items: readonly CancellationItem[]) => ({
    airlinePenaltyPaise: sum(items, "airlinePenaltyPaise"),
    otaFeePaise: sum(items, "otaFeePaise"),
    refundAmountPaise: sum(items, "refundAmountPaise"),
  });
  let totals: { airlinePenaltyPaise: number; otaFeePaise: number; refundAmountPaise: number };
  let items: CancellationItem[];
  if (request.cancellationType === "VOID") {
    if (voidUntil === undefined)
      throw new DomainError(
        "BOOKING_VOID_NOT_ALLOWED",
        "A booking can be voided only until 23:59 IST of the day it was ticketed, whole and never partly cancelled; quote a cancellation instead",
      );
    const fee = Math.min(policy.voidFeePaise ?? 0, booking.debitPaise);
    totals = { airlinePenaltyPaise: 0, otaFeePaise: fee, refundAmountPaise: booking.debitPaise - fee };
    items = itemiseTotals(booking, resolved.parts, totals);
  } else if (resolved.wholeBooking && request.reasonCode !== "NO_SHOW" && request.reasonCode !== "FLIGHT_CANCELLED") {
    const involuntary = request.cancellationType === "INVOLUNTARY";
    // A voluntary cancellation leaves the airline the EMDs of extras added after booking.
    const kept = involuntary ? 0 : addedExtrasPaise(booking, resolved.parts);
    const airlinePenaltyPaise = Math.min(booking.debitPaise, cancellationPenalty(booking, involuntary, policy.now) + kept);
    const refundAmountPaise = Math.max(0, booking.debitPaise - airlinePenaltyPaise - policy.otaFeePaise);
    totals = { airlinePenaltyPaise, otaFeePaise: policy.otaFeePaise, refundAmountPaise };
    items = itemiseTotals(booking, resolved.parts, totals);
  } else {
    const otaFeePaise = request.reasonCode === "FLIGHT_CANCELLED" ? 0 : policy.otaFeePaise;
    items = itemise(booking, resolved.parts, { ...request, otaFeePaise, now: policy.now });
    totals = figures(items);
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
    voidEligibleUntil: voidUntil,
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
