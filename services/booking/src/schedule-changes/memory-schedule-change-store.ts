import type { MemoryOutbox, OutboxEvent } from "@tarmac/events";
import { deepCopy } from "@tarmac/kernel";
import { isOpen, type ScheduleChange } from "./schedule-change.js";
import type { ScheduleChangeListQuery, ScheduleChangeStore } from "./schedule-change-store.js";

const newestFirst = (a: ScheduleChange, b: ScheduleChange) =>
  b.detectedAt.getTime() - a.detectedAt.getTime() || b.scheduleChangeId.localeCompare(a.scheduleChangeId);

/** In memory (one process): each call runs without an await between its read and its write. */
export class MemoryScheduleChangeStore implements ScheduleChangeStore {
  private readonly changes = new Map<string, ScheduleChange>();
  private readonly byAirlineId = new Map<string, string>();
  private after: string | undefined;

  /** `outbox`: the booking store's, so these events are relayed with the bookings' (none: dropped, tests). */
  constructor(private readonly outbox?: MemoryOutbox) {}

  cursor(): Promise<string | undefined> {
    return Promise.resolve(this.after);
  }

  saveCursor(after: string): Promise<void> {
    this.after = after;
    return Promise.resolve();
  }

  record(change: ScheduleChange, events: readonly OutboxEvent[]): Promise<{ change: ScheduleChange; created: boolean }> {
    const existing = this.byAirlineId.get(change.airlineChangeId);
    const stored = existing === undefined ? undefined : this.changes.get(existing);
    if (stored) return Promise.resolve({ change: deepCopy(stored), created: false });
    this.outbox?.append(events);
    this.changes.set(change.scheduleChangeId, deepCopy(change));
    this.byAirlineId.set(change.airlineChangeId, change.scheduleChangeId);
    return Promise.resolve({ change: deepCopy(change), created: true });
  }

  get(scheduleChangeId: string): Promise<ScheduleChange | undefined> {
    const found = this.changes.get(scheduleChangeId);
    return Promise.resolve(found && deepCopy(found));
  }

  list(query: ScheduleChangeListQuery): Promise<ScheduleChange[]> {
    const rows = [...this.changes.values()]
      .filter(
        (c) =>
          c.agentId === query.agentId &&
          (query.bookingId === undefined || c.bookingId === query.bookingId) &&
          (query.statuses === undefined || query.statuses.length === 0 || query.statuses.includes(c.status)),
      )
      .sort(newestFirst)
      .slice(0, query.limit);
    return Promise.resolve(rows.map((c) => deepCopy(c)));
  }

  openDueBy(before: Date, limit: number): Promise<ScheduleChange[]> {
    const rows = [...this.changes.values()]
      .filter((c) => isOpen(c) && c.deadline.getTime() <= before.getTime())
      .sort((a, b) => a.deadline.getTime() - b.deadline.getTime())
      .slice(0, limit);
    return Promise.resolve(rows.map((c) => deepCopy(c)));
  }

  update(change: ScheduleChange, events: readonly OutboxEvent[]): Promise<boolean> {
    const stored = this.changes.get(change.scheduleChangeId);
    if (stored?.version !== change.version - 1) return Promise.resolve(false);
    this.outbox?.append(events);
    this.changes.set(change.scheduleChangeId, deepCopy(change));
    return Promise.resolve(true);
  }
}
