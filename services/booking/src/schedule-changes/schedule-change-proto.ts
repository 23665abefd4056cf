import { create } from "@bufbuild/protobuf";
import type { ProviderSegment } from "@tarmac/airline-port";
import { toTimestamp } from "@tarmac/kernel";
import {
  ScheduleChangeAction,
  ScheduleChangeKind,
  ScheduleChangeSchema,
  ScheduleChangeStatus as ProtoStatus,
  type ScheduleChange as ProtoScheduleChange,
} from "@tarmac/proto/tarmac/booking/v1/schedule_change_pb.js";
import { Cabin, Direction } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { isOpen, type ScheduleChange, type ScheduleChangeStatus } from "./schedule-change.js";

const segmentToProto = (s: ProviderSegment) => ({ ...s, cabin: Cabin[s.cabin], direction: Direction[s.direction] });

export function scheduleChangeToProto(c: ScheduleChange): ProtoScheduleChange {
  return create(ScheduleChangeSchema, {
    scheduleChangeId: c.scheduleChangeId,
    bookingId: c.bookingId,
    pnr: c.pnr,
    kind: ScheduleChangeKind[c.kind],
    status: ProtoStatus[c.status],
    minutes: c.minutes ?? 0,
    segmentsRemoved: c.segmentsRemoved.map(segmentToProto),
    segmentsAdded: c.segmentsAdded.map(segmentToProto),
    // Once resolved nothing is left to do.
    actions: isOpen(c) ? c.actions.map((a) => ScheduleChangeAction[a]) : [],
    deadline: toTimestamp(c.deadline),
    reason: c.reason,
    occurredAt: toTimestamp(c.occurredAt),
    detectedAt: toTimestamp(c.detectedAt),
    updatedAt: toTimestamp(c.updatedAt),
    resolution: c.resolution ?? "",
  });
}

/** A list filter's statuses; UNSPECIFIED stands for none. */
export function statusesFromProto(statuses: readonly ProtoStatus[]): ScheduleChangeStatus[] {
  return statuses.filter((s) => s !== ProtoStatus.UNSPECIFIED).map((s) => ProtoStatus[s] as ScheduleChangeStatus);
}
