import { MongoOutbox, type OutboxEvent } from "@tarmac/events";
import { isMongoServerError, runMigrationOnce, runTransaction, type Logger } from "@tarmac/kernel";
import type { ClientSession, Collection, Db } from "mongodb";
import type { Booking, BookingStatus } from "../domain/booking.js";
import type { RefundRecord } from "../domain/refunds.js";
import {
  type ListedRefund,
  type RefundListQuery,
  sweepInstantOf,
  type BookingStore,
  type ClaimedBooking,
  type ClaimOptions,
  type CreateResult,
  type DueField,
} from "./booking-store.js";
import type { AgencyDirectory } from "./agency-directory.js";
import type { BookingListQuery } from "./booking-list-query.js";
import { fromBookingDocument, toBookingDocument, type BookingDocument } from "./mongo-booking-documents.js";
import { AGENT_INDEXES, confirmationKeyFilter, listFilter, NEWEST_FIRST, OBSOLETE_AGENT_INDEXES } from "./mongo-booking-queries.js";

const DUPLICATE_KEY = 11000;
/** maxCommitTimeMS of a booking transaction: the server's wait for the majority per commit attempt. */
const COMMIT_TIMEOUT_MS = 5_000;

/**
 * Bookings in MongoDB: collection `bookings`. Each write and its outbox events commit in one
 * transaction. The unique index on (agentId, idempotencyKey) is the second guard behind the
 * gateway's idempotency store; the version in the update filter serialises the create flow and
 * the sweeps.
 */
export class MongoBookingStore implements BookingStore, AgencyDirectory {
  private readonly bookings: Collection<BookingDocument>;
  private readonly latest: Collection<BookingDocument>;

  constructor(
    private readonly db: Db,
    private readonly outbox: MongoOutbox,
  ) {
    this.bookings = db.collection<BookingDocument>("bookings", {
      readConcern: { level: "majority" },
      writeConcern: { w: "majority" },
    });
    this.latest = db.collection<BookingDocument>("bookings", { readConcern: { level: "local" }, readPreference: "primary" });
  }

  /** Opens the store and its outbox (`booking_outbox`) on `db`, creating their indexes first. */
  static async open(db: Db, logger: Logger): Promise<{ store: MongoBookingStore; outbox: MongoOutbox }> {
    const outbox = new MongoOutbox(db, "booking_outbox", { logger });
    await outbox.ensureIndexes();
    const store = new MongoBookingStore(db, outbox);
    await store.ensureIndexes();
    return { store, outbox };
  }

  async ensureIndexes(): Promise<void> {
    await this.bookings.createIndexes([
      { key: { agentId: 1, idempotencyKey: 1 }, name: "agentId_idempotencyKey", unique: true },
      // An agent's bookings by PNR, newest first. Not unique: PNRs are unique per airline at a time,
      // and carriers reuse them. Partial (only bookings that have one); queries repeat the filter.
      { key: { agentId: 1, pnr: 1, createdAt: -1 }, name: "agentId_pnr_createdAt", partialFilterExpression: { pnr: { $type: "string" } } },
      // The sweeps (claimDue): PENDING (recovery), BOOKED (ticketing), TICKETED (flown), CANCELLED
      // (refund), earliest due first; a claimed booking is due again after its backoff.
      // _id last: the sweeps sort by (instant, _id), so the index gives that order and no in-memory sort runs.
      { key: { status: 1, dueAt: 1, _id: 1 }, name: "status_dueAt_id" },
      { key: { status: 1, updatedAt: 1, _id: 1 }, name: "status_updatedAt_id" },
      { key: { status: 1, lastArrivalAt: 1, _id: 1 }, name: "status_lastArrivalAt_id" },
      ...AGENT_INDEXES,
    ]);
    // Indexes of earlier releases: the globally unique PNR index (a second airline's equal PNR
    // failed the BOOKED write after the capture) and sweep indexes without _id (a blocking sort).
    for (const obsolete of ["pnr", "status_dueAt", "status_updatedAt", "status_lastArrivalAt", ...OBSOLETE_AGENT_INDEXES]) {
      await this.bookings.dropIndex(obsolete).catch((error: unknown) => {
        if (!(isMongoServerError(error) && error.codeName === "IndexNotFound")) throw error;
      });
    }
    // Bookings stored before sweeps claimed by dueAt have none: due at their sweep instant. Idempotent,
    // and harmless when several replicas run it at once (each sets the same value). It scans the
    // whole collection, so it runs once per database, not at every pod start.
    await runMigrationOnce(this.db, "bookings.dueAt", () =>
      this.bookings.updateMany({ dueAt: { $exists: false } }, [
        { $set: { dueAt: { $cond: [{ $eq: ["$status", "TICKETED"] }, "$lastArrivalAt", "$updatedAt"] } } },
      ]),
    );
  }

  async create(booking: Booking, events: readonly OutboxEvent[]): Promise<CreateResult> {
    try {
      await this.transaction(async (session) => {
        await this.bookings.insertOne(stored(booking), { session });
        await this.outbox.append(events, session);
      });
      this.outbox.notify();
      return { created: true };
    } catch (error) {
      if (!(isMongoServerError(error) && error.code === DUPLICATE_KEY)) throw error;
      // The winner may not be majority-committed yet: read it from the primary as it stands.
      const existing = await this.latest.findOne({ agentId: booking.agentId, idempotencyKey: booking.idempotencyKey });
      if (!existing) throw error;
      return { created: false, existing: fromBookingDocument(existing) };
    }
  }

  async get(bookingId: string): Promise<Booking | undefined> {
    const doc = await this.bookings.findOne({ _id: bookingId });
    return doc ? fromBookingDocument(doc) : undefined;
  }

  async findByIdempotencyKey(agentId: string, idempotencyKey: string): Promise<Booking | undefined> {
    // From the primary as it stands, like create's duplicate-key read: a retry may follow its first call closely.
    const doc = await this.latest.findOne({ agentId, idempotencyKey });
    return doc ? fromBookingDocument(doc) : undefined;
  }

  async findByConfirmationKey(agentId: string, idempotencyKey: string): Promise<Booking | undefined> {
    for (const filter of confirmationKeyFilter(agentId, idempotencyKey)) {
      const doc = await this.latest.findOne(filter);
      if (doc) return fromBookingDocument(doc);
    }
    return undefined;
  }

  async list(query: BookingListQuery): Promise<Booking[]> {
    const docs = await this.bookings.find(listFilter(query)).sort(NEWEST_FIRST).limit(query.limit).toArray();
    return docs.map(fromBookingDocument);
  }

  async agentIds(): Promise<string[]> {
    // A distinct over the (agentId, idempotencyKey) index's prefix: one key per agency, not one per booking.
    const ids = await this.bookings.distinct("agentId", {}, { maxTimeMS: 5_000 });
    return ids.map(String).sort();
  }

  async findByPnr(agentId: string, pnr: string): Promise<Booking | undefined> {
    // The $type predicate matches the partial index's filter, so the planner may use it.
    const doc = await this.bookings.findOne({ agentId, pnr: { $eq: pnr, $type: "string" } }, { sort: { createdAt: -1 } });
    return doc ? fromBookingDocument(doc) : undefined;
  }

  async update(booking: Booking, events: readonly OutboxEvent[]): Promise<boolean> {
    const replaced = await this.transaction(async (session) => {
      // The replacement has no sweepAttempts and a fresh dueAt: a changed booking is due at its new instant.
      const result = await this.bookings.replaceOne({ _id: booking.bookingId, version: booking.version - 1 }, stored(booking), {
        session,
      });
      if (result.matchedCount === 0) return false;
      await this.outbox.append(events, session);
      return true;
    });
    if (replaced) this.outbox.notify();
    return replaced;
  }

  async listByStatus(status: BookingStatus, before: Date, limit: number, by: DueField = "updatedAt"): Promise<Booking[]> {
    const docs = await this.bookings
      .find({ status, [by]: { $lt: before } })
      .sort({ [by]: 1, _id: 1 })
      .limit(limit)
      .toArray();
    return docs.map(fromBookingDocument);
  }

  async claimDue(status: BookingStatus, before: Date, limit: number, { now, retryAfterMs }: ClaimOptions): Promise<ClaimedBooking[]> {
    const candidates = await this.bookings
      .find({ status, dueAt: { $lt: before } })
      .sort({ dueAt: 1, _id: 1 })
      .limit(limit)
      .toArray();
    const claimed: ClaimedBooking[] = [];
    for (const doc of candidates) {
      const attempts = (doc.sweepAttempts ?? 0) + 1;
      // Compare-and-set on version and dueAt: of several replicas' sweeps, one claims each booking.
      const won = await this.bookings.findOneAndUpdate(
        { _id: doc._id, version: doc.version, dueAt: doc.dueAt },
        { $set: { dueAt: new Date(now.getTime() + retryAfterMs(attempts)), sweepAttempts: attempts } },
        { returnDocument: "after" },
      );
      if (won) claimed.push({ booking: fromBookingDocument(won), attempts });
    }
    return claimed;
  }

  async listRefunds(query: RefundListQuery): Promise<ListedRefund[]> {
    const position = query.after && {
      $or: [
        { "refunds.requestedAt": { $lt: query.after.requestedAt } },
        { "refunds.requestedAt": query.after.requestedAt, "refunds.refundId": { $lt: query.after.refundId } },
      ],
    };
    const rows = await this.bookings
      .aggregate<{ _id: string; pnr: string | null; currency: string; refunds: RefundRecord }>(
        [
          // The partial index's filter repeated, so the planner may use it.
          { $match: { agentId: query.agentId, "refunds.0": { $exists: true } } },
          { $project: { pnr: 1, currency: 1, refunds: 1 } },
          { $unwind: "$refunds" },
          { $match: { ...(query.status && { "refunds.status": query.status }), ...position } },
          { $sort: { "refunds.requestedAt": -1, "refunds.refundId": -1 } },
          { $limit: query.limit },
        ],
        { maxTimeMS: 5_000 },
      )
      .toArray();
    return rows.map((row) => ({ refund: row.refunds, bookingId: row._id, pnr: row.pnr ?? undefined, currency: row.currency }));
  }

  private async transaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    return runTransaction(this.db.client, work, { maxCommitTimeMS: COMMIT_TIMEOUT_MS });
  }
}

/** The document of a booking, due for its sweep at its sweep instant. */
function stored(booking: Booking): BookingDocument {
  return { ...toBookingDocument(booking), dueAt: sweepInstantOf(booking) };
}
