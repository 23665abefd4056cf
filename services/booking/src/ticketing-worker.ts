import type { Client } from "@connectrpc/connect";
import type { AirlineProvider } from "@tarmac/airline";
import { formatPaise, type Clock, type Logger } from "@tarmac/kernel";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { BookingChangedConcurrently, type BookingWriter } from "./booking-writer.js";
import type { Booking } from "./domain/booking.js";
import type { InvoiceIssuer } from "./invoices/invoice-issuer.js";
import type { BookingStore } from "./store/booking-store.js";
import { reportStuck, sweepClaim } from "./sweep-claims.js";

export interface TicketingWorkerDeps {
  readonly store: BookingStore;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly writer: BookingWriter;
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly wallet: Client<typeof WalletService>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Issues the tax invoice before TICKETED is stored (idempotent: a repeat after a crash finds it). */
  readonly invoices: InvoiceIssuer;
  /** Finishes or unwinds a reschedule confirm that was interrupted (Reschedules.resume). */
  readonly resumeReschedule: (booking: Booking) => Promise<unknown>;
  /** Finishes an interrupted partial cancellation and follows due refunds (Cancellations.settle). */
  readonly settleCancellations: (booking: Booking) => Promise<unknown>;
  /** Finishes or unwinds an addition of baggage and meals that was interrupted (AncillaryAdditions.resume). */
  readonly resumeAddition: (booking: Booking) => Promise<unknown>;
}

const BATCH = 200;

/** A refund of the booking the airline should be asked about (again) now. */
const dueRefund = (booking: Booking, now: Date) =>
  (booking.refunds ?? []).some((r) => (r.status === "REQUESTED" || r.status === "PROCESSING") && r.nextCheckAt.getTime() <= now.getTime());

/**
 * Follows bookings after BOOKED (API guide, Bookings and Booking states): the airline tickets asynchronously, so BOOKED
 * becomes TICKETED with the airline's ticket numbers; if ticketing fails for good the booking
 * becomes FAILED and the captured amount is credited back (idempotent by the booking id, so a crash
 * between credit and status change never refunds twice). TICKETED becomes FLOWN once the last
 * segment has landed.
 */
export class TicketingWorker {
  constructor(private readonly deps: TicketingWorkerDeps) {}

  async run(): Promise<void> {
    const { store, clock, logger } = this.deps;
    const now = clock.now();
    // Every BOOKED booking up to this instant, the one booked just now included.
    const booked = await store.claimDue("BOOKED", new Date(now.getTime() + 1), BATCH, sweepClaim(now));
    // TICKETED bookings are due when their last segment has landed.
    const landed = await store.claimDue("TICKETED", now, BATCH, sweepClaim(now));
    reportStuck([...booked, ...landed], logger);
    // A booking with a reschedule pending is due only once that confirm was surely interrupted.
    for (const { booking } of [...booked, ...landed].filter((c) => c.booking.pendingReschedule)) {
      await this.guard(booking, () => this.deps.resumeReschedule(booking));
    }
    // Due for a cancellation's sake (pending, or a refund to ask about again): settled first, ticketed or flown on a later run.
    // An addition pending is due only once that confirm was surely interrupted; the booking moves on a later run.
    for (const { booking } of [...booked, ...landed].filter((c) => c.booking.pendingAddition && !c.booking.pendingReschedule)) {
      await this.guard(booking, () => this.deps.resumeAddition(booking));
    }
    const cancelling = (b: Booking) =>
      !b.pendingReschedule && !b.pendingAddition && (b.pendingCancellation !== undefined || dueRefund(b, now));
    for (const { booking } of [...booked, ...landed].filter((c) => cancelling(c.booking)))
      await this.guard(booking, () => this.deps.settleCancellations(booking));
    const free = (b: Booking) => !b.pendingReschedule && !b.pendingAddition && !cancelling(b);
    for (const { booking } of booked.filter((c) => free(c.booking))) await this.guard(booking, () => this.ticket(booking));
    for (const { booking } of landed.filter((c) => free(c.booking) && c.booking.lastArrivalAt.getTime() <= now.getTime()))
      await this.guard(booking, () => this.deps.writer.move(booking, "FLOWN", "all segments have arrived"));
  }

  private async ticket(booking: Booking): Promise<void> {
    const { provider, writer, wallet, logger } = this.deps;
    const reservation = await provider.findReservation(booking.bookingId);
    if (reservation?.status === "TICKETED") {
      await this.deps.invoices.ticketed({ ...booking, pnr: booking.pnr ?? reservation.pnr });
      await writer.move(booking, "TICKETED", "tickets issued by the airline", { ticketNumbers: reservation.tickets });
      logger.info({ bookingId: booking.bookingId, tickets: reservation.tickets.length }, "booking ticketed");
    } else if (reservation?.status === "TICKETING_FAILED") {
      // What partial cancellations refunded (or will) is not credited twice.
      const refunded = (booking.refunds ?? []).filter((r) => r.status !== "REJECTED").reduce((sum, r) => sum + r.amountPaise, 0);
      const back = Math.max(0, booking.debitPaise - refunded);
      if (back > 0)
        await wallet.credit({
          agentId: booking.agentId,
          amountPaise: BigInt(back),
          reference: booking.bookingId,
          reason: `Refund: ticketing failed for booking ${booking.bookingId}`,
        });
      const reason = `ticketing failed: ${reservation.failureReason ?? "the airline could not issue tickets"}; ${formatPaise(booking.debitPaise)} ${booking.currency} credited back`;
      await writer.move(booking, "FAILED", reason, { failure: { code: "PROVIDER_REJECTED", message: reason } });
    }
  }

  private async guard(booking: Booking, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof BookingChangedConcurrently) return;
      this.deps.logger.warn({ bookingId: booking.bookingId, err: error }, "ticketing: will retry on the next run");
    }
  }
}
