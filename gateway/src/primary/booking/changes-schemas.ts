import {
  type CancellationType,
  CancellationTypeSchema,
  type ReasonCode,
  ReasonCodeSchema,
  RescheduleItemKindSchema,
  RescheduleItemOutcomeSchema,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { type EnumName, enumNames } from "../../enum-names.js";
import { array, closed, instant, integer, nullable, nullableInstant, object, oneOf, paise, string } from "../../json-schema.js";
import { bookedPartSchema, cancellationItemSchema, cancellationScopeFields, refundStatus } from "./refund-schemas.js";

/** JSON schemas of cancellation and reschedule (API guide, Cancellation and reschedule). */

type ReasonCodeName = EnumName<typeof ReasonCode>;

const reasonCode = oneOf(enumNames(ReasonCodeSchema), "Why the booking is changed.");
const cancellationType = oneOf(
  enumNames(CancellationTypeSchema),
  "`VOLUNTARY`, `INVOLUNTARY` when the airline cancelled or changed the flight (no airline penalty then), or `VOID`: the " +
    "whole booking on the day it was ticketed, until 23:59 IST (no penalty, no platform fee, tickets VOIDED).",
);
const bookingId = string("The booking's id (`bkg_...`).", { minLength: 1, maxLength: 64 });

export const cancellationRequestSchema = closed(
  { booking_id: bookingId, reason_code: reasonCode, cancellation_type: cancellationType, ...cancellationScopeFields },
  ["booking_id", "reason_code", "cancellation_type"],
);

export interface CancellationBody {
  booking_id: string;
  reason_code: ReasonCodeName;
  cancellation_type: EnumName<typeof CancellationType>;
  passenger_ids?: string[];
  directions?: ("OUTBOUND" | "RETURN")[];
}

export const rescheduleQuoteRequestSchema = closed(
  {
    booking_id: bookingId,
    new_offer_id: string("An offer of a newer search by this agency for the same passengers and route.", { minLength: 1, maxLength: 64 }),
    reason_code: reasonCode,
  },
  ["booking_id", "new_offer_id", "reason_code"],
);

export interface RescheduleQuoteBody {
  booking_id: string;
  new_offer_id: string;
  reason_code: ReasonCodeName;
}

export const rescheduleConfirmRequestSchema = closed({ booking_id: bookingId }, ["booking_id"]);

const currency = string("ISO 4217 code of the amounts: `INR`.");
const quoteValidUntil = instant("The quote holds until then (10 minutes); confirm before it.");

const cancellationTerms = {
  booking_id: string("The booking."),
  airline_penalty_paise: paise("The airline's penalty kept: none when involuntary, the base fare when not refundable"),
  ota_fee_paise: paise("The platform's fee kept: none when involuntary or FLIGHT_CANCELLED"),
  refund_amount_paise: paise(
    "Credited to the wallet: refundable paid (what was debited less the fees of reschedules) - airline penalty - platform fee, never below zero",
  ),
  currency,
};

const itemised = {
  items: array(cancellationItemSchema, "Per passenger and direction; the amounts above are their sums."),
  stays_booked: array(bookedPartSchema, "What stays booked after it; empty when it cancels all that is left of the booking."),
};

export const cancellationQuoteResponseSchema = object({
  ...cancellationTerms,
  quote_valid_until: quoteValidUntil,
  ...itemised,
  void_eligible_until: nullableInstant(
    "Until when the whole booking may be voided (`cancellation_type: VOID`): 23:59:59 IST of the day it was ticketed; null when it may not, and on a quote for part of the booking.",
  ),
});
export const cancellationConfirmResponseSchema = object({
  ...cancellationTerms,
  ...itemised,
  cancellation_id: string("The cancellation (`cx_...`)."),
  refund_id: string("The refund request it became (`rfd_...`); follow it in booking/status or booking/refunds."),
  refund_status: refundStatus("Where the refund stands: `REFUNDED` at once on most fares, `PROCESSING` when the airline takes time."),
});

const segmentIndex = (description: string) => integer(description, { minimum: 0 });

const rescheduleItemSchema = object({
  pax_id: string("A passenger's `id` (`ADT1`, `CHD1`, `INF1`...).", { pattern: "^(ADT|CHD|INF)[1-9]$" }),
  kind: oneOf(enumNames(RescheduleItemKindSchema), "`SEAT`, `BAGGAGE` or `MEAL`."),
  code: string("The seat number, or the baggage or meal code (`XBAG15`, `VGML`)."),
  quantity: integer("How many (1 for a seat).", { minimum: 1 }),
  segment_index: segmentIndex("Its segment, 0-based in the booking's segments."),
  new_segment_index: nullable(
    segmentIndex("0-based in the new offer's segments."),
    "Its segment on the new itinerary; null unless carried over.",
  ),
  price_paise: paise("What was paid for it"),
  outcome: oneOf(
    enumNames(RescheduleItemOutcomeSchema),
    "`CARRIED_OVER`: moved to the new flight at the same direction and position, keeping its price and EMD (baggage the new flight sells); " +
      "`REFUNDED`: dropped at the airline (seats, meals, baggage the new flight does not sell) and what was paid comes back with the reschedule.",
  ),
  reason: string("Why, in words for the agent."),
});

export const rescheduleQuoteResponseSchema = object({
  booking_id: string("The booking."),
  fare_difference_paise: paise("`max(0, new net_fare - old net_fare)`"),
  airline_change_fee_paise: paise("The airline's change fee, from the booked fare's rules"),
  ota_fee_paise: paise("The platform's reschedule fee"),
  total_payable_paise: paise(
    "Fare difference + airline change fee + platform fee - `items_refund_paise`, never below zero: debited on confirm",
  ),
  currency,
  quote_valid_until: quoteValidUntil,
  items: array(rescheduleItemSchema, "Every seat, baggage and meal the booking holds and what the reschedule does with it."),
  items_refund_paise: paise("What the `REFUNDED` items were paid: taken off the payment"),
  refund_paise: paise(
    "`items_refund_paise` - (fare difference + airline change fee + platform fee), never below zero: credited to the wallet on confirm",
  ),
});

export const rescheduleConfirmResponseSchema = object({
  booking_id: string("The booking."),
  fare_difference_paise: paise("As quoted"),
  change_penalty_paise: paise("The airline's change fee plus the platform's fee, as quoted"),
  new_total_paise: paise("The booking's new `total_price_paise`: the new fare's final price plus the baggage carried over"),
  currency,
});
