import { defined } from "@tarmac/kernel";
import type { FareRules, ProviderSegment } from "@tarmac/airline-port";
import type { BookedPricing } from "../domain/booked-pricing.js";
import type { BookedExtra, BookedSeat, Booking, BookingGst, Payment, TaxTerms } from "../domain/booking.js";
import type { LockedFare, PassengerInput } from "../domain/booking-request.js";
import { toBookedPassenger } from "./validate-passengers.js";

/** What booking takes from a fare lock. */
export interface FareForBooking {
  readonly locked: LockedFare;
  readonly provider: string;
  readonly providerOfferKey: string;
  readonly searchId: string;
  readonly offerId: string;
  readonly currency: string;
  readonly pricing: BookedPricing;
  readonly segments: readonly ProviderSegment[];
  readonly fareRules: FareRules;
  readonly lockedUntil: Date | undefined;
  /** The airline holds this fare without ticketing (payment HOLD). */
  readonly holdAllowed: boolean;
}

export interface NewBookingInput {
  readonly bookingId: string;
  readonly agentId: string;
  readonly idempotencyKey: string;
  /** The create request's fingerprint (fingerprintOf), kept to tell a retry from a reused key. */
  readonly requestFingerprint: string;
  readonly fare: FareForBooking;
  readonly passengers: readonly PassengerInput[];
  readonly contact: { readonly email: string; readonly phone: string };
  readonly seats: readonly BookedSeat[];
  readonly extras: readonly BookedExtra[];
  readonly payment: Payment;
  readonly now: Date;
  readonly gst?: BookingGst | undefined;
  readonly taxTerms?: TaxTerms | undefined;
}

/**
 * A PENDING booking of validated input. API guide, Money and pricing and Bookings: the customer pays final price plus
 * seats, baggage and meals (`total_price_paise`); the wallet is debited net fare plus the same extras, at the
 * airline's price (no markup or commission on them).
 */
export function newBooking(input: NewBookingInput): Booking {
  const { fare, now } = input;
  const seatsPaise = input.seats.reduce((sum, s) => sum + s.pricePaise, 0);
  const extrasPaise = input.extras.reduce((sum, e) => sum + e.pricePaise, 0);
  const last = defined(fare.segments.at(-1), "last segment");
  return {
    bookingId: input.bookingId,
    agentId: input.agentId,
    idempotencyKey: input.idempotencyKey,
    requestFingerprint: input.requestFingerprint,
    status: "PENDING",
    statusHistory: [{ status: "PENDING", at: now, reason: "booking requested" }],
    pnr: undefined,
    provider: fare.provider,
    providerOfferKey: fare.providerOfferKey,
    searchId: fare.searchId,
    offerId: fare.offerId,
    currency: fare.currency,
    pricing: fare.pricing,
    seatsPaise,
    extrasPaise,
    totalPricePaise: fare.pricing.finalPrice + seatsPaise + extrasPaise,
    // A hold is paid when it is ticketed: nothing is debited before.
    debitPaise: input.payment === "HOLD" ? 0 : fare.pricing.netFare + seatsPaise + extrasPaise,
    fareRules: fare.fareRules,
    segments: fare.segments,
    passengers: input.passengers.map(toBookedPassenger),
    contact: { email: input.contact.email, phone: input.contact.phone },
    seats: input.seats,
    extras: input.extras,
    holdId: undefined,
    ticketNumbers: [],
    failure: undefined,
    quotes: [],
    cancellation: undefined,
    reschedule: undefined,
    lastArrivalAt: new Date(last.arrTime),
    payment: input.payment,
    ...(input.gst && { gst: { ...input.gst } }),
    ...(input.taxTerms && { taxTerms: input.taxTerms }),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}
