import type { Clock, Logger } from "@tarmac/kernel";
import { financialYear, GST_STATES, gstinState, placeOfSupply } from "@tarmac/tax";
import type { BookedExtra, Booking } from "../domain/booking.js";
import type { RescheduleQuote } from "../domain/quotes.js";
import type { BillingSettings } from "./billing-settings.js";
import type { DocumentTerms } from "./document-lines.js";
import type { Invoice, InvoiceDraft, InvoiceKind, InvoiceParty } from "./invoice.js";
import { invoiceIssuedEvent } from "./invoice-events.js";
import {
  additionContents,
  refundContents,
  rescheduleContents,
  summaryLines,
  ticketContents,
  totalsAndAmount,
  type DocumentContents,
  type PaxAmount,
} from "./invoice-lines.js";
import type { InvoiceStore } from "./invoice-store.js";
import { eInvoiceRecordOf } from "./e-invoice/e-invoicing.js";
import type { EInvoiceSubmitter } from "./e-invoice/e-invoice-submitter.js";

export interface InvoiceIssuerDeps {
  readonly store: InvoiceStore;
  readonly billing: BillingSettings;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Registers B2B documents' e-invoices; none: e-invoicing is off (the payload is still kept). */
  readonly eInvoices?: EInvoiceSubmitter | undefined;
}

const isEmpty = (c: DocumentContents) => c.supplies.length === 0 && c.pureAgent.length === 0 && c.commission.length === 0;

/**
 * Issues a booking's documents where its money moves (API guide, GST and invoices): the tax
 * invoice when it is ticketed (everything debited so far: our service fee as our supply, the
 * airline's amounts collected as pure agent beside it), a debit note on each paid reschedule and
 * each addition of baggage and meals after that, and on each refund a credit note giving back the
 * tax of what it refunds and a debit note for our cancellation or void fee. Each is called before
 * the status write that records the event and is idempotent by its source, so a sweep that
 * repeats the step after a crash finds the document already issued and never numbers it twice.
 * Bookings never ticketed get no documents.
 */
export class InvoiceIssuer {
  constructor(private readonly deps: InvoiceIssuerDeps) {}

  /**
   * The tax invoice documents everything debited so far, so a refund credited before it (a
   * passenger cancelled before the airline ticketed) gets its notes now, keyed by the refund as
   * the refund's own step keys them: the documents then add up to what the wallet kept.
   */
  async ticketed(booking: Booking): Promise<Invoice | undefined> {
    const terms = this.termsOf(booking);
    if (!terms) return undefined;
    const invoice = await this.issue(booking, "TAX_INVOICE", "TICKETED", ticketContents(booking, terms), undefined, "Tickets issued");
    for (const refund of booking.refunds ?? []) {
      if (refund.status === "REFUNDED") await this.refunded(booking, refund.amountPaise, refund.refundId);
    }
    return invoice;
  }

  /**
   * A reschedule's documents: a debit note for its charges (our reschedule fee with its GST, the
   * fare difference and the airline's change fee collected for it), and a credit note for the
   * seats, baggage and meals it drops. Debit less credit is the wallet's net movement.
   */
  async rescheduled(booking: Booking, quote: RescheduleQuote): Promise<Invoice[]> {
    const original = await this.taxInvoiceOf(booking);
    const terms = this.termsOf(booking);
    if (!original || !terms) return [];
    const { debit, credit } = rescheduleContents(booking, quote, terms);
    const issued: Invoice[] = [];
    if (!isEmpty(debit)) {
      const reason = "Reschedule: reschedule fee, fare difference and airline change fee";
      issued.push(await this.issue(booking, "DEBIT_NOTE", `RESCHEDULE:${quote.quoteId}`, debit, original, reason));
    }
    if (!isEmpty(credit)) {
      const reason = "Reschedule: seats, baggage and meals dropped, refunded";
      issued.push(await this.issue(booking, "CREDIT_NOTE", `RESCHEDULE_REFUND:${quote.quoteId}`, credit, original, reason));
    }
    return issued;
  }

  /** Baggage and meals added after ticketing: a debit note keyed by the addition (before ticketing, the tax invoice covers them). */
  async ancillariesAdded(booking: Booking, additionId: string, items: readonly BookedExtra[]): Promise<Invoice | undefined> {
    const original = await this.taxInvoiceOf(booking);
    const contents = additionContents(booking, items);
    if (!original || !this.termsOf(booking) || isEmpty(contents)) return undefined;
    return this.issue(booking, "DEBIT_NOTE", `ANCILLARIES:${additionId}`, contents, original, "Baggage and meals added (airline EMDs)");
  }

  /**
   * `refundKey` names the refund: its refund id (one credit note per refund request, partial or
   * whole), and the cancellation it refunds says whose refund it is and what was kept. The credit
   * note (keyed by the refund) gives back the tax invoice's lines of the parts cancelled; the
   * debit note (keyed FEE:<refund>) charges the fee kept, with its GST.
   */
  async refunded(
    booking: Booking,
    amountPaise: number,
    refundKey = "REFUND",
    // Whose refund it is, as the refund follower reads it: the cancellation's items say the same and more.
    _perPassenger: readonly PaxAmount[] = [],
  ): Promise<Invoice | undefined> {
    const original = await this.taxInvoiceOf(booking);
    const terms = this.termsOf(booking);
    if (!original || !terms || amountPaise === 0) return undefined;
    const cancellation = cancellationOf(booking, refundKey);
    const invoiced: DocumentContents = {
      supplies: original.supplies ?? [],
      pureAgent: original.pureAgent ?? [],
      commission: original.commission ?? [],
    };
    const { credit, debit } = refundContents(
      booking,
      invoiced,
      { amountPaise, cancellationType: cancellation?.cancellationType ?? "VOLUNTARY", items: cancellation?.items ?? [] },
      terms,
    );
    const what = cancellation?.cancellationType === "VOID" ? "Void" : "Cancellation";
    const note = await this.issue(booking, "CREDIT_NOTE", refundKey, credit, original, `${what}: refund credited to the wallet`);
    if (!isEmpty(debit)) await this.issue(booking, "DEBIT_NOTE", `FEE:${refundKey}`, debit, original, `${what}: fee kept from the refund`);
    return note;
  }

  /** The booking's rates and GST kind, and the valuation the platform applies; none for bookings of earlier releases. */
  private termsOf(booking: Booking): DocumentTerms | undefined {
    const terms = booking.taxTerms;
    return terms && { ...terms, valuation: this.deps.billing.valuation };
  }

  /**
   * Registers a B2B document's e-invoice right after issue (a step run again after a crash finds
   * the document issued and registers it then; a registered one is left as it is).
   */
  private async withEInvoice(invoice: Invoice): Promise<Invoice> {
    if (invoice.eInvoice?.status === "REGISTERED") return invoice;
    const record = await eInvoiceRecordOf(invoice, this.deps.eInvoices, this.deps.logger);
    if (!record) return invoice;
    await this.deps.store.recordEInvoice(invoice.invoiceNumber, record);
    return { ...invoice, eInvoice: record };
  }

  private async taxInvoiceOf(booking: Booking): Promise<Invoice | undefined> {
    return (await this.deps.store.forBooking(booking.bookingId)).find((i) => i.kind === "TAX_INVOICE");
  }

  private async issue(
    booking: Booking,
    kind: InvoiceKind,
    sourceKey: string,
    contents: DocumentContents,
    original: Invoice | undefined,
    reason: string,
  ): Promise<Invoice> {
    const { billing, clock } = this.deps;
    const issuedAt = clock.now();
    const recipient = recipientOf(booking);
    const place = placeOfSupply(billing.supplier.stateCode, recipient.registered ? recipient.stateCode : undefined);
    const { totals, totalPaise } = totalsAndAmount(contents);
    const draft: InvoiceDraft = {
      kind,
      bookingId: booking.bookingId,
      sourceKey,
      pnr: booking.pnr ?? "",
      agentId: booking.agentId,
      issuedAt,
      financialYear: financialYear(issuedAt),
      supplier: { ...billing.supplier, stateName: GST_STATES[billing.supplier.stateCode] ?? "", registered: true },
      recipient,
      gstKind: booking.taxTerms?.gstKind ?? place.gstKind,
      lines: summaryLines(booking, contents),
      totalPaise,
      currency: booking.currency,
      originalInvoiceNumber: original?.invoiceNumber ?? "",
      reason,
      placeOfSupply: place,
      reverseCharge: false,
      supplies: contents.supplies,
      pureAgent: contents.pureAgent,
      commission: contents.commission,
      totals,
      ...(original && { originalInvoiceDate: original.issuedAt }),
    };
    const issued = await this.deps.store.issue(draft, (i) => [invoiceIssuedEvent(i)]);
    const invoice = await this.withEInvoice(issued);
    this.deps.logger.info(
      { bookingId: booking.bookingId, invoiceNumber: invoice.invoiceNumber, totalPaise: invoice.totalPaise },
      "invoice issued",
    );
    return invoice;
  }
}

/** The cancellation a refund pays out (the latest one for refunds of earlier releases that name none). */
function cancellationOf(booking: Booking, refundId: string) {
  const cancellation = (booking.cancellations ?? []).find((c) => c.refundId === refundId) ?? booking.cancellation;
  return cancellation?.refundId === refundId ? cancellation : undefined;
}

/**
 * The agency as the booking names it: its GST registration when given (name, GSTIN, address, its
 * state); else an unregistered recipient (B2C), said so, with no e-mail of the passenger's.
 */
function recipientOf(booking: Booking): InvoiceParty {
  const gst = booking.gst;
  if (!gst)
    return {
      name: `Unregistered recipient (no GSTIN, B2C): agency ${booking.agentId}`,
      gstin: "",
      address: "",
      stateCode: "",
      email: "",
      stateName: "",
      registered: false,
    };
  const stateCode = gstinState(gst.gstin);
  return {
    name: gst.registeredName,
    gstin: gst.gstin,
    address: gst.address,
    stateCode,
    email: gst.email,
    stateName: GST_STATES[stateCode] ?? "",
    registered: true,
  };
}
