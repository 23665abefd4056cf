import { newEvent, type OutboxEvent } from "@tarmac/events";
import { isOpen, type ScheduleChange } from "./schedule-change.js";

/** What the agency hears of a schedule change: every agency, whatever its tier (the liability is theirs). */
export type ScheduleChangeEventType =
  "schedule_change.detected" | "schedule_change.accepted" | "schedule_change.resolved" | "schedule_change.deadline_approaching";

export function scheduleChangeEvent(change: ScheduleChange, type: ScheduleChangeEventType, at: Date): OutboxEvent {
  return newEvent(
    type,
    change.agentId,
    {
      schedule_change_id: change.scheduleChangeId,
      booking_id: change.bookingId,
      pnr: change.pnr,
      kind: change.kind,
      status: change.status,
      ...(change.minutes !== undefined && { minutes: change.minutes }),
      // Once resolved nothing is left to do, as the API answers it.
      actions: isOpen(change) ? [...change.actions] : [],
      deadline: change.deadline.toISOString(),
      ...(change.resolution !== undefined && { resolution: change.resolution }),
    },
    at,
  );
}
