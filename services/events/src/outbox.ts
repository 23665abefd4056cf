import type { OutboxEvent } from "./outbox-event.js";

export interface OutboxBacklog {
  readonly pending: number;
  /** createdAt of the oldest unpublished event, if any. */
  readonly oldestCreatedAt: Date | undefined;
}

/**
 * The relay's side of a transactional outbox. Writers append through their own adapter inside
 * the transaction of the change (MemoryOutbox.append in the memory stores' critical section,
 * MongoOutbox.append with the transaction's session), so an event exists if and only if its change
 * committed.
 */
export interface OutboxReader {
  /** Unpublished events, oldest first (createdAt, then id), at most `limit`. */
  pending(limit: number): Promise<OutboxEvent[]>;
  /** Marks events published; unknown or already published ids are ignored. */
  markPublished(ids: readonly string[], at: Date): Promise<void>;
  /**
   * Sets a pending event aside for good (the relay found the publisher takes other events but
   * never this one): it leaves `pending` and the backlog, and is kept with `reason` for an
   * operator. Unknown or published ids are ignored.
   */
  park(id: string, reason: string, at: Date): Promise<void>;
  backlog(): Promise<OutboxBacklog>;
  /** Calls `listener` whenever events are appended, so the relay need not wait for its next poll. */
  onAppend(listener: () => void): () => void;
}
