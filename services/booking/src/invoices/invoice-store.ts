import type { OutboxEvent } from "@tarmac/events";
import type { EInvoiceRecord, Invoice, InvoiceDraft } from "./invoice.js";

export interface InvoiceListQuery {
  readonly agentId: string;
  readonly bookingId?: string | undefined;
  readonly financialYear?: string | undefined;
  /** Newest first: issued before this (issuedAt, invoiceNumber) position, when given. */
  readonly before?: { readonly issuedAt: Date; readonly invoiceNumber: string } | undefined;
  readonly limit: number;
}

/**
 * Issued invoices, credit and debit notes (memory, MongoDB; one contract suite). `issue` gives the
 * draft the next number of its kind's series in its financial year in the same atomic step that
 * stores it, so a number is never skipped or used twice whatever runs at once; a draft whose
 * (bookingId, sourceKey) was issued already answers the stored document and uses no number.
 * `events(invoice)` are appended to the service's outbox in that same step, only by the call that
 * issues the document: one invoice.issued per invoice however many replicas race to issue it.
 */
export interface InvoiceStore {
  issue(draft: InvoiceDraft, events?: (invoice: Invoice) => readonly OutboxEvent[]): Promise<Invoice>;
  get(invoiceNumber: string): Promise<Invoice | undefined>;
  forBooking(bookingId: string): Promise<Invoice[]>;
  list(query: InvoiceListQuery): Promise<Invoice[]>;
  /**
   * Stores a document's e-invoice. A REGISTERED one is final: a later record (a replica that
   * registered it too, a retry) leaves it as it is, so an IRN once given never changes.
   */
  recordEInvoice(invoiceNumber: string, record: EInvoiceRecord): Promise<void>;
  /** Every agency's documents (or one agency's) issued in [from, to), oldest first: the monthly export. */
  issuedBetween(from: Date, to: Date, agentId?: string): Promise<Invoice[]>;
}
