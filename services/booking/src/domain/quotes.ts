import type { FareRules, ProviderSegment } from "@tarmac/airline";
import type { BookedPricing } from "./booking.js";

export type CancellationType = "VOLUNTARY" | "INVOLUNTARY";
export const CANCELLATION_TYPES: readonly CancellationType[] = ["VOLUNTARY", "INVOLUNTARY"];
export const REASON_CODES = ["CUSTOMER_REQUEST", "SCHEDULE_CHANGE", "FLIGHT_CANCELLED", "DUPLICATE_BOOKING", "MEDICAL", "OTHER"] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** API guide, Booking states and Cancellation and reschedule: a quote holds for 10 minutes. */
export const QUOTE_VALIDITY_MS = 10 * 60_000;

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
  readonly totalPayablePaise: number;
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
