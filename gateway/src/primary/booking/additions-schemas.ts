import { AncillaryKindSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { enumNames } from "../../enum-names.js";
import { array, boolean, closed, instant, integer, object, oneOf, paise, string } from "../../json-schema.js";
import { bookedExtraSchema } from "./schemas.js";

/** JSON schemas of baggage and meals added after booking (API guide, Baggage and meals after ticketing). */

const bookingId = string("The booking's id (`bkg_...`): BOOKED or TICKETED, of this agency.", { minLength: 1, maxLength: 64 });
const kind = oneOf(enumNames(AncillaryKindSchema), "`BAGGAGE` (extra checked kilograms) or `MEAL`.");
const notRefundable = boolean(
  "Always false: an item added after booking is refunded only on an INVOLUNTARY or FLIGHT_CANCELLED cancellation or a void; a voluntary cancellation leaves its EMD to the airline.",
);

const selection = closed(
  {
    ancillary_token: string("An option's `ancillary_token` from this booking's quote.", { minLength: 1, maxLength: 2048 }),
    quantity: integer("How many; 1 when left out. At most `max_quantity` less what the passenger holds.", { minimum: 1, maximum: 9 }),
  },
  ["ancillary_token"],
);

export const additionQuoteRequestSchema = closed(
  {
    booking_id: bookingId,
    selections: array(selection, "Optional: options to price together (`total_paise`).", { maxItems: 50 }),
  },
  ["booking_id"],
);

export const additionConfirmRequestSchema = closed(
  { booking_id: bookingId, selections: array(selection, "The options to buy.", { minItems: 1, maxItems: 50 }) },
  ["booking_id", "selections"],
);

export interface AdditionBody {
  booking_id: string;
  selections?: { ancillary_token: string; quantity?: number }[];
}

const option = object({
  kind,
  code: string("The airline's code, e.g. `XBAG10`, `VGML`."),
  description: string("What it is, as the airline describes it."),
  weight_kg: integer("Extra checked baggage per unit, kilograms; 0 for a meal."),
  price_paise: paise("Price of one"),
  max_quantity: integer("How many one passenger may hold on this segment."),
  held_quantity: integer("How many the passenger holds already (bought with the booking or added)."),
  ancillary_id: string("`<kind>-<segment index>-<code>`, e.g. `BAGGAGE-0-XBAG10`."),
  ancillary_token: string("Signed for this booking, agency, passenger and segment; good until `tokens_valid_until`."),
  refundable_on_voluntary_cancellation: notRefundable,
});

const selected = object({
  ancillary_token: string("As sent."),
  ancillary_id: string("`<kind>-<segment index>-<code>`."),
  pax_id: string("The passenger."),
  segment_index: integer("Index of the segment in the booking's `segments`, from 0."),
  kind,
  code: string("The airline's code."),
  description: string("What it is."),
  quantity: integer("How many."),
  unit_price_paise: paise("Price of one"),
  price_paise: paise("`unit_price_paise` times `quantity`"),
  refundable_on_voluntary_cancellation: notRefundable,
});

export const additionQuoteResponseSchema = object({
  booking_id: string("The booking."),
  currency: string("ISO 4217 code of the prices: `INR`."),
  tokens_valid_until: instant("Until when the tokens are good (15 minutes)."),
  passengers: array(
    object({
      pax_id: string("The passenger (`ADT1`, ...)."),
      segments: array(
        object({
          segment_index: integer("Index of the segment in the booking's `segments`, from 0."),
          options: array(option, "What the airline still sells this passenger on this segment."),
        }),
        "Each segment the passenger still flies that has not departed and has options.",
      ),
    }),
    "Per passenger still booked who may buy something (lap infants only when the airline sells them extras).",
  ),
  selected: array(selected, "The selections, priced; empty without selections."),
  total_paise: paise("What confirming the selections debits from the wallet"),
});

export const additionConfirmResponseSchema = object({
  booking_id: string("The booking."),
  currency: string("ISO 4217 code: `INR`."),
  addition_id: string("The addition (`add_...`): the wallet debit's reference."),
  debited_paise: paise("Debited from the wallet, once"),
  items: array(bookedExtraSchema, "The items added, each with its `emd_number`; also in the booking's `extras`."),
});
