import { AncillaryKindSchema } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { enumNames } from "../../enum-names.js";
import { array, closed, instant, integer, object, oneOf, paise, string } from "../../json-schema.js";

/** JSON schemas of the baggage and meals of a locked fare (API guide, Baggage and meals). */

export const ancillariesRequestSchema = closed(
  {
    fare_token: string("The `fare_token` of fare validation, still within its lock.", { minLength: 1, maxLength: 1024 }),
    search_id: string("Optional: the offer's `search_id`; when given it must be the locked offer's.", { maxLength: 64 }),
  },
  ["fare_token"],
);

export interface AncillariesRequestBody {
  fare_token: string;
  search_id?: string;
}

const option = object({
  kind: oneOf(enumNames(AncillaryKindSchema), "`BAGGAGE` (extra checked kilograms) or `MEAL`."),
  code: string("The airline's code, e.g. `XBAG10`, `VGML`."),
  description: string("What it is, as the airline describes it."),
  weight_kg: integer("Extra checked baggage, kilograms; 0 for a meal."),
  price_paise: paise("Price of one, for this passenger; 0 when the fare's brand includes it"),
  max_quantity: integer("How many this passenger may buy on this segment."),
  ancillary_id: string("`<kind>-<segment index>-<code>`, e.g. `BAGGAGE-0-XBAG10`."),
  ancillary_token: string("Signed, bound to the fare token, this passenger and this price: booking create's `ancillaries` take it."),
});

export const ancillariesResponseSchema = object({
  search_id: string("The locked offer's search."),
  offer_id: string("The locked offer."),
  provider: string("The airline provider that sells them."),
  currency: string("ISO 4217 code of the prices: `INR`."),
  valid_until: instant("Until when the tokens are good: the fare lock's end."),
  passengers: array(
    object({
      pax_id: string("The passenger (`ADT1`, `CHD1`, ...), as booking create names them."),
      segments: array(
        object({
          segment_index: integer("Index of the segment in the offer's segments, from 0."),
          origin: string("IATA code of the departure airport."),
          dest: string("IATA code of the arrival airport."),
          options: array(option, "What this passenger may buy on this segment."),
        }),
        "One per segment of the offer.",
      ),
    }),
    "Per passenger who may buy something: adults and children; lap infants only when the airline sells them extras.",
  ),
});
