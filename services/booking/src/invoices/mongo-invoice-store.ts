import { isMongoServerError, runTransaction } from "@tarmac/kernel";
import type { Collection, Db } from "mongodb";
import type { MongoOutbox, OutboxEvent } from "@tarmac/events";
import { invoiceNumberOf, SERIES, type EInvoiceRecord, type Invoice, type InvoiceDraft } from "./invoice.js";
import type { InvoiceListQuery, InvoiceStore } from "./invoice-store.js";

/**
 * maxCommitTimeMS: how long the server waits for the majority on each commit attempt. The retries
 * around it end at the caller's deadline (runTransaction), so a stuck primary fails the caller, who retries.
 */
const COMMIT_TIMEOUT_MS = 5_000;
const DUPLICATE_KEY = 11000;
/** Reads are bounded like every call: a slow query fails rather than hangs. */
const READ_MS = 5_000;
/** A month's documents of every agency: a larger read, still bounded. */
const EXPORT_MS = 30_000;

type InvoiceDocument = Omit<Invoice, "invoiceNumber"> & { _id: string };
interface CounterDocument {
  _id: string;
  sequence: number;
}

/**
 * Invoices in MongoDB: collection `invoices` (`_id` the invoice number, unique (bookingId,
 * sourceKey)) and `invoice_counters` (one document per series and financial year). The counter's
 * $inc and the insert commit in one majority transaction: an aborted issue rolls its number back,
 * and concurrent issues in one series conflict on the counter document and are retried by
 * runTransaction, so numbers are gap-free and unique across replicas. The invoice's events join
 * the same transaction in the booking outbox: a replica that loses the race writes none.
 */
export class MongoInvoiceStore implements InvoiceStore {
  private readonly invoices: Collection<InvoiceDocument>;
  private readonly counters: Collection<CounterDocument>;

  /** `outbox`: the booking store's; invoice events commit in the issuing transaction. */
  constructor(
    private readonly db: Db,
    private readonly outbox?: MongoOutbox,
  ) {
    this.invoices = db.collection<InvoiceDocument>("invoices", { readConcern: { level: "majority" }, writeConcern: { w: "majority" } });
    this.counters = db.collection<CounterDocument>("invoice_counters");
  }

  async ensureIndexes(): Promise<void> {
    await this.invoices.createIndexes([
      { key: { bookingId: 1, sourceKey: 1 }, name: "bookingId_sourceKey", unique: true },
      { key: { agentId: 1, issuedAt: -1, _id: -1 }, name: "agentId_issuedAt_id" },
      { key: { agentId: 1, bookingId: 1, issuedAt: -1, _id: -1 }, name: "agentId_bookingId_issuedAt_id" },
      { key: { agentId: 1, financialYear: 1, issuedAt: -1, _id: -1 }, name: "agentId_financialYear_issuedAt_id" },
      { key: { issuedAt: 1, _id: 1 }, name: "issuedAt_id" },
    ]);
  }

  async issue(draft: InvoiceDraft, events: (invoice: Invoice) => readonly OutboxEvent[] = () => []): Promise<Invoice> {
    const existing = await this.bySource(draft);
    if (existing) return existing;
    try {
      return await runTransaction(
        this.db.client,
        async (session) => {
          const series = `${SERIES[draft.kind]}/${draft.financialYear}`;
          const counter = await this.counters.findOneAndUpdate(
            { _id: series },
            { $inc: { sequence: 1 } },
            { upsert: true, returnDocument: "after", session },
          );
          const sequence = counter?.sequence ?? 1;
          const invoice: Invoice = { ...draft, invoiceNumber: invoiceNumberOf(draft.kind, draft.financialYear, sequence), sequence };
          const { invoiceNumber, ...rest } = invoice;
          await this.invoices.insertOne({ _id: invoiceNumber, ...rest }, { session });
          const issued = events(invoice);
          if (this.outbox && issued.length > 0) await this.outbox.append(issued, session);
          return invoice;
        },
        { maxCommitTimeMS: COMMIT_TIMEOUT_MS },
      );
    } catch (error) {
      // Another replica issued this source's document first: answer it (its number, not a new one).
      if (!(isMongoServerError(error) && error.code === DUPLICATE_KEY)) throw error;
      const winner = await this.bySource(draft);
      if (!winner) throw error;
      return winner;
    }
  }

  async get(invoiceNumber: string): Promise<Invoice | undefined> {
    const doc = await this.invoices.findOne({ _id: invoiceNumber }, { maxTimeMS: READ_MS });
    return doc ? fromDocument(doc) : undefined;
  }

  async forBooking(bookingId: string): Promise<Invoice[]> {
    const docs = await this.invoices.find({ bookingId }, { maxTimeMS: READ_MS }).sort({ issuedAt: 1, _id: 1 }).toArray();
    return docs.map(fromDocument);
  }

  async list(query: InvoiceListQuery): Promise<Invoice[]> {
    const { before } = query;
    const docs = await this.invoices
      .find(
        {
          agentId: query.agentId,
          ...(query.bookingId !== undefined && { bookingId: query.bookingId }),
          ...(query.financialYear !== undefined && { financialYear: query.financialYear }),
          ...(before && {
            $or: [{ issuedAt: { $lt: before.issuedAt } }, { issuedAt: before.issuedAt, _id: { $lt: before.invoiceNumber } }],
          }),
        },
        { maxTimeMS: READ_MS },
      )
      .sort({ issuedAt: -1, _id: -1 })
      .limit(query.limit)
      .toArray();
    return docs.map(fromDocument);
  }

  async recordEInvoice(invoiceNumber: string, record: EInvoiceRecord): Promise<void> {
    // Majority write (the collection's concern); the filter keeps a registered IRN final.
    await this.invoices.updateOne(
      { _id: invoiceNumber, "eInvoice.status": { $ne: "REGISTERED" } },
      { $set: { eInvoice: record } },
      { maxTimeMS: READ_MS },
    );
  }

  async issuedBetween(from: Date, to: Date, agentId?: string): Promise<Invoice[]> {
    const docs = await this.invoices
      .find({ issuedAt: { $gte: from, $lt: to }, ...(agentId !== undefined && { agentId }) }, { maxTimeMS: EXPORT_MS })
      .sort({ issuedAt: 1, _id: 1 })
      .toArray();
    return docs.map(fromDocument);
  }

  private async bySource(draft: InvoiceDraft): Promise<Invoice | undefined> {
    // From the primary as it stands: a retry may follow the first issue closely.
    const doc = await this.db
      .collection<InvoiceDocument>("invoices", { readPreference: "primary", readConcern: { level: "local" } })
      .findOne({ bookingId: draft.bookingId, sourceKey: draft.sourceKey }, { maxTimeMS: READ_MS });
    return doc ? fromDocument(doc) : undefined;
  }
}

function fromDocument(doc: InvoiceDocument): Invoice {
  const { _id, ...rest } = doc;
  return { invoiceNumber: _id, ...rest };
}
