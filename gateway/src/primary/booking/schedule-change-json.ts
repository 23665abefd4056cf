import {
  ScheduleChangeAction,
  ScheduleChangeKind,
  ScheduleChangeStatus,
  type ScheduleChange,
} from "@tarmac/proto/tarmac/booking/v1/schedule_change_pb.js";
import { isoText } from "../../json-values.js";
import { segmentJson } from "../search/offer-json.js";

/** A schedule change as the primary surface writes it (scheduleChangeSchema). */
export function scheduleChangeJson(c: ScheduleChange) {
  return {
    schedule_change_id: c.scheduleChangeId,
    booking_id: c.bookingId,
    pnr: c.pnr,
    kind: ScheduleChangeKind[c.kind],
    status: ScheduleChangeStatus[c.status],
    minutes: c.kind === ScheduleChangeKind.TIME_CHANGE ? c.minutes : null,
    segments_removed: c.segmentsRemoved.map(segmentJson),
    segments_added: c.segmentsAdded.map(segmentJson),
    actions: c.actions.map((a) => ScheduleChangeAction[a]),
    deadline: isoText(c.deadline),
    reason: c.reason,
    occurred_at: isoText(c.occurredAt),
    detected_at: isoText(c.detectedAt),
    updated_at: isoText(c.updatedAt),
    resolution: c.resolution === "" ? null : c.resolution,
  };
}

export function requireScheduleChange(c: ScheduleChange | undefined): ScheduleChange {
  if (!c) throw new Error("booking service answered without a schedule change");
  return c;
}
