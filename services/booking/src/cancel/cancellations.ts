import type { Client } from "@connectrpc/connect";
import type { AirlineProvider } from "@tarmac/airline-port";
import { DomainError, newId, processMetrics, type Clock, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { bookingEvent, type BookingWriter } from "../booking-writer.js";
import type { Booking } from "../domain/booking.js";
import { withConfirmation, type ConfirmKey } from "../domain/keyed-confirmations.js";
import { quoteCancellation, requireCancellable, sameScope } from "./quote-cancellation.js";
import {
  newestValid,
  withQuote,
  type CancellationQuote,
  type CancellationRecord,
  type CancellationScope,
  type CancellationType,
  type Quote,
  type ReasonCode,
} from "../domain/quotes.js";
import { requestRefund, type RefundRecord } from "../domain/refunds.js";
import type { InvoiceIssuer } from "../invoices/invoice-issuer.js";
import { countRefund, RefundFollower } from "../refunds/refund-follower.js";
import { refundEvent } from "../refunds/refund-events.js";
import { RESCHEDULE_REPAIR_AFTER_MS } from "../store/booking-store.js";

export interface CancellationDeps {
  readonly writer: BookingWriter;
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly wallet: Client<typeof WalletService>;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly otaFeePaise: number;
  /** Tarmac's fee on a void (VOID_FEE_PAISE, default none). */
  readonly voidFeePaise?: number;
  readonly metrics?: MetricsRegistry;
  /** The booking's credit and debit notes: a credit note for each refund credited (RefundFollower). */
  readonly invoices: InvoiceIssuer;
}

export interface CancellationRequest {
  readonly reasonCode: ReasonCode;
  readonly cancellationType: CancellationType;
  /** Passengers and directions; absent or empty: the whole booking (what is left of it). */
  readonly scope?: CancellationScope;
}

/** What a confirm did: the booking after it, the quote it applied and the refund request it made. */
export interface ConfirmedCancellation {
  readonly booking: Booking;
  readonly quote: CancellationQuote;
  readonly record: CancellationRecord;
  readonly refund: RefundRecord;
}

/**
 * Quote, confirm and refund (API guide, Cancellation and reschedule; Partial cancellation, void and
 * refunds). A confirm of what is left of the booking cancels the reservation and stores CANCELLED;
 * a partial one first marks the confirm pending on the booking (one of concurrent confirms wins
 * that write; the others are told it runs), cancels those coupons with the airline (idempotent by
 * the cancellation id) and stores the remaining booking under its status. Either way the
 * cancellation becomes a refund request in the same write, followed at once and then by the
 * sweeps (RefundFollower): never a cancellation without its refund request, never two credits.
 */
export class Cancellations {
  private readonly refunds: RefundFollower;

  constructor(private readonly deps: CancellationDeps) {
    this.refunds = new RefundFollower(deps);
  }

  async quote(booking: Booking, request: CancellationRequest): Promise<CancellationQuote> {
    const now = this.deps.clock.now();
    const quote = quoteCancellation(
      booking,
      { quoteId: newId("cq"), ...request },
      { otaFeePaise: this.deps.otaFeePaise, voidFeePaise: this.deps.voidFeePaise ?? 0, now },
    );
    await this.deps.writer.amend(booking, { quotes: withQuote(booking.quotes, quote, now) });
    return quote;
  }

  /** With `key`, the confirm and its answer are kept on the booking in the same write (a retry under the key replays it). */
  async confirm(booking: Booking, request: CancellationRequest, key?: ConfirmKey): Promise<ConfirmedCancellation> {
    requireCancellable(booking);
    if (booking.pendingCancellation)
      throw new DomainError("BOOKING_INVALID_STATE", `Booking ${booking.bookingId} has a cancellation running; retry in a moment`);
    if (booking.pendingAddition)
      throw new DomainError("BOOKING_INVALID_STATE", `Booking ${booking.bookingId} has baggage or meals being added; retry in a moment`);
    const matches = (q: Quote): q is CancellationQuote =>
      q.kind === "CANCELLATION" &&
      q.reasonCode === request.reasonCode &&
      q.cancellationType === request.cancellationType &&
      sameScope(q.scope, request.scope);
    const quote = newestValid(booking.quotes, this.deps.clock.now(), matches);
    if (!quote)
      throw new DomainError("BOOKING_QUOTE_EXPIRED", "No valid cancellation quote with these fields; quote again (quotes hold 10 minutes)");
    const cancellationId = newId("cx");
    const confirmed =
      (quote.staysBooked ?? []).length === 0
        ? await this.cancelAll(booking, quote, cancellationId, key)
        : await this.cancelPart(booking, quote, cancellationId, key);
    const followed = await this.refunds.follow(confirmed.booking, true).catch((error: unknown) => {
      // The airline or the wallet refused or failed: the cancellation stands and the sweep follows
      // its refund. Anything else (the process failing) is the caller's error; a keyed retry replays.
      if (!(error instanceof DomainError)) throw error;
      this.deps.logger.warn({ bookingId: booking.bookingId, err: error }, "refund: left for the sweep");
      return confirmed.booking;
    });
    const refund = followed.refunds?.find((r) => r.refundId === confirmed.refund.refundId) ?? confirmed.refund;
    return { ...confirmed, booking: followed, refund };
  }

  /** Finishes what a crash interrupted: a pending partial cancellation, a cancellation without its refund request, due refunds. */
  async settle(booking: Booking): Promise<Booking> {
    let current = booking;
    const pending = current.pendingCancellation;
    if (pending && pending.startedAt.getTime() + RESCHEDULE_REPAIR_AFTER_MS <= this.deps.clock.now().getTime()) {
      const quote = current.quotes.find((q): q is CancellationQuote => q.kind === "CANCELLATION" && q.quoteId === pending.quoteId);
      current = quote
        ? (await this.finishPart(current, quote, pending.cancellationId, pending)).booking
        : await this.deps.writer.amend(current, { pendingCancellation: undefined });
    }
    if (current.status === "CANCELLED" && current.refunds === undefined) current = await this.legacyRefundRequest(current);
    return this.refunds.follow(current);
  }

  private async cancelAll(booking: Booking, quote: CancellationQuote, cancellationId: string, key?: ConfirmKey) {
    await this.deps.provider.cancelReservation(booking.bookingId);
    const { record, refund, changes, events } = this.applied(booking, quote, cancellationId, key);
    const why =
      quote.cancellationType === "VOID" ? `voided: ${quote.reasonCode}` : `cancelled: ${quote.cancellationType} ${quote.reasonCode}`;
    const cancelled = await this.deps.writer.move(booking, "CANCELLED", why, changes, events);
    this.counted(quote, refund);
    return { booking: cancelled, quote, record, refund };
  }

  private async cancelPart(booking: Booking, quote: CancellationQuote, cancellationId: string, key?: ConfirmKey) {
    const pending = { quoteId: quote.quoteId, cancellationId, startedAt: this.deps.clock.now(), ...key };
    const claimed = await this.deps.writer.amend(booking, { pendingCancellation: pending });
    return this.finishPart(claimed, quote, cancellationId, pending);
  }

  private async finishPart(
    booking: Booking,
    quote: CancellationQuote,
    cancellationId: string,
    pending: NonNullable<Booking["pendingCancellation"]>,
  ): Promise<{ booking: Booking; quote: CancellationQuote; record: CancellationRecord; refund: RefundRecord }> {
    const coupons = quote.coupons ?? [];
    try {
      await this.deps.provider.cancelCoupons({ clientReference: booking.bookingId, cancelReference: cancellationId, coupons });
    } catch (error) {
      // A refusal cancelled nothing (the airline cancels under the reference or not at all): the booking is as it was.
      if (error instanceof DomainError && error.status < 500)
        await this.deps.writer.amend(booking, { pendingCancellation: undefined }).catch(() => undefined);
      throw error;
    }
    const key =
      pending.idempotencyKey !== undefined && pending.fingerprint !== undefined
        ? { idempotencyKey: pending.idempotencyKey, fingerprint: pending.fingerprint }
        : undefined;
    const { record, refund, changes, events } = this.applied(booking, quote, cancellationId, key);
    const left = (quote.staysBooked ?? []).map((p) => `${p.paxId} ${p.direction}`).join(", ");
    const done = await this.deps.writer.amend(
      booking,
      { ...changes, pendingCancellation: undefined, cancelledCoupons: [...(booking.cancelledCoupons ?? []), ...coupons] },
      {
        reason: `partially cancelled: ${quote.cancellationType} ${quote.reasonCode}; ${left} stay booked`,
        events: [bookingEvent(booking, "booking.partially_cancelled", partEventData(record), this.deps.clock.now()), ...events()],
      },
    );
    this.counted(quote, refund);
    return { booking: done, quote, record, refund };
  }

  /** The cancellation record, its refund request, and the changes and events that store both. */
  private applied(booking: Booking, quote: CancellationQuote, cancellationId: string, key?: ConfirmKey) {
    const confirmedAt = this.deps.clock.now();
    const refund = requestRefund(
      {
        refundId: newId("rfd"),
        cancellationId,
        bookingId: booking.bookingId,
        amountPaise: quote.refundAmountPaise,
        firstWhole: (quote.staysBooked ?? []).length === 0 && (booking.refunds ?? []).length === 0,
      },
      confirmedAt,
    );
    const { airlinePenaltyPaise, otaFeePaise, refundAmountPaise } = quote;
    const record: CancellationRecord = {
      cancellationType: quote.cancellationType,
      reasonCode: quote.reasonCode,
      airlinePenaltyPaise,
      otaFeePaise,
      refundAmountPaise,
      confirmedAt,
      cancellationId,
      scope: quote.scope,
      items: quote.items,
      coupons: quote.coupons,
      staysBooked: quote.staysBooked,
      refundId: refund.refundId,
    };
    const answer = {
      kind: "CANCELLATION" as const,
      airlinePenaltyPaise,
      otaFeePaise,
      refundAmountPaise,
      cancellationId,
      refundId: refund.refundId,
    };
    const changes = {
      cancellation: record,
      cancellations: [...(booking.cancellations ?? []), record],
      refunds: [...(booking.refunds ?? []), refund],
      quotes: booking.quotes.filter((q) => q.kind !== "CANCELLATION"),
      ...(key && { confirmations: withConfirmation(booking, { ...key, answer, confirmedAt }) }),
    };
    return { record, refund, changes, events: () => [refundEvent(booking, refund, this.deps.clock.now())] };
  }

  /** A CANCELLED booking of an earlier release, whose refund a crash interrupted: its refund request (the booking id as the wallet reference, as then). */
  private async legacyRefundRequest(booking: Booking): Promise<Booking> {
    const at = this.deps.clock.now();
    const refund = requestRefund(
      {
        refundId: newId("rfd"),
        cancellationId: "",
        bookingId: booking.bookingId,
        amountPaise: booking.cancellation?.refundAmountPaise ?? 0,
        firstWhole: true,
      },
      at,
    );
    const cancellation = booking.cancellation && { ...booking.cancellation, refundId: refund.refundId };
    return this.deps.writer.amend(booking, { refunds: [refund], cancellation }, { events: [refundEvent(booking, refund, at)] });
  }

  private counted(quote: CancellationQuote, refund: RefundRecord): void {
    const scope = quote.cancellationType === "VOID" ? "VOID" : (quote.staysBooked ?? []).length === 0 ? "WHOLE" : "PARTIAL";
    (this.deps.metrics ?? processMetrics())
      .counter({
        name: "booking_cancellations_total",
        help: "Cancellations confirmed, by scope (WHOLE, PARTIAL, VOID)",
        labelNames: ["scope"],
      })
      .inc({ scope });
    countRefund(refund.status, this.deps.metrics);
  }
}

function partEventData(record: CancellationRecord): Record<string, string | number> {
  return {
    cancellation_id: record.cancellationId ?? "",
    passenger_ids: [...new Set((record.coupons ?? []).map((c) => c.paxId))].join(","),
    stays_booked: (record.staysBooked ?? []).map((p) => `${p.paxId}:${p.direction}`).join(","),
    refund_amount_paise: record.refundAmountPaise,
  };
}
