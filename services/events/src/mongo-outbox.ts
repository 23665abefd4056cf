import type { JsonObject } from "@bufbuild/protobuf";
import { isMongoServerError, type Logger } from "@tarmac/kernel";
import type { ClientSession, Collection, Db } from "mongodb";
import { AppendSignal } from "./append-signal.js";
import type { OutboxBacklog, OutboxReader } from "./outbox.js";
import type { OutboxEvent } from "./outbox-event.js";

/** Published events are kept this long for investigations, then the TTL index removes them. */
export const PUBLISHED_RETENTION_SECONDS = 7 * 24 * 60 * 60;

const MAJORITY = { writeConcern: { w: "majority" as const } };

interface OutboxDoc {
  _id: string;
  type: string;
  agentId: string;
  createdAt: Date;
  data: JsonObject;
  /** null while pending: the TTL index skips documents whose value is not a date. */
  publishedAt: Date | null;
  /** Set when the relay set it aside (see OutboxReader.park); absent otherwise. */
  parkedAt?: Date | null;
  parkReason?: string;
}

/** Pending: not published and not set aside (a missing parkedAt matches null, and is indexed as null). */
const PENDING = { publishedAt: null, parkedAt: null };
const OUTBOX_ORDER = { publishedAt: 1, parkedAt: 1, createdAt: 1, _id: 1 } as const;

/**
 * A service's outbox collection (`booking_outbox`, `wallet_outbox`, ...). Writers append with the
 * session of the transaction that makes the change, so the event commits or aborts with it.
 *
 * The relay learns of new events by polling. A writer in the same process may call `notify()`
 * after its transaction commits to wake the relay at once; other processes' events wait for the
 * next poll.
 */
export class MongoOutbox implements OutboxReader {
  private readonly events: Collection<OutboxDoc>;
  private readonly signal: AppendSignal;

  constructor(db: Db, collectionName: string, options: { readonly logger?: Logger } = {}) {
    // Majority writes for markPublished and park. Reads are majority from the primary: after a
    // failover with rollback, a `local` read could have published an event whose change never
    // committed. Inside a transaction (append) the driver uses the transaction's concerns.
    this.events = db.collection<OutboxDoc>(collectionName, {
      ...MAJORITY,
      readConcern: { level: "majority" },
      readPreference: "primary",
    });
    this.signal = new AppendSignal(options.logger);
  }

  async ensureIndexes(): Promise<void> {
    await this.events.createIndexes([
      // `pending`: equality on publishedAt and parkedAt (null), then the outbox order, so no in-memory sort.
      { key: OUTBOX_ORDER, name: "publishedAt_parkedAt_createdAt_id" },
      { key: { publishedAt: 1 }, name: "publishedAt_ttl", expireAfterSeconds: PUBLISHED_RETENTION_SECONDS },
    ]);
    // The pending index of earlier releases (without parkedAt). A missing one is fine.
    await this.events.dropIndex("publishedAt_createdAt_id").catch((error: unknown) => {
      if (!(isMongoServerError(error) && error.codeName === "IndexNotFound")) throw error;
    });
  }

  /** Inserts the events inside the caller's transaction; `_id` is the event id, so an id is stored once. */
  async append(events: readonly OutboxEvent[], session: ClientSession): Promise<void> {
    // Outside a transaction the event could commit without its change, or the change without it.
    if (!session.inTransaction()) throw new Error("MongoOutbox.append needs a session inside a transaction");
    if (events.length === 0) return;
    await this.events.insertMany(events.map(toDoc), { session, ordered: true });
  }

  /** Wakes this process's relay; call it after the transaction that appended has committed. */
  notify(): void {
    this.signal.ring();
  }

  async pending(limit: number): Promise<OutboxEvent[]> {
    if (limit <= 0) return [];
    const docs = await this.events.find(PENDING).sort(OUTBOX_ORDER).limit(limit).toArray();
    return docs.map(fromDoc);
  }

  async markPublished(ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    // Only pending ones: a repeat keeps the first publishedAt, and with it the TTL clock.
    await this.events.updateMany({ _id: { $in: [...ids] }, publishedAt: null }, { $set: { publishedAt: at } });
  }

  async park(id: string, reason: string, at: Date): Promise<void> {
    await this.events.updateOne({ _id: id, ...PENDING }, { $set: { parkedAt: at, parkReason: reason.slice(0, 2_000) } });
  }

  async backlog(): Promise<OutboxBacklog> {
    const [pending, oldest] = await Promise.all([
      this.events.countDocuments(PENDING),
      this.events.findOne(PENDING, { sort: OUTBOX_ORDER, projection: { createdAt: 1 } }),
    ]);
    return { pending, oldestCreatedAt: oldest?.createdAt };
  }

  /** Called on `notify()` only: appends from other processes are found by the relay's poll. */
  onAppend(listener: () => void): () => void {
    return this.signal.on(listener);
  }
}

function toDoc(event: OutboxEvent): OutboxDoc {
  const { id, type, agentId, createdAt, data } = event;
  return { _id: id, type, agentId, createdAt, data, publishedAt: null };
}

function fromDoc(doc: OutboxDoc): OutboxEvent {
  return { id: doc._id, type: doc.type, agentId: doc.agentId, createdAt: doc.createdAt, data: doc.data };
}
