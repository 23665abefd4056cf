import type { Client } from "@connectrpc/connect";
import type { AirlineProvider } from "@tarmac/airline";
import { DomainError, formatPaise, newId, type Clock, type Logger } from "@tarmac/kernel";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { BookingWriter } from "./booking-writer.js";
import type { Booking } from "./domain/booking.js";
import { withConfirmation, type ConfirmKey } from "./domain/keyed-confirmations.js";
import { quoteCancellation, requireCancellable } from "./domain/quote-cancellation.js";
import type { InvoiceIssuer } from "./invoices/invoice-issuer.js";
import { newestValid, withQuote, type CancellationQuote, type CancellationType, type Quote, type ReasonCode } from "./domain/quotes.js";

export interface CancellationDeps {
  readonly writer: BookingWriter;
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly wallet: Client<typeof WalletService>;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly otaFeePaise: number;
  /** The booking's credit and debit notes. */
  readonly invoices: InvoiceIssuer;
}

export interface CancellationRequest {
  readonly reasonCode: ReasonCode;
  readonly cancellationType: CancellationType;
}

/**
 * Quote, confirm and refund (API guide, Cancellation and reschedule). Confirm cancels with the airline, stores CANCELLED,
 * then credits the refund (idempotent by booking id) and stores REFUNDED. A crash in between is
 * finished by `refund` from the sweep: never a cancelled booking without its refund, never two.
 */
export class Cancellations {
  constructor(private readonly deps: CancellationDeps) {}

  async quote(booking: Booking, request: CancellationRequest): Promise<CancellationQuote> {
    const now = this.deps.clock.now();
    const quote = quoteCancellation(booking, { quoteId: newId("cq"), ...request }, { otaFeePaise: this.deps.otaFeePaise, now });
    await this.deps.writer.amend(booking, { quotes: withQuote(booking.quotes, quote, now) });
    return quote;
  }

  /** With `key`, the confirm and its answer are kept on the booking in the CANCELLED write (a retry under the key replays it). */
  async confirm(booking: Booking, request: CancellationRequest, key?: ConfirmKey): Promise<{ booking: Booking; quote: CancellationQuote }> {
    requireCancellable(booking);
    const matches = (q: Quote): q is CancellationQuote =>
      q.kind === "CANCELLATION" && q.reasonCode === request.reasonCode && q.cancellationType === request.cancellationType;
    const quote = newestValid(booking.quotes, this.deps.clock.now(), matches);
    if (!quote)
      throw new DomainError("BOOKING_QUOTE_EXPIRED", "No valid cancellation quote with these fields; quote again (quotes hold 10 minutes)");
    await this.deps.provider.cancelReservation(booking.bookingId);
    const { kind: _kind, quoteId: _id, createdAt: _created, validUntil: _valid, ...terms } = quote;
    const confirmedAt = this.deps.clock.now();
    const { airlinePenaltyPaise, otaFeePaise, refundAmountPaise } = quote;
    const answer = { kind: "CANCELLATION" as const, airlinePenaltyPaise, otaFeePaise, refundAmountPaise };
    const cancelled = await this.deps.writer.move(booking, "CANCELLED", `cancelled: ${quote.cancellationType} ${quote.reasonCode}`, {
      cancellation: { ...terms, confirmedAt },
      quotes: booking.quotes.filter((q) => q.kind !== "CANCELLATION"),
      ...(key && { confirmations: withConfirmation(booking, { ...key, answer, confirmedAt }) }),
    });
    return { booking: await this.refund(cancelled), quote };
  }

  /** CANCELLED -> refund credited -> REFUNDED; safe to repeat (the wallet credits a booking once). */
  async refund(cancelled: Booking): Promise<Booking> {
    const amount = cancelled.cancellation?.refundAmountPaise ?? 0;
    if (amount > 0) {
      await this.deps.wallet.credit({
        agentId: cancelled.agentId,
        amountPaise: BigInt(amount),
        reference: cancelled.bookingId,
        reason: `Refund: cancellation of booking ${cancelled.bookingId}`,
      });
    }
    // Before REFUNDED: a sweep repeating this step after a crash finds the credit note issued.
    await this.deps.invoices.refunded(cancelled, amount);
    this.deps.logger.info({ bookingId: cancelled.bookingId, refundPaise: amount }, "cancellation refunded");
    return this.deps.writer.move(cancelled, "REFUNDED", `${formatPaise(amount)} ${cancelled.currency} credited to the wallet`);
  }
}
