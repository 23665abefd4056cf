import type { Client } from "@connectrpc/connect";
import type { AirlineProvider, ProviderReservation } from "@tarmac/airline-port";
import { defined, formatPaise, processMetrics, type Clock, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { BookingChangedConcurrently, type BookingWriter } from "../booking-writer.js";
import type { Booking } from "../domain/booking.js";
import { isPendingRefund, moveRefund, type RefundRecord } from "../domain/refunds.js";
import type { InvoiceIssuer } from "../invoices/invoice-issuer.js";
import type { BookingStore } from "../store/booking-store.js";
import { reportStuck, sweepClaim } from "../sweep-claims.js";

export interface TicketingWorkerDeps {
  readonly store: BookingStore;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly writer: BookingWriter;
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly wallet: Client<typeof WalletService>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics?: MetricsRegistry;
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

/**
 * A paid booking the airline has not ticketed this long after BOOKED is released and refunded
 * rather than left waiting: airlines ticket within minutes, so this is an airline fault, and the
 * agency must learn of it while the passenger can still buy another ticket.
 */
export const TICKETING_DEADLINE_MS = 2 * 3_600_000;

/** What a BOOKED booking's reservation says about its tickets; every answer has a branch. */
type TicketingOutcome = "ticketed" | "awaiting" | "refused" | "cancelled" | "lost";

function ticketingOutcome(reservation: ProviderReservation | undefined): TicketingOutcome {
  if (reservation === undefined) return "lost";
  switch (reservation.status) {
    case "TICKETED":
      return "ticketed";
    case "TICKETING_FAILED":
      return "refused";
    case "CANCELLED":
      return "cancelled";
    case "HELD":
      return "awaiting";
  }
}

/** A refund of the booking the airline should be asked about (again) now. */
const dueRefund = (booking: Booking, now: Date) =>
  (booking.refunds ?? []).some((r) => isPendingRefund(r) && r.nextCheckAt.getTime() <= now.getTime());

/**
 * Follows bookings after BOOKED (API guide, Bookings and Booking states): the airline tickets asynchronously, so BOOKED
 * becomes TICKETED with the airline's ticket numbers; if ticketing fails for good, or the airline
 * cancelled or lost the reservation, the booking becomes FAILED and what it paid is credited back
 * (idempotent by the booking id, so a crash between credit and status change never refunds twice).
 * TICKETED becomes FLOWN once the last segment has landed.
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
    // Marked as failing ticketing on an earlier run: finished first, and nothing else touches their money.
    const failing = (b: Booking) => b.ticketingFailure !== undefined;
    for (const { booking } of booked.filter((c) => failing(c.booking))) await this.guard(booking, () => this.ticket(booking));
    const cancelling = (b: Booking) =>
      !failing(b) && !b.pendingReschedule && !b.pendingAddition && (b.pendingCancellation !== undefined || dueRefund(b, now));
    for (const { booking } of [...booked, ...landed].filter((c) => cancelling(c.booking)))
      await this.guard(booking, () => this.deps.settleCancellations(booking));
    const free = (b: Booking) => !failing(b) && !b.pendingReschedule && !b.pendingAddition && !cancelling(b);
    for (const { booking } of booked.filter((c) => free(c.booking))) await this.guard(booking, () => this.ticket(booking));
    for (const { booking } of landed.filter((c) => free(c.booking) && c.booking.lastArrivalAt.getTime() <= now.getTime()))
      await this.guard(booking, () => this.deps.writer.move(booking, "FLOWN", "all segments have arrived"));
  }

  /**
   * Asks the airline about one BOOKED booking now, as a run would (the airline said it dropped the
   * reservation): a refused, cancelled or lost reservation ends it FAILED with its money back.
   * Unlike a run, a failure reaches the caller, who retries.
   */
  async settleNow(booking: Booking): Promise<void> {
    if (booking.status !== "BOOKED" || booking.pendingReschedule || booking.pendingAddition || booking.pendingCancellation) return;
    try {
      await this.ticket(booking);
    } catch (error) {
      if (!(error instanceof BookingChangedConcurrently)) throw error;
    }
  }

  private async ticket(booking: Booking): Promise<void> {
    const { provider, writer, logger } = this.deps;
    // Decided on an earlier run (its credit's answer lost, say): finished, whatever the airline says now.
    if (booking.ticketingFailure) return this.failWithRefund(booking, booking.ticketingFailure.reason);
    const reservation = await provider.findReservation(booking.bookingId);
    const outcome = ticketingOutcome(reservation);
    this.count(outcome);
    switch (outcome) {
      case "ticketed": {
        const found = defined(reservation, "reservation");
        // The tax invoice names the tickets (Rule 46: the service described), before they are stored.
        await this.deps.invoices.ticketed({ ...booking, pnr: booking.pnr ?? found.pnr, ticketNumbers: found.tickets });
        await writer.move(booking, "TICKETED", "tickets issued by the airline", { ticketNumbers: found.tickets });
        logger.info({ bookingId: booking.bookingId, tickets: found.tickets.length }, "booking ticketed");
        return;
      }
      case "awaiting": {
        const bookedAt = booking.statusHistory.findLast((c) => c.status === "BOOKED")?.at ?? booking.updatedAt;
        if (this.deps.clock.now().getTime() - bookedAt.getTime() < TICKETING_DEADLINE_MS) {
          logger.debug({ bookingId: booking.bookingId }, "ticketing: the airline has not ticketed yet");
          return;
        }
        // Released first, so the airline cannot ticket a booking that was refunded.
        await provider.cancelReservation(booking.bookingId);
        return this.failWithRefund(
          booking,
          `the airline did not ticket within ${TICKETING_DEADLINE_MS / 3_600_000} hours; reservation cancelled`,
        );
      }
      case "refused":
        return this.failWithRefund(booking, `ticketing failed: ${reservation?.failureReason ?? "the airline could not issue tickets"}`);
      case "cancelled":
        return this.failWithRefund(
          booking,
          `the airline cancelled reservation ${reservation?.pnr ?? booking.pnr ?? ""} before ticketing${reservation?.failureReason ? ` (${reservation.failureReason})` : ""}`,
        );
      case "lost":
        return this.failWithRefund(booking, `the airline no longer has reservation ${booking.pnr ?? booking.bookingId}`);
    }
  }

  /**
   * BOOKED to FAILED with everything the booking paid and has not had back credited (API guide,
   * Booking states). The decision is stored first (ticketingFailure), so nothing can cancel or
   * change the booking while its money goes back, and a run after a lost credit answer repeats the
   * credit (the wallet credits a reference once) and finishes. Refunds of earlier partial
   * cancellations still under way are settled by this credit: the airline issued no ticket to refund.
   */
  private async failWithRefund(claimed: Booking, why: string): Promise<void> {
    const { writer, logger, clock } = this.deps;
    const booking = claimed.ticketingFailure
      ? claimed
      : await writer.amend(claimed, { ticketingFailure: { reason: why, at: clock.now() } });
    const reason = booking.ticketingFailure?.reason ?? why;
    // Each pending refund under its own reference first (one a crash left credited is not credited
    // again), then the rest under the booking id: together exactly what the booking paid.
    const now = clock.now();
    const refunds: RefundRecord[] = [];
    for (const refund of booking.refunds ?? []) {
      if (!isPendingRefund(refund)) {
        refunds.push(refund);
        continue;
      }
      await this.credit(booking, refund.amountPaise, refund.walletReference, `${reason}; refund ${refund.refundId}`);
      refunds.push(moveRefund(refund, "REFUNDED", now, "credited with the rest of the booking: the airline did not ticket it"));
    }
    const refunded = refunds.filter((r) => r.status === "REFUNDED").reduce((sum, r) => sum + r.amountPaise, 0);
    const back = Math.max(0, booking.debitPaise - refunded);
    await this.credit(booking, back, booking.bookingId, reason);
    const story = `${reason}; ${formatPaise(back)} ${booking.currency} credited back`;
    await writer.move(booking, "FAILED", story, {
      failure: { code: "PROVIDER_REJECTED", message: story },
      ...(booking.refunds && { refunds }),
    });
    logger.warn({ bookingId: booking.bookingId, agentId: booking.agentId, creditedPaise: back }, `booking failed after payment: ${reason}`);
  }

  private async credit(booking: Booking, amountPaise: number, reference: string, why: string): Promise<void> {
    if (amountPaise <= 0) return;
    await this.deps.wallet.credit({
      agentId: booking.agentId,
      amountPaise: BigInt(amountPaise),
      reference,
      reason: `Refund: ${why}; booking ${booking.bookingId}`,
    });
  }

  private count(outcome: TicketingOutcome): void {
    (this.deps.metrics ?? processMetrics())
      .counter({
        name: "booking_ticketing_checks_total",
        help: "What the airline answered when asked about a BOOKED booking's tickets, by outcome",
        labelNames: ["outcome"],
      })
      .inc({ outcome });
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
