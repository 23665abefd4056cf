import {
  CancellationTypeSchema,
  ReasonCodeSchema,
  type RefundStatus,
  RefundStatusSchema,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { DirectionSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { enumNames, type EnumName } from "../../enum-names.js";
import {
  array,
  closed,
  instant,
  integer,
  nextPageCursor,
  nullable,
  object,
  oneOf,
  paise,
  previousPageCursor,
  string,
} from "../../json-schema.js";

/** JSON schemas of partial cancellations and refunds (API guide, Partial cancellation, void and refunds). */

const direction = (description: string) => oneOf(enumNames(DirectionSchema), description);
export const refundStatus = (description: string) => oneOf(enumNames(RefundStatusSchema), description);
const paxId = string("A passenger's `id` (`ADT1`, `CHD1`, `INF1`...).", { pattern: "^(ADT|CHD|INF)[1-9]$" });

export const cancellationItemSchema = object({
  pax_id: paxId,
  direction: direction("The direction."),
  paid_paise: paise(
    "What this passenger paid for this direction that a cancellation may refund: its share of the fare by passenger type, its own seats, baggage and meals; not its share of reschedule fees",
  ),
  airline_penalty_paise: paise("The airline's penalty on it"),
  ota_fee_paise: paise("Its share of the platform's fee"),
  refund_amount_paise: paise("What comes back for it: paid - penalty - fee, never below zero"),
});

export const bookedPartSchema = object({ pax_id: paxId, direction: direction("The direction.") });

export const cancellationScopeFields = {
  passenger_ids: array(paxId, "Only these passengers (an adult's lap infant must come with it); omit for all that are left.", {
    maxItems: 18,
    uniqueItems: true,
  }),
  directions: array(direction("A direction."), "Only these directions; omit for both (what is left).", { maxItems: 2, uniqueItems: true }),
};

export const cancellationRecordSchema = object({
  cancellation_id: nullable(
    string("`cx_...`."),
    "The cancellation's id; null for cancellations made before partial cancellations existed.",
  ),
  cancellation_type: oneOf(enumNames(CancellationTypeSchema), "`VOLUNTARY`, `INVOLUNTARY` or `VOID`."),
  reason_code: oneOf(enumNames(ReasonCodeSchema), "Why."),
  passenger_ids: array(paxId, "The passengers asked for; empty: all that were left."),
  directions: array(direction("A direction."), "The directions asked for; empty: all that were left."),
  airline_penalty_paise: paise("The airline's penalty kept"),
  ota_fee_paise: paise("The platform's fee kept"),
  refund_amount_paise: paise("The refund requested: refundable paid - airline penalty - platform fee, never below zero"),
  items: array(cancellationItemSchema, "Per passenger and direction."),
  stays_booked: array(bookedPartSchema, "What stayed booked after it; empty when it cancelled all that was left."),
  refund_id: nullable(string("`rfd_...`."), "The refund request it became; null for cancellations of earlier releases."),
  confirmed_at: instant("When the cancellation was confirmed."),
});

export const refundSchema = object({
  refund_id: string("`rfd_...`."),
  booking_id: string("The booking."),
  pnr: nullable(string("The PNR."), "The booking's PNR."),
  cancellation_id: nullable(string("`cx_...`."), "The cancellation it refunds."),
  amount_paise: paise("What is refunded"),
  currency: string("ISO 4217 code: `INR`."),
  status: refundStatus("`REQUESTED`, `PROCESSING` (the airline is working on it), `REFUNDED` (credited to the wallet) or `REJECTED`."),
  requested_at: instant("When the cancellation was confirmed."),
  updated_at: instant("When it last changed."),
  rejection_reason: nullable(string("The airline's reason."), "Why the airline rejected it; null otherwise."),
  wallet_reference: string("The wallet statement line's `reference` once credited."),
});

export const refundListRequestSchema = closed({
  status: refundStatus("Only refunds in this state."),
  page_size: integer("Refunds per page, 1 to 100; default 20.", { minimum: 1, maximum: 100 }),
  cursor: previousPageCursor("The `cursor` of the previous page: it carries that page's `status`, and one sent with it is ignored."),
});

export interface RefundListBody {
  status?: EnumName<typeof RefundStatus>;
  page_size?: number;
  cursor?: string | null;
}

export const refundListResponseSchema = object({
  refunds: array(refundSchema, "This page's refunds, newest first."),
  count: integer("Refunds in this page."),
  cursor: nextPageCursor,
});
