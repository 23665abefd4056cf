import { type Clock, type Logger } from "@tarmac/kernel";
import { financialYear, gstinState } from "@tarmac/tax";
import type { BookedExtra, Booking } from "../domain/booking.js";
import type { RescheduleQuote } from "../domain/quotes.js";
import type { RefundRecord } from "../domain/refunds.js";
import type { BillingSettings } from "./billing-settings.js";
import type { Invoice, InvoiceDraft, InvoiceKind, InvoiceLine, InvoiceParty } from "./invoice.js";
import { invoiceIssuedEvent } from "./invoice-events.js";
import { fareLines, itemLines, noteLines, refundLines, type PaxAmount } from "./invoice-lines.js";
import type { InvoiceStore } from "./invoice-store.js";

export interface InvoiceIssuerDeps {
  readonly store: InvoiceStore;
  readonly billing: BillingSettings;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * Issues a booking's documents where its money moves (API guide, GST and invoices): the tax
 * invoice when it is ticketed (everything debited so far), a debit note on each paid reschedule
 * and each addition of baggage and meals after that, a credit note on its refund. Each is called before the status write that records the
 * event and is idempotent by its source, so a sweep that repeats the step after a crash finds the
 * document already issued and never numbers it twice. Bookings never ticketed get no documents.
 */
export class InvoiceIssuer {
  constructor(private readonly deps: InvoiceIssuerDeps) {}

  /**
   * The tax invoice documents everything debited so far, so a refund credited before it (a
   * passenger cancelled before the airline ticketed) gets its credit note now, keyed by the refund
   * as the refund's own step keys it: the documents then add up to what the wallet kept.
   */
  async ticketed(booking: Booking): Promise<Invoice | undefined> {
    const terms = booking.taxTerms;
    if (!terms) return undefined;
    const lines = fareLines(booking, terms, terms.gstKind);
    const invoice = await this.issue(booking, "TAX_INVOICE", "TICKETED", lines, "", "Tickets issued");
    for (const refund of booking.refunds ?? []) {
      if (refund.status === "REFUNDED")
        await this.refunded(booking, refund.amountPaise, refund.refundId, refundedPerPassenger(booking, refund));
    }
    return invoice;
  }

  /**
   * A reschedule's documents: a debit note for its charges (fare difference, the airline's change
   * fee as `other`, the platform fee as service fee with its GST), and a credit note for the seats,
   * baggage and meals it drops (each passenger's own), whether the wallet nets them off the payment
   * or credits what exceeds it. Debit less credit is the wallet's net movement: payment less credit.
   */
  async rescheduled(booking: Booking, quote: RescheduleQuote): Promise<Invoice[]> {
    const original = await this.taxInvoiceOf(booking);
    const terms = booking.taxTerms;
    if (!original || !terms) return [];
    const itemsRefund = quote.itemsRefundPaise ?? 0;
    const charges = quote.totalPayablePaise + itemsRefund - (quote.refundPaise ?? 0);
    const issued: Invoice[] = [];
    if (charges > 0) {
      const lines = noteLines(booking, charges, quote.otaFeePaise, terms, terms.gstKind);
      const reason = "Reschedule: fare difference and change fees";
      issued.push(await this.issue(booking, "DEBIT_NOTE", `RESCHEDULE:${quote.quoteId}`, lines, original.invoiceNumber, reason));
    }
    if (itemsRefund > 0) {
      const dropped = (quote.items ?? []).filter((i) => i.outcome === "REFUNDED");
      const lines = refundLines(booking, itemsRefund, dropped);
      const reason = "Reschedule: seats, baggage and meals dropped, refunded";
      issued.push(await this.issue(booking, "CREDIT_NOTE", `RESCHEDULE_REFUND:${quote.quoteId}`, lines, original.invoiceNumber, reason));
    }
    return issued;
  }

  /** Baggage and meals added after ticketing: a debit note keyed by the addition (before ticketing, the tax invoice covers them). */
  async ancillariesAdded(booking: Booking, additionId: string, items: readonly BookedExtra[]): Promise<Invoice | undefined> {
    const original = await this.taxInvoiceOf(booking);
    if (!original || !booking.taxTerms || items.every((i) => i.pricePaise === 0)) return undefined;
    const lines = itemLines(booking, items);
    return this.issue(booking, "DEBIT_NOTE", `ANCILLARIES:${additionId}`, lines, original.invoiceNumber, "Baggage and meals added");
  }

  /**
   * `refundKey` names the refund: its refund id (one credit note per refund request, partial or
   * whole). `perPassenger` says whose refund it is (the cancellation's items): each passenger's
   * line credits that passenger's own refund.
   */
  async refunded(
    booking: Booking,
    amountPaise: number,
    refundKey = "REFUND",
    perPassenger: readonly PaxAmount[] = [],
  ): Promise<Invoice | undefined> {
    const original = await this.taxInvoiceOf(booking);
    if (!original || !booking.taxTerms || amountPaise === 0) return undefined;
    const lines = refundLines(booking, amountPaise, perPassenger);
    return this.issue(booking, "CREDIT_NOTE", refundKey, lines, original.invoiceNumber, "Refund credited to the wallet");
  }

  private async taxInvoiceOf(booking: Booking): Promise<Invoice | undefined> {
    return (await this.deps.store.forBooking(booking.bookingId)).find((i) => i.kind === "TAX_INVOICE");
  }

  private async issue(
    booking: Booking,
    kind: InvoiceKind,
    sourceKey: string,
    lines: InvoiceLine[],
    originalInvoiceNumber: string,
    reason: string,
  ): Promise<Invoice> {
    const { billing, clock } = this.deps;
    const issuedAt = clock.now();
    const draft: InvoiceDraft = {
      kind,
      bookingId: booking.bookingId,
      sourceKey,
      pnr: booking.pnr ?? "",
      agentId: booking.agentId,
      issuedAt,
      financialYear: financialYear(issuedAt),
      supplier: billing.supplier,
      recipient: recipientOf(booking),
      gstKind: booking.taxTerms?.gstKind ?? "CGST_SGST",
      lines,
      totalPaise: lines.reduce((sum, l) => sum + l.total, 0),
      currency: booking.currency,
      originalInvoiceNumber,
      reason,
    };
    const invoice = await this.deps.store.issue(draft, (issued) => [invoiceIssuedEvent(issued)]);
    this.deps.logger.info(
      { bookingId: booking.bookingId, invoiceNumber: invoice.invoiceNumber, totalPaise: invoice.totalPaise },
      "invoice issued",
    );
    return invoice;
  }
}

/** Whose refund it is: the items of the cancellation it refunds (none for cancellations of earlier releases), as the refund follower credits them. */
export function refundedPerPassenger(booking: Booking, refund: RefundRecord): PaxAmount[] {
  const cancellation = (booking.cancellations ?? []).find((c) => c.refundId === refund.refundId) ?? booking.cancellation;
  if (cancellation?.refundId !== refund.refundId) return [];
  return (cancellation.items ?? []).map((i) => ({ paxId: i.paxId, pricePaise: i.refundAmountPaise }));
}

/** The agency as the booking names it: its GST details when given, else an unregistered recipient. */
function recipientOf(booking: Booking): InvoiceParty {
  const gst = booking.gst;
  if (!gst) return { name: `Agency ${booking.agentId}`, gstin: "", address: "", stateCode: "", email: booking.contact.email };
  return { name: gst.registeredName, gstin: gst.gstin, address: gst.address, stateCode: gstinState(gst.gstin), email: gst.email };
}
