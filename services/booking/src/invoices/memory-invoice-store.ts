import { deepCopy } from "@tarmac/kernel";
import type { MemoryOutbox, OutboxEvent } from "@tarmac/events";
import { invoiceNumberOf, SERIES, type EInvoiceRecord, type Invoice, type InvoiceDraft } from "./invoice.js";
import type { InvoiceListQuery, InvoiceStore } from "./invoice-store.js";

/** In memory: each issue runs without an await between reading the counter and storing, so it is atomic. */
export class MemoryInvoiceStore implements InvoiceStore {
  private readonly invoices = new Map<string, Invoice>();
  private readonly bySource = new Map<string, Invoice>();
  private readonly counters = new Map<string, number>();

  /** `outbox`: the booking store's, so invoice events are relayed with the bookings' (none: events are dropped, tests). */
  constructor(private readonly outbox?: MemoryOutbox) {}

  issue(draft: InvoiceDraft, events: (invoice: Invoice) => readonly OutboxEvent[] = () => []): Promise<Invoice> {
    const source = `${draft.bookingId}|${draft.sourceKey}`;
    const existing = this.bySource.get(source);
    if (existing) return Promise.resolve(existing);
    const series = `${SERIES[draft.kind]}/${draft.financialYear}`;
    const sequence = (this.counters.get(series) ?? 0) + 1;
    const invoice: Invoice = deepCopy({
      ...draft,
      invoiceNumber: invoiceNumberOf(draft.kind, draft.financialYear, sequence),
      sequence,
    });
    // The outbox validates before it records: a refused event leaves the invoice unissued too.
    this.outbox?.append(events(invoice));
    this.counters.set(series, sequence);
    this.invoices.set(invoice.invoiceNumber, invoice);
    this.bySource.set(source, invoice);
    return Promise.resolve(deepCopy(invoice));
  }

  get(invoiceNumber: string): Promise<Invoice | undefined> {
    const found = this.invoices.get(invoiceNumber);
    return Promise.resolve(found && deepCopy(found));
  }

  forBooking(bookingId: string): Promise<Invoice[]> {
    return Promise.resolve([...this.invoices.values()].filter((i) => i.bookingId === bookingId).map((i) => deepCopy(i)));
  }

  list(query: InvoiceListQuery): Promise<Invoice[]> {
    const { before } = query;
    const rows = [...this.invoices.values()]
      .filter(
        (i) =>
          i.agentId === query.agentId &&
          (query.bookingId === undefined || i.bookingId === query.bookingId) &&
          (query.financialYear === undefined || i.financialYear === query.financialYear) &&
          (before === undefined || newerFirst(i, before) > 0),
      )
      .sort((a, b) => newerFirst(a, b))
      .slice(0, query.limit);
    return Promise.resolve(rows.map((i) => deepCopy(i)));
  }

  recordEInvoice(invoiceNumber: string, record: EInvoiceRecord): Promise<void> {
    const invoice = this.invoices.get(invoiceNumber);
    if (invoice && invoice.eInvoice?.status !== "REGISTERED") {
      const updated = { ...invoice, eInvoice: deepCopy(record) };
      this.invoices.set(invoiceNumber, updated);
      this.bySource.set(`${invoice.bookingId}|${invoice.sourceKey}`, updated);
    }
    return Promise.resolve();
  }

  issuedBetween(from: Date, to: Date, agentId?: string): Promise<Invoice[]> {
    const rows = [...this.invoices.values()]
      .filter((i) => i.issuedAt >= from && i.issuedAt < to && (agentId === undefined || i.agentId === agentId))
      .sort((a, b) => -newerFirst(a, b));
    return Promise.resolve(rows.map((i) => deepCopy(i)));
  }
}

/** Negative when a comes first (newer), by issuedAt then invoiceNumber, both descending. */
function newerFirst(a: Pick<Invoice, "issuedAt" | "invoiceNumber">, b: Pick<Invoice, "issuedAt" | "invoiceNumber">): number {
  const byTime = b.issuedAt.getTime() - a.issuedAt.getTime();
  if (byTime !== 0) return byTime;
  return a.invoiceNumber < b.invoiceNumber ? 1 : a.invoiceNumber > b.invoiceNumber ? -1 : 0;
}
