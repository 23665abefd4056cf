import type { AirlineProvider, HoldTerms, ProviderReservation, ReservationRequest } from "@tarmac/airline-port";
import { DomainError, formatPaise, type Clock, type Logger } from "@tarmac/kernel";
import { BookingChangedConcurrently } from "../booking-writer.js";
import type { BookingWriter } from "../booking-writer.js";
import type { Booking, BookingHold } from "../domain/booking.js";
import type { Payment, StepOutcome, WalletPayments } from "../wallet-payments.js";

export interface BookingFlowDeps {
  readonly payments: WalletPayments;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly writer: BookingWriter;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How long before a hold's ticket time limit booking.hold_expiring is published. */
  readonly holdNoticeMs: number;
}

/**
 * A create that gave up with its outcome unknown is handed to the recovery sweep this long after:
 * time for a peer call the caller abandoned to finish or be abandoned too (each carries the
 * request's deadline), so the sweep does not race it.
 */
const HAND_OVER_AFTER_MS = 3_000;

/** Provider answers that say for certain no reservation was made. */
const REFUSALS = new Set([
  "PROVIDER_REJECTED",
  "PROVIDER_SOLD_OUT",
  "PROVIDER_PRICE_CHANGED",
  "BOOKING_SEAT_UNAVAILABLE",
  "VALIDATION_FAILED",
]);

/** A booking's debit on the wallet: the booking id is its reference, so asking again finds the hold. */
export function bookingDebit(booking: Booking): Payment {
  const legs = booking.segments.map((s) => `${s.carrier}${s.flightNo} ${s.origin}-${s.dest}`).join(", ");
  return {
    agentId: booking.agentId,
    amountPaise: booking.debitPaise,
    reference: booking.bookingId,
    description: `Booking ${booking.bookingId}: ${legs}; ${formatPaise(booking.debitPaise)} ${booking.currency}`,
  };
}

/**
 * Takes a PENDING booking to BOOKED or FAILED (API guide, Bookings): the wallet pays for the airline's
 * reservation under the booking id (hold, reserve, capture). A refused hold fails before the
 * airline is asked; an airline refusal voids the hold. Whatever a crash leaves undone, the
 * recovery sweep finishes from the same idempotent steps.
 */
export class BookingFlow {
  /** The errors `fail` threw: the booking they answer is over, FAILED; nothing to hand over. */
  private readonly ended = new WeakSet<object>();

  constructor(private readonly deps: BookingFlowDeps) {}

  async place(pending: Booking, signal?: AbortSignal): Promise<Booking> {
    const latest = { booking: pending };
    try {
      return await (pending.payment === "HOLD" ? this.hold(pending, signal) : this.pay(latest, signal));
    } catch (error) {
      if (!(error instanceof BookingChangedConcurrently) && !(error instanceof Object && this.ended.has(error)))
        await this.handOver(latest.booking, error);
      throw error;
    }
  }

  /**
   * This call gives up with the booking's outcome unknown (a peer timed out or failed mid-way):
   * the recovery sweep may take it moments from now rather than after the whole grace, so a retry
   * under the key (IN_PROGRESS meanwhile) learns the outcome within seconds. If even this write
   * fails, the grace set at create still applies.
   */
  private async handOver(booking: Booking, cause: unknown): Promise<void> {
    const soon = this.deps.clock.now().getTime() + HAND_OVER_AFTER_MS;
    // Never later than the grace set at create.
    const recoverAfter = new Date(Math.min(soon, booking.recoverAfter?.getTime() ?? soon));
    try {
      await this.deps.writer.amend(booking, { recoverAfter });
      this.deps.logger.warn({ bookingId: booking.bookingId, err: cause }, "booking create interrupted: handed to the recovery sweep");
    } catch (error) {
      this.deps.logger.warn({ bookingId: booking.bookingId, err: error }, "booking create interrupted: left to the recovery grace");
    }
  }

  private async pay(latest: { booking: Booking }, signal?: AbortSignal): Promise<Booking> {
    const { payments, writer, provider } = this.deps;
    const pending = latest.booking;
    let booking = pending;
    const settlement = await payments.payFor(bookingDebit(pending), async (holdId) => {
      // Stored before the airline is asked, so a recovery after a crash finds the hold.
      booking = await writer.amend(booking, { holdId });
      latest.booking = booking;
      return this.reserve(booking, signal);
    });
    switch (settlement.kind) {
      case "paid":
        return writer.move(booking, "BOOKED", "reserved with the airline and paid from the wallet", { pnr: settlement.result.pnr });
      case "unpaid":
        // The hold is gone (expired, or voided by a recovery that judged this call dead): no money,
        // so no reservation either.
        await provider.cancelReservation(booking.bookingId);
        return this.fail(
          booking,
          new DomainError("INTERNAL", "The booking could not be paid for; nothing was charged", { cause: settlement.error }),
        );
      default:
        return this.fail(booking, settlement.error);
    }
  }

  /** Payment HOLD: the airline reserves without ticketing and nothing is paid; HELD with its deadlines, or FAILED. */
  private async hold(pending: Booking, signal?: AbortSignal): Promise<Booking> {
    const outcome = await this.reserve(pending, signal);
    if (!("done" in outcome)) {
      const refusal = outcome.nothingDone;
      const notHoldable = refusal.provider?.code === "HOLD_NOT_ALLOWED";
      return this.fail(
        pending,
        notHoldable ? new DomainError("BOOKING_HOLD_NOT_ALLOWED", "The airline no longer holds this fare", { cause: refusal }) : refusal,
      );
    }
    const reservation = outcome.done;
    if (reservation.hold === undefined) {
      // Reserved but not held (a provider that ignored the hold flag): release it rather than ticket unpaid.
      await this.deps.provider.cancelReservation(pending.bookingId);
      return this.fail(pending, new DomainError("BOOKING_HOLD_NOT_ALLOWED", "The airline did not hold this fare; nothing was charged"));
    }
    return this.deps.writer.move(pending, "HELD", "held with the airline; to be ticketed before its time limit", {
      pnr: reservation.pnr,
      hold: heldTerms(reservation.hold, this.deps.holdNoticeMs),
    });
  }

  private async reserve(booking: Booking, signal: AbortSignal | undefined): Promise<StepOutcome<ProviderReservation>> {
    const { provider } = this.deps;
    const request: ReservationRequest = {
      clientReference: booking.bookingId,
      key: booking.providerOfferKey,
      passengers: booking.passengers,
      seats: booking.seats.map((s) => ({ paxId: s.paxId, segmentIndex: s.segmentIndex, seat: s.seat })),
      contact: booking.contact,
      ...((booking.extras ?? []).length > 0 && {
        extras: (booking.extras ?? []).map((e) => ({ paxId: e.paxId, segmentIndex: e.segmentIndex, code: e.code, quantity: e.quantity })),
      }),
      ...(booking.payment === "HOLD" && { hold: true }),
    };
    try {
      return { done: await provider.reserve(request, signal ? { signal } : {}) };
    } catch (error) {
      if (error instanceof DomainError && REFUSALS.has(error.code)) return { nothingDone: error };
      // Timed out or failed mid-way: the airline may or may not hold a reservation. Ask it; if even
      // that fails, the booking stays PENDING and the recovery sweep settles it.
      const found = await provider.findReservation(booking.bookingId);
      if (found !== undefined) return { done: found };
      // A reservation still in flight at the airline must not outlive the booking.
      await provider.cancelReservation(booking.bookingId);
      if (error instanceof DomainError) return { nothingDone: error };
      throw error;
    }
  }

  /** Ends the booking FAILED with the reason the client is told, and throws that error. */
  private async fail(booking: Booking, error: DomainError): Promise<never> {
    const failure = { code: error.code, message: error.message, ...(error.provider && { provider: error.provider }) };
    await this.deps.writer.move(booking, "FAILED", failureReason(error), { failure });
    this.deps.logger.info({ bookingId: booking.bookingId, code: error.code }, "booking failed");
    this.ended.add(error);
    throw error;
  }
}

/** The booking's hold from the airline's terms: the notice falls `noticeMs` before the limit. */
export function heldTerms(terms: HoldTerms, noticeMs: number): BookingHold {
  const ticketTimeLimit = new Date(terms.ticketTimeLimit);
  return {
    ticketTimeLimit,
    priceGuaranteedUntil: new Date(terms.priceGuaranteedUntil),
    warnAt: new Date(ticketTimeLimit.getTime() - noticeMs),
    warned: false,
  };
}

function failureReason(error: DomainError): string {
  if (error.code.startsWith("WALLET_")) return `wallet refused the hold: ${error.message}`;
  if (error.code === "UNAVAILABLE") return `wallet unreachable: ${error.message}`;
  return error.provider ? `airline refused: ${error.provider.code} ${error.provider.message}` : `${error.code}: ${error.message}`;
}
