import { paiseFromProto } from "@tarmac/kernel";
import { RescheduleItemKind, RescheduleItemOutcome, type RescheduleItem } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";

/** JSON of a reschedule quote's seats, baggage and meals (API guide, Reschedule: seats, baggage and meals). */

const nameOf = (values: Record<number, string>, value: number) => values[value] ?? "";

export const rescheduleItemJson = (i: RescheduleItem) => ({
  pax_id: i.paxId,
  kind: nameOf(RescheduleItemKind, i.kind),
  code: i.code,
  quantity: i.quantity,
  segment_index: i.segmentIndex,
  new_segment_index: i.newSegmentIndex ?? null,
  price_paise: paiseFromProto(i.pricePaise),
  outcome: nameOf(RescheduleItemOutcome, i.outcome),
  reason: i.reason,
});
