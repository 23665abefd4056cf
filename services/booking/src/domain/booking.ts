import type { GstKind } from "@tarmac/tax";
import type { FareRules, ProviderSegment, TicketRecord } from "@tarmac/airline-port";
import type { BookedPricing } from "./booked-pricing.js";
import type { KeyedConfirmation } from "./confirm-answers.js";
import type { CancellationRecord, Quote, RescheduleRecord } from "./quotes.js";
import type { PendingCancellation, RefundRecord } from "./refunds.js";

export type BookingStatus =
  "PENDING" | "BOOKED" | "TICKETED" | "FAILED" | "CANCELLED" | "REFUNDED" | "FLOWN" | "HELD" | "RELEASED" | "EXPIRED";
/** WALLET: debited at creation. HOLD: reserved without payment, paid when ticketed (hold now, ticket later). */
export type Payment = "WALLET" | "HOLD";
export type PassengerType = "ADT" | "CHD" | "INF";

interface StatusChange {
  readonly status: BookingStatus;
  readonly at: Date;
  readonly reason: string;
}

export interface BookedPassenger {
  /** ADT1, CHD1, INF1. */
  readonly paxId: string;
  readonly type: PassengerType;
  readonly title: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly gender: string;
  /** YYYY-MM-DD. */
  readonly dob: string;
  readonly nationality: string;
  /** Travel documents (API guide, Travel documents), when given. */
  readonly passportNumber?: string | undefined;
  readonly passportExpiry?: string | undefined;
  readonly passportIssuingCountry?: string | undefined;
  readonly pan?: string | undefined;
}

/** The agency's GST registration at create (given, else its billing details in auth): the tax invoice's recipient. */
export interface BookingGst {
  readonly gstin: string;
  readonly registeredName: string;
  readonly address: string;
  readonly email: string;
}

/** The tax rates and GST kind fixed at create: the booking's tax lines and invoices follow them. */
export interface TaxTerms {
  readonly gstOnServiceFeeBps: number;
  readonly tdsOnCommissionBps: number;
  readonly gstKind: GstKind;
}

export interface BookedSeat {
  readonly paxId: string;
  readonly segmentIndex: number;
  readonly seat: string;
  readonly pricePaise: number;
  readonly ancillaryId: string;
  readonly ancillaryToken: string;
}

/** Baggage or a meal bought for one passenger on one segment. */
export interface BookedExtra {
  readonly paxId: string;
  readonly segmentIndex: number;
  readonly kind: "BAGGAGE" | "MEAL";
  readonly code: string;
  readonly description: string;
  readonly quantity: number;
  readonly unitPricePaise: number;
  /** unitPricePaise x quantity. */
  readonly pricePaise: number;
  readonly weightKg: number;
  readonly ancillaryId: string;
  readonly ancillaryToken: string;
  /** Absent: bought with the booking. ADDED: bought after (API guide, Baggage and meals after ticketing). */
  readonly source?: "BOOKING" | "ADDED" | undefined;
  /** An added extra's EMD-style document number (13 digits). */
  readonly emdNumber?: string | undefined;
  readonly addedAt?: Date | undefined;
  /** The addition it was bought in (PendingAddition.additionId). */
  readonly additionId?: string | undefined;
}

/**
 * An addition of baggage and meals under way (set before the wallet is asked, cleared by its last
 * write): if the confirm is interrupted, a sweep finishes it from what the airline says it did.
 */
export interface PendingAddition {
  /** `add_` + ULID: the wallet reference of its debit and the airline's add reference. */
  readonly additionId: string;
  readonly startedAt: Date;
  /** What it buys, each with its EMD number already drawn. */
  readonly items: readonly BookedExtra[];
  readonly totalPaise: number;
  readonly idempotencyKey?: string | undefined;
  readonly fingerprint?: string | undefined;
}

/** Why a booking failed, answered again to a client that retries the same create. */
interface BookingFailure {
  readonly code: string;
  readonly message: string;
  /** The airline's own refusal, when it was the airline's (API guide, Errors). */
  readonly provider?: { readonly name: string; readonly code: string; readonly message: string };
}

/** A reschedule confirm under way, with the agent's key and its request's fingerprint when it gave one. */
interface PendingReschedule {
  readonly quoteId: string;
  readonly startedAt: Date;
  readonly idempotencyKey?: string | undefined;
  readonly fingerprint?: string | undefined;
}

/**
 * A ticketing call under way on a HELD booking (set before its wallet hold, cleared by its last
 * write): if the call is interrupted, the hold sweep settles it from what the airline says.
 */
export interface PendingTicketing {
  readonly startedAt: Date;
  /** The wallet hold's reference for this attempt: asking again with it finds the same hold. */
  readonly walletReference: string;
  /** The fare the airline was asked to ticket at, and what the booking costs at it. */
  readonly baseFare: number;
  readonly taxes: number;
  readonly pricing: BookedPricing;
  readonly totalPricePaise: number;
  readonly debitPaise: number;
  readonly idempotencyKey?: string | undefined;
  readonly fingerprint?: string | undefined;
}

/** A held booking's deadlines and sweep bookkeeping (kept after it leaves HELD). */
export interface BookingHold {
  /** The airline's deadline to ticket: the sweep expires the booking at it. */
  readonly ticketTimeLimit: Date;
  /** Until then ticketing pays the held price; afterwards the airline re-prices. */
  readonly priceGuaranteedUntil: Date;
  /** When booking.hold_expiring is due (the limit less the configured notice). */
  readonly warnAt: Date;
  readonly warned: boolean;
  readonly ticketing?: PendingTicketing | undefined;
  /** When the hold sweep last found the reservation still held at the airline; absent: not yet asked. */
  readonly checkedAt?: Date | undefined;
}

/**
 * How often the hold sweep asks the airline whether it still holds a HELD booking's reservation:
 * an airline may drop a hold before its time limit, and the agency must hear of it within this
 * (plus one sweep) rather than when it tries to ticket.
 */
export const HOLD_CHECK_INTERVAL_MS = 30_000;

export interface Booking {
  /** `bkg_` + ULID; also the wallet hold's reference and the provider's client reference. */
  readonly bookingId: string;
  readonly agentId: string;
  /** Unique per agent: a create with the key again finds this booking before anything else. */
  readonly idempotencyKey: string;
  /**
   * The create request's fingerprint (fingerprintOf its canonical content, key left out): a retry
   * with the key must match it, else IDEMPOTENCY_KEY_REUSED. Absent on bookings of earlier releases.
   */
  readonly requestFingerprint?: string | undefined;
  /** Cancellation and reschedule confirms made under one of the agent's idempotency keys, oldest first. */
  readonly confirmations?: readonly KeyedConfirmation[] | undefined;
  readonly status: BookingStatus;
  readonly statusHistory: readonly StatusChange[];
  readonly pnr: string | undefined;
  readonly provider: string;
  readonly providerOfferKey: string;
  readonly searchId: string;
  readonly offerId: string;
  readonly currency: string;
  readonly pricing: BookedPricing;
  /** Paid seats, all passengers. */
  readonly seatsPaise: number;
  /** Baggage and meals, all passengers; absent on bookings of earlier releases (none). */
  readonly extrasPaise?: number | undefined;
  /** What the agent's customer pays: final price + seats + extras. */
  readonly totalPricePaise: number;
  /**
   * BOOKED only: the airline will not ticket it (ticketing refused, reservation cancelled or lost,
   * no tickets by the deadline), marked before what it paid is credited back (refuseWhileFailing).
   */
  readonly ticketingFailure?: { readonly reason: string; readonly at: Date } | undefined;
  /**
   * PENDING only: from when the recovery sweep may finish or unwind it, its create call surely
   * over (created + RECOVERY_GRACE_SECONDS, or moments after the call gave up on a peer). Absent on
   * bookings of earlier releases: a minute after it last changed.
   */
  readonly recoverAfter?: Date | undefined;
  /** Everything the wallet was debited for this booking: net fare + seats + extras, plus reschedule payments. */
  readonly debitPaise: number;
  /**
   * Of debitPaise, what no cancellation or void refunds: the airline change fees and platform fees
   * of its reschedules (refundable-paid.ts). Absent on bookings of earlier releases: their last
   * reschedule's change penalty, else none (nonRefundablePaid).
   */
  readonly nonRefundablePaise?: number | undefined;
  /** The booked fare's rules (after a reschedule, the new fare's). */
  readonly fareRules: FareRules;
  readonly segments: readonly ProviderSegment[];
  readonly passengers: readonly BookedPassenger[];
  readonly contact: { readonly email: string; readonly phone: string };
  readonly seats: readonly BookedSeat[];
  /** Baggage and meals bought; absent on bookings of earlier releases (none). */
  readonly extras?: readonly BookedExtra[] | undefined;
  readonly holdId: string | undefined;
  readonly ticketNumbers: readonly TicketRecord[];
  readonly failure: BookingFailure | undefined;
  /** Open cancellation and reschedule quotes, newest last (a few; expired ones are dropped). */
  readonly quotes: readonly Quote[];
  readonly cancellation: CancellationRecord | undefined;
  readonly reschedule: RescheduleRecord | undefined;
  /**
   * A reschedule confirm under way (set before its hold, cleared by its last write): if the
   * confirm is interrupted, a sweep finishes it from what the airline says it did.
   */
  readonly pendingReschedule?: PendingReschedule | undefined;
  /** When the last segment lands: a TICKETED booking becomes FLOWN after it. */
  readonly lastArrivalAt: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Absent on bookings of earlier releases: WALLET. */
  readonly payment?: Payment | undefined;
  /** A held booking's deadlines (payment HOLD, once HELD). */
  readonly hold?: BookingHold | undefined;
  /**
   * Passengers on segments cancelled by partial cancellations (their seats freed with the airline,
   * their tickets marked CANCELLED or VOIDED); absent when none.
   */
  readonly cancelledCoupons?: readonly { readonly paxId: string; readonly segmentIndex: number }[] | undefined;
  /** Every confirmed cancellation, partial or whole, oldest first (`cancellation` is the latest). */
  readonly cancellations?: readonly CancellationRecord[] | undefined;
  /** The refund requests cancellations became, oldest first. */
  readonly refunds?: readonly RefundRecord[] | undefined;
  /** A partial cancellation confirm under way (set before the airline is asked, cleared by its last write). */
  readonly pendingCancellation?: PendingCancellation | undefined;
  /** An addition of baggage and meals under way (cleared by its last write). */
  readonly pendingAddition?: PendingAddition | undefined;
  /** The GST details billed: given at create, else the agency's billing details then. */
  readonly gst?: BookingGst | undefined;
  /** Absent on bookings of earlier releases: no tax lines, no invoices. */
  readonly taxTerms?: TaxTerms | undefined;
  /** Optimistic concurrency: every stored change increments it. */
  readonly version: number;
}
