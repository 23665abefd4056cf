import { defined } from "@tarmac/kernel";
import type { Logger } from "@tarmac/kernel";
import { AppendSignal } from "./append-signal.js";
import { compareEvents } from "./event-order.js";
import type { OutboxBacklog, OutboxReader } from "./outbox.js";
import type { OutboxEvent } from "./outbox-event.js";

export interface MemoryOutboxOptions {
  /** Where failing onAppend listeners are reported. */
  readonly logger?: Logger;
}

/**
 * The outbox of the in-memory stores. `append` is synchronous so a store can call it inside the
 * same critical section as the change it records: nothing can observe the change without its event.
 * Published events are dropped at once; nothing reads them again, and a long-running embedded
 * process must not grow without bound.
 */
export class MemoryOutbox implements OutboxReader {
  /** Unpublished events, kept in outbox order so `pending` is a slice. */
  private readonly queue: OutboxEvent[] = [];
  private readonly ids = new Set<string>();
  /** Events the relay set aside, with why (for an operator; the embedded mode has no other view). */
  readonly parked: { readonly event: OutboxEvent; readonly reason: string; readonly at: Date }[] = [];
  private readonly signal: AppendSignal;

  constructor(options: MemoryOutboxOptions = {}) {
    this.signal = new AppendSignal(options.logger);
  }

  /**
   * Records events; all or none. Throws on an id already pending (as the MongoDB unique `_id`
   * would abort the transaction), before anything is recorded, so the caller can undo its change.
   */
  append(events: readonly OutboxEvent[]): void {
    const incoming = new Set<string>();
    for (const event of events) {
      if (this.ids.has(event.id) || incoming.has(event.id)) throw new Error(`outbox already holds event ${event.id}`);
      incoming.add(event.id);
    }
    for (const event of events) this.insert(event);
    if (events.length > 0) this.signal.ring();
  }

  async pending(limit: number): Promise<OutboxEvent[]> {
    return this.queue.slice(0, Math.max(0, limit));
  }

  async markPublished(ids: readonly string[], _at: Date): Promise<void> {
    const published = new Set(ids.filter((id) => this.ids.has(id)));
    if (published.size === 0) return;
    for (const id of published) this.ids.delete(id);
    let kept = 0;
    for (const event of this.queue) if (!published.has(event.id)) this.queue[kept++] = event;
    this.queue.length = kept;
  }

  async park(id: string, reason: string, at: Date): Promise<void> {
    const index = this.queue.findIndex((event) => event.id === id);
    const event = this.queue[index];
    if (event === undefined) return;
    this.queue.splice(index, 1);
    this.ids.delete(id);
    this.parked.push({ event, reason, at });
  }

  async backlog(): Promise<OutboxBacklog> {
    return { pending: this.queue.length, oldestCreatedAt: this.queue[0]?.createdAt };
  }

  onAppend(listener: () => void): () => void {
    return this.signal.on(listener);
  }

  private insert(event: OutboxEvent): void {
    this.ids.add(event.id);
    // Writers append in time order almost always, so search from the end: usually O(1).
    let at = this.queue.length;
    while (at > 0 && compareEvents(defined(this.queue[at - 1], "queued event"), event) > 0) at--;
    this.queue.splice(at, 0, event);
  }
}
