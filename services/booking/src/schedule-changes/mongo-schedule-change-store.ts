import type { MongoOutbox, OutboxEvent } from "@tarmac/events";
import { isMongoServerError, majorityTransaction } from "@tarmac/kernel";
import type { ClientSession, Collection, Db } from "mongodb";
import type { ScheduleChange } from "./schedule-change.js";
import type { ScheduleChangeListQuery, ScheduleChangeStore } from "./schedule-change-store.js";

/** Bounds the whole transaction, retries included: a stuck primary fails the caller, who retries. */
const COMMIT_TIMEOUT_MS = 5_000;
/** Reads are bounded like every call: a slow one fails rather than hangs (writes by the client's bounds). */
const CALL_MS = 5_000;
const DUPLICATE_KEY = 11000;
/** The one cursor document: the airline's change feed as booking has read it. */
const CURSOR_ID = "airline";

type ScheduleChangeDocument = Omit<ScheduleChange, "scheduleChangeId"> & { _id: string };
interface CursorDocument {
  _id: string;
  after: string;
}

const fromDocument = ({ _id, ...rest }: ScheduleChangeDocument): ScheduleChange => ({ scheduleChangeId: _id, ...rest });
const toDocument = ({ scheduleChangeId, ...rest }: ScheduleChange): ScheduleChangeDocument => ({ _id: scheduleChangeId, ...rest });

/**
 * Schedule changes in MongoDB: collection `schedule_changes` (`_id` the sc_ id, unique
 * airlineChangeId) and `schedule_change_cursor`. A change and its events commit in one majority
 * transaction with the booking outbox; two replicas recording one airline change collide on the
 * unique index and the loser answers the winner's record, having written no event.
 */
export class MongoScheduleChangeStore implements ScheduleChangeStore {
  private readonly changes: Collection<ScheduleChangeDocument>;
  private readonly cursors: Collection<CursorDocument>;

  /** `outbox`: the booking store's; events commit with the change. */
  constructor(
    private readonly db: Db,
    private readonly outbox?: MongoOutbox,
  ) {
    const concern = { readConcern: { level: "majority" as const }, writeConcern: { w: "majority" as const } };
    this.changes = db.collection<ScheduleChangeDocument>("schedule_changes", concern);
    this.cursors = db.collection<CursorDocument>("schedule_change_cursor", concern);
  }

  async ensureIndexes(): Promise<void> {
    await this.changes.createIndexes([
      { key: { airlineChangeId: 1 }, name: "airlineChangeId", unique: true },
      { key: { agentId: 1, detectedAt: -1, _id: -1 }, name: "agentId_detectedAt_id" },
      { key: { agentId: 1, bookingId: 1, detectedAt: -1, _id: -1 }, name: "agentId_bookingId_detectedAt_id" },
      { key: { status: 1, deadline: 1 }, name: "status_deadline" },
    ]);
  }

  async cursor(): Promise<string | undefined> {
    return (await this.cursors.findOne({ _id: CURSOR_ID }, { maxTimeMS: CALL_MS }))?.after;
  }

  async saveCursor(after: string): Promise<void> {
    await this.cursors.updateOne({ _id: CURSOR_ID }, { $set: { after } }, { upsert: true });
  }

  async record(change: ScheduleChange, events: readonly OutboxEvent[]): Promise<{ change: ScheduleChange; created: boolean }> {
    const existing = await this.byAirlineId(change.airlineChangeId);
    if (existing) return { change: existing, created: false };
    try {
      await this.transaction(async (session) => {
        await this.changes.insertOne(toDocument(change), { session });
        if (this.outbox && events.length > 0) await this.outbox.append(events, session);
      });
      return { change, created: true };
    } catch (error) {
      if (!(isMongoServerError(error) && error.code === DUPLICATE_KEY)) throw error;
      const winner = await this.byAirlineId(change.airlineChangeId);
      if (!winner) throw error;
      return { change: winner, created: false };
    }
  }

  async get(scheduleChangeId: string): Promise<ScheduleChange | undefined> {
    const found = await this.changes.findOne({ _id: scheduleChangeId }, { maxTimeMS: CALL_MS });
    return found ? fromDocument(found) : undefined;
  }

  async list(query: ScheduleChangeListQuery): Promise<ScheduleChange[]> {
    const filter = {
      agentId: query.agentId,
      ...(query.bookingId !== undefined && { bookingId: query.bookingId }),
      ...(query.statuses !== undefined && query.statuses.length > 0 && { status: { $in: [...query.statuses] } }),
    };
    const rows = await this.changes.find(filter, { maxTimeMS: CALL_MS }).sort({ detectedAt: -1, _id: -1 }).limit(query.limit).toArray();
    return rows.map(fromDocument);
  }

  async openDueBy(before: Date, limit: number): Promise<ScheduleChange[]> {
    const rows = await this.changes
      .find({ status: { $in: ["DETECTED", "ACKNOWLEDGED"] }, deadline: { $lte: before } }, { maxTimeMS: CALL_MS })
      .sort({ deadline: 1 })
      .limit(limit)
      .toArray();
    return rows.map(fromDocument);
  }

  async update(change: ScheduleChange, events: readonly OutboxEvent[]): Promise<boolean> {
    let updated = false;
    await this.transaction(async (session) => {
      const result = await this.changes.replaceOne({ _id: change.scheduleChangeId, version: change.version - 1 }, toDocument(change), {
        session,
      });
      updated = result.matchedCount === 1;
      if (updated && this.outbox && events.length > 0) await this.outbox.append(events, session);
    });
    return updated;
  }

  private async byAirlineId(airlineChangeId: string): Promise<ScheduleChange | undefined> {
    const found = await this.changes.findOne({ airlineChangeId }, { maxTimeMS: CALL_MS });
    return found ? fromDocument(found) : undefined;
  }

  private async transaction(work: (session: ClientSession) => Promise<void>): Promise<void> {
    const session = this.db.client.startSession();
    try {
      await session.withTransaction(work, majorityTransaction(COMMIT_TIMEOUT_MS));
    } finally {
      await session.endSession();
    }
  }
}
