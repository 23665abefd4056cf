import { SeatPositionSchema } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { enumNames } from "../../enum-names.js";
import { array, boolean, closed, described, instant, integer, object, oneOf, paise, string } from "../../json-schema.js";
import { requirementsProperty } from "./requirements-json.js";
import { validatedOfferSchema } from "../search/schemas.js";

/** JSON schemas of fare validation and seat maps (API guide, Fare validation and seat maps). */

const token = (maxLength: number, description: string) => string(description, { minLength: 1, maxLength });
const count = (minimum: number, description: string) => integer(description, { minimum, maximum: 9 });

const searchId = token(64, "The offer's `search_id`.");
const signature = token(1024, "The offer's `signature`, unchanged.");

export const validateRequestSchema = closed(
  {
    search_id: searchId,
    signature,
    pax: described(
      closed({
        adult: count(1, "Adults, as searched; default 1."),
        child: count(0, "Children, as searched; default 0."),
        infant: count(0, "Infants, as searched; default 0."),
      }),
      "The passengers, equal to the search's counts.",
    ),
  },
  ["search_id", "signature"],
);

export interface ValidateRequestBody {
  search_id: string;
  signature: string;
  pax?: { adult?: number; child?: number; infant?: number };
}

export const validateResponseSchema = closed(
  {
    fare_token: string("Signed, bound to the agency, the offer and the price: booking create and the seat map take it."),
    offer: described(validatedOfferSchema, "The offer at its live price (its segments without `cabin`)."),
    price_changed: boolean("Whether the live price differs from the search's."),
    previous_price_paise: paise("The search's price, when `price_changed`"),
    locked_until: instant("When the price lock ends: 15 minutes after validation."),
    requirements: requirementsProperty,
  },
  ["fare_token", "offer", "price_changed", "locked_until", "requirements"],
);

export const seatMapRequestSchema = closed(
  {
    search_id: searchId,
    signature,
    fare_token: token(1024, "The `fare_token` of fare validation."),
    provider: token(32, "The offer's `provider`."),
  },
  ["search_id", "signature", "fare_token", "provider"],
);

export interface SeatMapRequestBody {
  search_id: string;
  signature: string;
  fare_token: string;
  provider: string;
}

const seatSchema = object({
  seat: string("Seat number, row and letter, e.g. `12C`."),
  available: boolean("Whether the seat can still be booked."),
  price_paise: paise("Price of the seat for one passenger; 0 when free"),
  ancillary_id: string("The seat's ancillary id, as a booking's `seats` show it."),
  ancillary_token: string("Signed, bound to the fare token: booking create's `ancillaries[].ancillary_token`."),
  position: oneOf(enumNames(SeatPositionSchema), "Where the seat is in its row."),
  exit_row: boolean("An exit row seat: not offered to children or adults carrying an infant."),
  extra_legroom: boolean("A seat with extra legroom."),
});

export const seatMapResponseSchema = object({
  search_id: string("The offer's `search_id`."),
  signature: string("The offer's `signature`."),
  provider: string("The offer's `provider`."),
  currency: string("ISO 4217 code of the seat prices: `INR`."),
  segments: array(
    object({
      segment_index: integer("Index of the segment in the offer's `segments`, from 0."),
      origin: string("IATA code of the segment's departure airport."),
      dest: string("IATA code of the segment's arrival airport."),
      seatmap: array(
        object({ row: integer("Row number."), seats: array(seatSchema, "The row's seats, left to right.") }),
        "The cabin's rows, front to back.",
      ),
    }),
    "One seat map per segment.",
  ),
  passenger_ancillaries: array(
    object({
      pax_id: string("Passenger id: `ADT1`, `CHD1`, `INF1`..."),
      ancillary_tokens: array(
        string("An `ancillary_token` of a seat this passenger may take."),
        "The seats this passenger may take; none for infants.",
      ),
    }),
    "Which seats each passenger of the fare may take.",
  ),
});
