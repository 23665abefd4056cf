import { paiseFromProto } from "@tarmac/kernel";
import { RescheduleItemKind, RescheduleItemOutcome, type RescheduleItem } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { enumName } from "../../json-values.js";

/** JSON of a reschedule quote's seats, baggage and meals (API guide, Reschedule: seats, baggage and meals). */

export const rescheduleItemJson = (i: RescheduleItem) => ({
  pax_id: i.paxId,
  kind: enumName(RescheduleItemKind, i.kind),
  code: i.code,
  quantity: i.quantity,
  segment_index: i.segmentIndex,
  new_segment_index: i.newSegmentIndex ?? null,
  price_paise: paiseFromProto(i.pricePaise),
  outcome: enumName(RescheduleItemOutcome, i.outcome),
  reason: i.reason,
});
