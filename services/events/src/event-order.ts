import type { OutboxEvent } from "./outbox-event.js";

/**
 * The outbox order: createdAt, then id. Ids are ULIDs, so events of the same millisecond keep the
 * order they were made in within one process.
 */
export function compareEvents(a: OutboxEvent, b: OutboxEvent): number {
  const byTime = a.createdAt.getTime() - b.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
