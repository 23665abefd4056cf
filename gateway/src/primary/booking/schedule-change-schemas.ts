import {
  ScheduleChangeActionSchema,
  ScheduleChangeKindSchema,
  type ScheduleChangeStatus,
  ScheduleChangeStatusSchema,
} from "@tarmac/proto/tarmac/booking/v1/schedule_change_pb.js";
import { enumNames, type EnumName } from "../../enum-names.js";
import { array, closed, described, instant, integer, nullable, object, oneOf, paise, string } from "../../json-schema.js";
import { segmentSchema } from "../search/schemas.js";
import { bookingResponseSchema } from "./schemas.js";

/** JSON schemas of schedule changes (API guide, Schedule changes). */

const scheduleChangeId = string("`sc_...`: the schedule change.", { pattern: "^sc_[0-9A-Z]{26}$" });
const scheduleChangeStatus = (description: string) => oneOf(enumNames(ScheduleChangeStatusSchema), description);

export const scheduleChangeSchema = object({
  schedule_change_id: scheduleChangeId,
  booking_id: string("The booking the airline changed."),
  pnr: string("The airline's PNR."),
  kind: oneOf(
    enumNames(ScheduleChangeKindSchema),
    "`TIME_CHANGE` (a flight leaves at another time), `FLIGHT_NUMBER_CHANGE`, `ROUTING_CHANGE` (the trip flies another way) or `FLIGHT_CANCELLED`.",
  ),
  status: scheduleChangeStatus(
    "`DETECTED`, `ACKNOWLEDGED` (seen; the deadline stands), `ACCEPTED`, `CANCELLED` (the booking cancelled, refunded in full), `REBOOKED` or `EXPIRED` (nobody acted by the deadline: the airline applied it).",
  ),
  minutes: nullable(integer("Minutes, positive later."), "`TIME_CHANGE`: how far the departure moved; null otherwise."),
  segments_removed: array(segmentSchema, "The booking's flights the change takes away."),
  segments_added: array(segmentSchema, "What it puts in their place; empty for a cancelled flight."),
  actions: array(
    oneOf(enumNames(ScheduleChangeActionSchema), "An action."),
    "What may still be done: `ACCEPT`, `CANCEL`, `REBOOK`; empty once resolved.",
  ),
  deadline: instant("Act before this; after it the airline applies the change and the status is `EXPIRED`."),
  reason: string("The airline's words."),
  occurred_at: instant("When the airline made the change."),
  detected_at: instant("When Tarmac learned of it."),
  updated_at: instant("When it last changed."),
  resolution: nullable(string("For people."), "How it was resolved; null while open."),
});

export const scheduleChangeListRequestSchema = closed({
  booking_id: string("Only this booking's changes."),
  statuses: array(scheduleChangeStatus("A status."), "Only changes in these statuses; omit for every status.", {
    maxItems: 6,
    uniqueItems: true,
  }),
  page_size: integer("At most this many, newest first; 1 to 100, default 20.", { minimum: 1, maximum: 100 }),
});

export interface ScheduleChangeListBody {
  booking_id?: string;
  statuses?: EnumName<typeof ScheduleChangeStatus>[];
  page_size?: number;
}

export const scheduleChangeListResponseSchema = object({
  schedule_changes: array(scheduleChangeSchema, "Newest first (`detected_at`)."),
  count: integer("How many are in `schedule_changes`."),
});

export const scheduleChangeRequestSchema = closed({ schedule_change_id: scheduleChangeId }, ["schedule_change_id"]);

export interface ScheduleChangeBody {
  schedule_change_id: string;
}

export const scheduleChangeRebookRequestSchema = closed(
  {
    schedule_change_id: scheduleChangeId,
    new_offer_id: string("The offer to move to: on the booking's route, from a search made after the booking.", { minLength: 1 }),
  },
  ["schedule_change_id", "new_offer_id"],
);

export interface ScheduleChangeRebookBody {
  schedule_change_id: string;
  new_offer_id: string;
}

export const scheduleChangeCancelResponseSchema = object({
  schedule_change: described(scheduleChangeSchema, "The change, `CANCELLED`."),
  refund_id: nullable(string("`rfd_...`."), "The refund request the cancellation made; null when the booking had already ended."),
  refund_amount_paise: paise("What goes back to the wallet: everything the booking paid, no fee kept"),
});

/** booking/status: the booking with the airline's changes the agency has not resolved. */
export const bookingStatusResponseSchema = object({
  ...bookingResponseSchema.properties,
  open_schedule_changes: array(scheduleChangeSchema, "The airline's changes to it still open (`DETECTED`, `ACKNOWLEDGED`), newest first."),
});
