import type { FareRules, ProviderSegment } from "@tarmac/airline-port";
import type { BookedPricing } from "./booked-pricing.js";

/** VOID: the whole booking on the day it was ticketed (API guide, Partial cancellation, void and refunds). */
export type CancellationType = "VOLUNTARY" | "INVOLUNTARY" | "VOID";
export const CANCELLATION_TYPES: readonly CancellationType[] = ["VOLUNTARY", "INVOLUNTARY", "VOID"];
export const REASON_CODES = [
  "CUSTOMER_REQUEST",
  "SCHEDULE_CHANGE",
  "FLIGHT_CANCELLED",
  "DUPLICATE_BOOKING",
  "MEDICAL",
  "OTHER",
  "NO_SHOW",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** API guide, Booking states and Cancellation and reschedule: a quote holds for 10 minutes. */
export const QUOTE_VALIDITY_MS = 10 * 60_000;

export type Direction = "OUTBOUND" | "RETURN";

/** What a cancellation covers: passengers and directions, each sorted; empty means every one left. */
export interface CancellationScope {
  readonly passengerIds: readonly string[];
  readonly directions: readonly Direction[];
}

/** One passenger on one direction of a cancellation quote: what was paid for it and how it is split. */
export interface CancellationItem {
  readonly paxId: string;
  readonly direction: Direction;
  readonly paidPaise: number;
  readonly airlinePenaltyPaise: number;
  readonly otaFeePaise: number;
  readonly refundAmountPaise: number;
}

/** What a partial cancellation leaves: a passenger on a direction, still booked. */
export interface BookedPart {
  readonly paxId: string;
  readonly direction: Direction;
}

export interface CancellationQuote {
  readonly kind: "CANCELLATION";
  readonly quoteId: string;
  readonly reasonCode: ReasonCode;
  readonly cancellationType: CancellationType;
  readonly airlinePenaltyPaise: number;
  readonly otaFeePaise: number;
  readonly refundAmountPaise: number;
  readonly createdAt: Date;
  readonly validUntil: Date;
  /** As asked (absent on quotes of earlier releases: the whole booking). */
  readonly scope?: CancellationScope | undefined;
  /** Per passenger and direction; the totals are their sums. */
  readonly items?: readonly CancellationItem[] | undefined;
  /** The coupons (passenger, segment) the confirm cancels with the airline. */
  readonly coupons?: readonly { readonly paxId: string; readonly segmentIndex: number }[] | undefined;
  /** What stays booked after it; empty when it cancels what is left of the booking. */
  readonly staysBooked?: readonly BookedPart[] | undefined;
  /** Until when the whole booking may be voided (end of its ticketing day in IST); absent when it may not. */
  readonly voidEligibleUntil?: Date | undefined;
}

/** What a reschedule does with a seat, baggage or meal the booking holds (API guide, Reschedule: seats, baggage and meals). */
type RescheduleItemOutcome = "CARRIED_OVER" | "REFUNDED";

/** One seat, baggage or meal of the booking and its fate on the new itinerary. */
export interface RescheduleItem {
  readonly paxId: string;
  readonly kind: "SEAT" | "BAGGAGE" | "MEAL";
  /** The seat number, or the baggage or meal code. */
  readonly code: string;
  readonly quantity: number;
  /** Its segment in the booked itinerary. */
  readonly segmentIndex: number;
  /** Its segment in the new itinerary, when carried over. */
  readonly newSegmentIndex?: number | undefined;
  /** What was paid for it. */
  readonly pricePaise: number;
  readonly outcome: RescheduleItemOutcome;
  /** Why, in words for the agent. */
  readonly reason: string;
}

/** The new fare a reschedule quote was priced on, live, as the booking will carry it. */
export interface NewFare {
  readonly searchId: string;
  readonly offerId: string;
  readonly providerOfferKey: string;
  readonly currency: string;
  readonly pricing: BookedPricing;
  readonly segments: readonly ProviderSegment[];
  readonly fareRules: FareRules;
}

export interface RescheduleQuote {
  readonly kind: "RESCHEDULE";
  readonly quoteId: string;
  readonly reasonCode: ReasonCode;
  readonly newFare: NewFare;
  readonly fareDifferencePaise: number;
  readonly airlineChangeFeePaise: number;
  readonly otaFeePaise: number;
  /**
   * fare difference + change fee + OTA fee - refunded items, when positive: debited on confirm.
   * Quotes of earlier releases: fare difference + change fee + OTA fee.
   */
  readonly totalPayablePaise: number;
  /** The booking's seats, baggage and meals and what the reschedule does with each; absent on quotes of earlier releases. */
  readonly items?: readonly RescheduleItem[] | undefined;
  /** What the items dropped were paid: taken off the payment, the rest credited back (refundPaise). */
  readonly itemsRefundPaise?: number | undefined;
  /** Refunded items - (fare difference + change fee + OTA fee), when positive: credited to the wallet on confirm. */
  readonly refundPaise?: number | undefined;
  readonly createdAt: Date;
  readonly validUntil: Date;
}

export type Quote = CancellationQuote | RescheduleQuote;

/** The confirmed cancellation, shown in GetBooking. */
export interface CancellationRecord {
  readonly cancellationType: CancellationType;
  readonly reasonCode: ReasonCode;
  readonly airlinePenaltyPaise: number;
  readonly otaFeePaise: number;
  readonly refundAmountPaise: number;
  readonly confirmedAt: Date;
  /** `cx_` + ULID; absent on cancellations of earlier releases. */
  readonly cancellationId?: string | undefined;
  readonly scope?: CancellationScope | undefined;
  readonly items?: readonly CancellationItem[] | undefined;
  readonly coupons?: readonly { readonly paxId: string; readonly segmentIndex: number }[] | undefined;
  readonly staysBooked?: readonly BookedPart[] | undefined;
  /** The refund request it became (Booking.refunds). */
  readonly refundId?: string | undefined;
}

/** The latest confirmed reschedule, shown in GetBooking. */
export interface RescheduleRecord {
  readonly newOfferId: string;
  readonly reasonCode: ReasonCode;
  readonly fareDifferencePaise: number;
  readonly changePenaltyPaise: number;
  readonly newTotalPaise: number;
  readonly confirmedAt: Date;
}

/** Quotes kept on a booking: the newest few, so a client comparing options is not cut short. */
const KEPT = 10;

/** The booking's quotes with `quote` added and expired ones dropped. */
export function withQuote(quotes: readonly Quote[], quote: Quote, now: Date): Quote[] {
  return [...quotes.filter((q) => q.validUntil.getTime() > now.getTime()), quote].slice(-KEPT);
}

/** API guide, Cancellation and reschedule: the newest unexpired quote that matches, or undefined. */
export function newestValid<Q extends Quote>(quotes: readonly Quote[], now: Date, matches: (q: Quote) => q is Q): Q | undefined {
  return quotes
    .filter(matches)
    .filter((q) => q.validUntil.getTime() > now.getTime())
    .at(-1);
}
