import type { AirlineProvider } from "@tarmac/airline-port";
import { DomainError, type Clock, type Logger } from "@tarmac/kernel";
import { bookingDebit, heldTerms } from "../create/booking-flow.js";
import { BookingChangedConcurrently, type BookingWriter } from "../booking-writer.js";
import type { Cancellations } from "../cancel/cancellations.js";
import type { Booking } from "../domain/booking.js";
import type { BookingStore, ClaimedBooking } from "../store/booking-store.js";
import { reportStuck, sweepClaim } from "../sweep-claims.js";
import { refusedHold, type WalletPayments } from "../wallet-payments.js";

export interface RecoverySweepDeps {
  readonly store: BookingStore;
  readonly cancellations: Cancellations;
  readonly writer: BookingWriter;
  readonly payments: WalletPayments;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly clock: Clock;
  readonly logger: Logger;
  /** A recovered hold's booking.hold_expiring notice comes this long before its limit. */
  readonly holdNoticeMs: number;
}

const REFUND_GRACE_MS = 2_000;
const BATCH = 100;
const NOTHING_CHARGED = "The booking could not be completed after an interruption; nothing was charged";

/**
 * Finishes or unwinds bookings a crash left PENDING, asking the airline by client reference (the
 * booking id). The end state is BOOKED with exactly one captured debit, or FAILED with no debit
 * and no live PNR: every step it repeats is idempotent, and the version check means a create call
 * that wakes up late cannot move the booking a second time.
 */
export class RecoverySweep {
  constructor(private readonly deps: RecoverySweepDeps) {}

  /** Settles interrupted creates and cancellations; answers how many bookings it settled. */
  async run(): Promise<number> {
    const { store, clock, cancellations, logger } = this.deps;
    const now = clock.now();
    // Due at its recoverAfter: its create call is surely over by then (BookingCreation, BookingFlow).
    const pending = await store.claimDue("PENDING", new Date(now.getTime() + 1), BATCH, sweepClaim(now));
    // A confirm refunds at once; a CANCELLED booking a few seconds old lost its refund to a crash.
    const unrefunded = await store.claimDue("CANCELLED", new Date(now.getTime() - REFUND_GRACE_MS), BATCH, sweepClaim(now));
    reportStuck([...pending, ...unrefunded], logger);
    let settled = await this.each(pending, (b) => this.recover(b));
    settled += await this.each(unrefunded, (b) => cancellations.settle(b));
    return settled;
  }

  private async each(claimed: readonly ClaimedBooking[], settle: (booking: Booking) => Promise<unknown>): Promise<number> {
    let settled = 0;
    for (const { booking } of claimed) {
      try {
        await settle(booking);
        settled++;
      } catch (error) {
        if (error instanceof BookingChangedConcurrently) continue;
        this.deps.logger.warn({ bookingId: booking.bookingId, status: booking.status, err: error }, "recovery: left for the next sweep");
      }
    }
    return settled;
  }

  async recover(booking: Booking): Promise<Booking> {
    if (booking.payment === "HOLD") return this.recoverHold(booking);
    const { provider, writer, payments, logger } = this.deps;
    const reservation = await provider.findReservation(booking.bookingId);
    if (reservation !== undefined && reservation.status !== "CANCELLED") {
      try {
        const holdId = await payments.hold(bookingDebit(booking));
        await payments.capture(holdId);
        logger.info({ bookingId: booking.bookingId, pnr: reservation.pnr }, "recovery: booking completed");
        return await writer.move(booking, "BOOKED", "completed by recovery after an interruption", { pnr: reservation.pnr, holdId });
      } catch (error) {
        // The money cannot be taken (hold expired and voided, funds gone): release the seats instead.
        if (!(error instanceof DomainError) || error.status >= 500) throw error;
        await provider.cancelReservation(booking.bookingId);
        return this.failed(booking, error.code, `recovery could not take payment (${error.code}); reservation cancelled`);
      }
    }
    // A reserve call still on its way must not leave a live PNR behind this FAILED booking.
    await provider.cancelReservation(booking.bookingId);
    const holdId = booking.holdId ?? (await this.holdIfAny(booking));
    if (holdId !== undefined) await payments.void(holdId);
    logger.info({ bookingId: booking.bookingId }, "recovery: booking unwound");
    // INTERNAL, not a retryable code: this booking is over; a new request (new key) may succeed.
    return this.failed(booking, "INTERNAL", "recovered after an interruption: the airline holds no reservation");
  }

  /** A hold (no money involved): HELD if the airline holds it, else its reservation cancelled and FAILED. */
  private async recoverHold(booking: Booking): Promise<Booking> {
    const { provider, writer } = this.deps;
    const reservation = await provider.findReservation(booking.bookingId);
    if (reservation?.hold && reservation.status === "HELD") {
      return writer.move(booking, "HELD", "held with the airline; completed by recovery after an interruption", {
        pnr: reservation.pnr,
        hold: heldTerms(reservation.hold, this.deps.holdNoticeMs),
      });
    }
    await provider.cancelReservation(booking.bookingId);
    return this.failed(booking, "INTERNAL", "recovered after an interruption: the airline holds no reservation");
  }

  /** Asking for the hold again finds one made before a crash; one made just now is voided with it. */
  private async holdIfAny(booking: Booking): Promise<string | undefined> {
    try {
      return await this.deps.payments.hold(bookingDebit(booking));
    } catch (error) {
      // A refusal of any kind (no funds, no account) means no hold exists under the reference.
      if (refusedHold(error)) return undefined;
      throw error;
    }
  }

  private failed(booking: Booking, code: string, reason: string): Promise<Booking> {
    return this.deps.writer.move(booking, "FAILED", reason, { failure: { code, message: NOTHING_CHARGED } });
  }
}
