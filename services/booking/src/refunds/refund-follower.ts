import type { Client } from "@connectrpc/connect";
import type { AirlineProvider } from "@tarmac/airline-port";
import { defined, formatPaise, processMetrics, type Clock, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { BookingWriter } from "../booking-writer.js";
import type { Booking } from "../domain/booking.js";
import type { InvoiceIssuer } from "../invoices/invoice-issuer.js";
import type { PaxAmount } from "../invoices/invoice-lines.js";
import { isPendingRefund, moveRefund, type RefundRecord, type RefundStatus } from "../domain/refunds.js";
import { refundEvent } from "./refund-events.js";

/** How often a refund the airline is processing is asked about again. */
export const REFUND_POLL_MS = 60_000;

export interface RefundFollowerDeps {
  readonly writer: BookingWriter;
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly wallet: Client<typeof WalletService>;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics?: MetricsRegistry;
  /** Issues the refund's credit note (API guide, GST and invoices). */
  readonly invoices: Pick<InvoiceIssuer, "refunded">;
}

/**
 * Follows a booking's refund requests (API guide, Partial cancellation, void and refunds): asks the
 * airline under the refund id (idempotent), credits the wallet only when the airline says REFUNDED
 * (idempotent by the refund's wallet reference) and issues its credit note, then stores the change with its event. A crash
 * between the airline's answer and the credit, or between the credit and the write, is finished by
 * the next run: the airline answers the same and the wallet credits a reference once.
 */
export class RefundFollower {
  constructor(private readonly deps: RefundFollowerDeps) {}

  /** Every pending refund that is due (or all of them with `force`), in order; the booking as it stands after. */
  async follow(booking: Booking, force = false): Promise<Booking> {
    let current = booking;
    for (const refund of (booking.refunds ?? []).filter(isPendingRefund)) {
      if (!force && refund.nextCheckAt.getTime() > this.deps.clock.now().getTime()) continue;
      current = await this.followOne(current, refund.refundId);
    }
    return current;
  }

  private async followOne(claimed: Booking, refundId: string): Promise<Booking> {
    const { provider, wallet, clock, logger } = this.deps;
    let booking = claimed;
    let refund = defined(
      booking.refunds?.find((r) => r.refundId === refundId),
      "refund",
    );
    const answer =
      refund.amountPaise === 0 || refund.airlineRefundedAt !== undefined
        ? { status: "REFUNDED" as const, reason: undefined }
        : await provider.requestRefund({ clientReference: booking.bookingId, refundReference: refundId, amountPaise: refund.amountPaise });
    const now = clock.now();
    if (answer.status === "REFUNDED" && refund.amountPaise > 0 && refund.airlineRefundedAt === undefined) {
      refund = { ...refund, airlineRefundedAt: now };
      booking = await this.deps.writer.amend(booking, { refunds: replaced(booking, refund) });
    }
    if (answer.status === "PROCESSING") {
      const next = new Date(now.getTime() + REFUND_POLL_MS);
      if (refund.status === "PROCESSING")
        return this.deps.writer.amend(booking, { refunds: replaced(booking, { ...refund, nextCheckAt: next }) });
      return this.store(booking, moveRefund(refund, "PROCESSING", now, "the airline is processing the refund", next));
    }
    if (answer.status === "REJECTED")
      return this.store(booking, moveRefund(refund, "REJECTED", now, answer.reason ?? "rejected by the airline"));
    if (refund.amountPaise > 0) {
      await wallet.credit({
        agentId: booking.agentId,
        amountPaise: BigInt(refund.amountPaise),
        reference: refund.walletReference,
        reason: `Refund: cancellation ${refund.cancellationId} of booking ${booking.bookingId}`,
      });
    }
    // Before REFUNDED is stored: a run repeating this step after a crash finds the note issued (keyed by the refund).
    await this.deps.invoices.refunded(booking, refund.amountPaise, refund.refundId, refundedPerPassenger(booking, refund));
    logger.info({ bookingId: booking.bookingId, refundId, refundPaise: refund.amountPaise }, "cancellation refunded");
    return this.store(
      booking,
      moveRefund(refund, "REFUNDED", now, `${formatPaise(refund.amountPaise)} ${booking.currency} credited to the wallet`),
    );
  }

  /** Stores the refund's change with its event; the refund of a whole cancellation makes the booking REFUNDED. */
  private async store(booking: Booking, refund: RefundRecord): Promise<Booking> {
    const changes = { refunds: replaced(booking, refund) };
    const event = () => refundEvent(booking, refund, this.deps.clock.now());
    const reason = defined(refund.history.at(-1), "refund change").reason;
    const moved =
      refund.status === "REFUNDED" && booking.status === "CANCELLED" && booking.cancellation?.refundId === refund.refundId
        ? await this.deps.writer.move(booking, "REFUNDED", reason, changes, () => [event()])
        : // The refund's own history tells its progress; the booking's status history only its status changes.
          await this.deps.writer.amend(booking, changes, { events: [event()] });
    countRefund(refund.status, this.deps.metrics);
    return moved;
  }
}

/** Whose refund it is: the items of the cancellation it refunds (none for cancellations of earlier releases). */
function refundedPerPassenger(booking: Booking, refund: RefundRecord): PaxAmount[] {
  const cancellation = (booking.cancellations ?? []).find((c) => c.refundId === refund.refundId) ?? booking.cancellation;
  if (cancellation?.refundId !== refund.refundId) return [];
  return (cancellation.items ?? []).map((i) => ({ paxId: i.paxId, pricePaise: i.refundAmountPaise }));
}

function replaced(booking: Booking, refund: RefundRecord): RefundRecord[] {
  return (booking.refunds ?? []).map((r) => (r.refundId === refund.refundId ? refund : r));
}

/** booking_refunds_total{status}: refund requests stored in each status (REQUESTED counted at confirm). */
export function countRefund(status: RefundStatus, metrics: MetricsRegistry = processMetrics()): void {
  metrics
    .counter({ name: "booking_refunds_total", help: "Refund request changes stored, by the status reached", labelNames: ["status"] })
    .inc({ status });
}
