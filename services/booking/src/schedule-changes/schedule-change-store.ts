import type { OutboxEvent } from "@tarmac/events";
import type { ScheduleChange, ScheduleChangeStatus } from "./schedule-change.js";

export interface ScheduleChangeListQuery {
  readonly agentId: string;
  readonly bookingId?: string | undefined;
  readonly statuses?: readonly ScheduleChangeStatus[] | undefined;
  /** Newest first; at most this many. */
  readonly limit: number;
}

/**
 * Schedule changes and how far the airline's change feed has been read. Adapters: memory and
 * MongoDB, one contract (schedule-change-store.contract.ts). Events join the write that causes
 * them (the booking outbox), so a change is never announced without being stored, nor twice.
 */
export interface ScheduleChangeStore {
  /** The id of the last airline change handled, to watch after it; undefined before the first. */
  cursor(): Promise<string | undefined>;
  saveCursor(after: string): Promise<void>;
  /**
   * Stores `change` unless a change with its airlineChangeId is stored: answers the stored one and
   * whether this call created it. `events` are written only when it does.
   */
  record(change: ScheduleChange, events: readonly OutboxEvent[]): Promise<{ readonly change: ScheduleChange; readonly created: boolean }>;
  get(scheduleChangeId: string): Promise<ScheduleChange | undefined>;
  list(query: ScheduleChangeListQuery): Promise<ScheduleChange[]>;
  /** Open changes (DETECTED, ACKNOWLEDGED) whose deadline is at or before `before`, soonest first. */
  openDueBy(before: Date, limit: number): Promise<ScheduleChange[]>;
  /**
   * Stores `change` (version one above the stored one) with `events`, if the stored version is
   * still `change.version - 1`; false when another write came first.
   */
  update(change: ScheduleChange, events: readonly OutboxEvent[]): Promise<boolean>;
}
