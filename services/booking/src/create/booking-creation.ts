import type { Client } from "@connectrpc/connect";
import { airportDirectory, documentRequirements, type AirlineProvider } from "@tarmac/airline-port";
import { DomainError, fieldError, newId, validationFailed, type Clock, type Logger, defined } from "@tarmac/kernel";
import { Payment, type CreateBookingRequest } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import type { BookingFlow } from "./booking-flow.js";
import { replayedBooking } from "./booking-replays.js";
import { BookingChangedConcurrently, countTransition, statusEvent } from "../booking-writer.js";
import type { Booking } from "../domain/booking.js";
import { newBooking } from "./new-booking.js";
import { contactErrors } from "./validate-contact.js";
import { documentErrors, gstErrors } from "../domain/validate-documents.js";
import type { AgencyBilling } from "../invoices/agency-billing.js";
import type { BillingSettings } from "../invoices/billing-settings.js";
import { taxTermsFor } from "../invoices/tax-terms.js";
import { passengerErrors, passengerMismatch } from "./validate-passengers.js";
import { checkExtras } from "./validate-extras.js";
import { checkSeats } from "./validate-seats.js";
import { fareOfLock, vouchedExtras, vouchedSeats } from "./fare-lock-mapping.js";
import { requestInput } from "../transport/proto-mapping.js";
import { createFingerprint } from "../transport/request-fingerprints.js";
import type { BookingStore } from "../store/booking-store.js";

export interface BookingCreationDeps {
  readonly store: BookingStore;
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly fare: Client<typeof FareService>;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly flow: BookingFlow;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The platform's GSTIN and tax rates: the booking's tax terms. */
  readonly billing: BillingSettings;
  /** The agency's own billing details, for a create that gives no `gst`. */
  readonly agencies: AgencyBilling;
  /** A new booking is left to its create call this long before the recovery sweep may take it (recoverAfter). */
  readonly recoveryGraceMs: number;
}

const REQUIRED = ["agent_id", "fare_token", "idempotency_key"] as const;

/** A create's answer: the booking, and whether it answers a retry (the key already named it). */
export interface CreatedBooking {
  readonly booking: Booking;
  readonly replayed: boolean;
}

/**
 * Creating a booking (README, Creating a booking): the agent's idempotency key is looked up first
 * (a retry answers the first booking's outcome, flagged replayed, without checking the lock or the
 * seats again; another request under the key is IDEMPOTENCY_KEY_REUSED); then the request is
 * checked against the fare lock and the seat map without writing anything, stored PENDING under
 * the key, and handed to the flow (hold, reserve, capture, BOOKED). Never a second booking.
 */
export class BookingCreation {
  constructor(private readonly deps: BookingCreationDeps) {}

  async create(request: CreateBookingRequest, signal: AbortSignal): Promise<CreatedBooking> {
    const values = { agent_id: request.agentId, fare_token: request.fareToken, idempotency_key: request.idempotencyKey };
    const missing = REQUIRED.filter((f) => values[f] === "");
    if (missing.length > 0) throw validationFailed(missing.map((f) => fieldError(f, "REQUIRED", `${f} is required`)));
    const fingerprint = createFingerprint(request);
    const earlier = await this.deps.store.findByIdempotencyKey(request.agentId, request.idempotencyKey);
    if (earlier) return { booking: replayedBooking(earlier, fingerprint), replayed: true };
    const locked = await this.deps.fare
      .getFareLock({
        agentId: request.agentId,
        fareToken: request.fareToken,
        ancillaryTokens: request.ancillaries.map((a) => a.ancillaryToken),
      })
      .catch((error: unknown) => {
        throw renameSeatFields(error);
      });
    const fare = fareOfLock(locked);
    const payment = request.payment === Payment.HOLD ? "HOLD" : "WALLET";
    if (payment === "HOLD" && !fare.holdAllowed) {
      throw new DomainError("BOOKING_HOLD_NOT_ALLOWED", "The airline does not hold this fare; book it with payment WALLET");
    }
    const input = requestInput(request);
    // Documents are checked with everything else, before any wallet or airline call. A booking paid
    // at once is ticketed at once: what the fare needs at TICKET is needed now.
    const requirements = documentRequirements(fare.segments, airportDirectory());
    // A `gst` given wins; else the agency's billing details (admin CLI), which also meet a fare that needs GST details.
    const gst = input.gst ?? (await this.deps.agencies.gstOf(request.agentId, signal));
    const errors = [
      ...passengerErrors(input.passengers, fare.locked),
      ...documentErrors(input.passengers, requirements, payment === "HOLD" ? "BOOK" : "TICKET"),
      ...contactErrors(input.contact),
      ...gstErrors(input.gst, gst === undefined ? requirements.gst : undefined),
    ];
    if (errors.length > 0) throw validationFailed(errors);
    const mismatch = passengerMismatch(input.passengers, fare.locked);
    if (mismatch !== undefined) throw new DomainError("BOOKING_PASSENGER_MISMATCH", mismatch);
    // Every token is a seat's or an extra's: the fare service refused any other.
    const extraOptions = vouchedExtras(locked);
    const seatByToken = new Map(vouchedSeats(locked).map((s) => [s.ancillaryToken, s]));
    const seatChoices = input.ancillaries.filter((a) => !extraOptions.has(a.ancillaryToken));
    const seats = checkSeats(
      seatChoices,
      seatChoices.map((c) => seatByToken.get(c.ancillaryToken)),
      input.passengers,
      fare.locked,
    );
    const extraChoices = input.ancillaries.filter((a) => extraOptions.has(a.ancillaryToken));
    const extras = checkExtras(extraChoices, extraOptions, input.passengers, fare.segments.length);
    const choiceErrors = [...seats.errors, ...extras.errors];
    if (choiceErrors.length > 0) throw validationFailed(choiceErrors);
    await this.requireFreeSeats(fare.providerOfferKey, seats.seats, signal);

    const now = this.deps.clock.now();
    const made = newBooking({
      bookingId: newId("bkg"),
      agentId: request.agentId,
      idempotencyKey: request.idempotencyKey,
      requestFingerprint: fingerprint,
      fare,
      passengers: input.passengers,
      contact: defined(input.contact, "contact"),
      seats: seats.seats,
      extras: extras.extras,
      payment,
      now,
      gst,
      taxTerms: taxTermsFor(this.deps.billing, gst),
    });
    const booking: Booking = { ...made, recoverAfter: new Date(now.getTime() + this.deps.recoveryGraceMs) };
    const stored = await this.deps.store.create(booking, [statusEvent(booking, undefined, now)]);
    // A concurrent first call stored it between the lookup and this write.
    if (!stored.created) return { booking: replayedBooking(stored.existing, fingerprint), replayed: true };
    countTransition(undefined, booking.status);
    this.deps.logger.info({ bookingId: booking.bookingId, agentId: booking.agentId, debitPaise: booking.debitPaise }, "booking requested");
    try {
      return { booking: await this.deps.flow.place(booking, signal), replayed: false };
    } catch (error) {
      // The recovery sweep settled this booking while this call was slow: answer what it decided.
      if (!(error instanceof BookingChangedConcurrently)) throw error;
      return { booking: replayedBooking(defined(await this.deps.store.get(booking.bookingId), "booking"), fingerprint), replayed: false };
    }
  }

  /** The seat map right now: a seat someone else booked since the seat map was read is refused early. */
  private async requireFreeSeats(
    key: string,
    seats: readonly { segmentIndex: number; seat: string }[],
    signal: AbortSignal,
  ): Promise<void> {
    if (seats.length === 0) return;
    const map = await this.deps.provider.seatMap(key, { signal });
    const taken = seats.filter((chosen) => {
      const segment = map.segments.find((s) => s.segmentIndex === chosen.segmentIndex);
      const seat = segment?.rows.flatMap((r) => r.seats).find((s) => s.seat === chosen.seat);
      return !seat?.available;
    });
    if (taken.length > 0) {
      throw new DomainError(
        "BOOKING_SEAT_UNAVAILABLE",
        `Seat ${taken.map((s) => s.seat).join(", ")} is no longer available; choose another`,
      );
    }
  }
}

/** Fare service field names -> this request's: ancillary_tokens[i] is ancillaries[i].ancillary_token. */
function renameSeatFields(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.errors.length === 0) return error;
  const errors = error.errors.map((e) => ({
    ...e,
    field: e.field.replace(/^ancillary_tokens\[(\d+)\]$/, "ancillaries[$1].ancillary_token"),
  }));
  return new DomainError(error.code, error.message, { errors, cause: error });
}
