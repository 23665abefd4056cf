import { DirectionSchema, FareBrandSchema, InclusionSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { CABINS, type CabinName } from "../../cabins.js";
import { enumNames } from "../../enum-names.js";
import {
  airport,
  array,
  boolean,
  instant,
  integer,
  localTime,
  nextPageCursor,
  nullableInstant,
  object,
  oneOf,
  paise,
  string,
} from "../../json-schema.js";

/** JSON schemas of the search operation (API guide, Search, Pagination and Money and pricing). */

const yyyymmdd = (description: string) => string(description, { pattern: "^\\d{8}$" });

/** Dates, airports and passenger sums are checked by the search service. */
const searchFields = {
  origin: airport("IATA code of the departure airport, e.g. `DEL`."),
  dest: airport("IATA code of the arrival airport, e.g. `BOM`; not `origin`."),
  dod: yyyymmdd("Departure date, `YYYYMMDD`: a real date, not past, at most 365 days ahead."),
  doa: yyyymmdd("Return date of a round trip, `YYYYMMDD`, not before `dod`."),
  pax_adult: integer("Adults (12 and over), 1 to 9; default 1.", { minimum: 1, maximum: 9 }),
  pax_child: integer("Children (2 to 11), 0 to 9; adults and children together at most 9.", { minimum: 0, maximum: 9 }),
  pax_infant: integer("Infants (under 2), 0 to 9 and at most the adults.", { minimum: 0, maximum: 9 }),
  cabin: oneOf(CABINS, "Cabin to search; omitted means every cabin."),
  limit: integer("Offers per page, 1 to 500; default 100.", { minimum: 1, maximum: 500 }),
  mode: string("Accepted for compatibility; has no effect.", { maxLength: 32 }),
};

const cursorOfPreviousPage = string("The `cursor` of the previous page (valid 30 minutes, tied to its search).", {
  minLength: 1,
  maxLength: 1024,
});

/**
 * Two requests in one (API guide, Pagination), as an `anyOf` a generated client can type: a new
 * search (origin, dest and dod required; `cursor` absent or null, because the last page answers
 * null and clients echo it back), or the next page of one (`cursor` required; the other fields
 * may be repeated and are ignored: the cursor wins). Both branches list every field, so each one
 * is closed on its own. Ajv's errors for a body that fits neither are narrowed to the branch it
 * meant (src/errors/one-of-errors.ts): `{}` is told that origin, dest and dod are required.
 * The branches exclude each other (`cursor` null or absent, or a string), so `anyOf` means what
 * `oneOf` would; linters cannot see that through an optional property, and Redocly's
 * recommended-strict refuses such a `oneOf` (issue 36).
 */
export const searchRequestSchema = {
  type: "object",
  anyOf: [
    {
      title: "NewSearch",
      description: "A new search: `origin`, `dest` and `dod` are required and `cursor` is absent or null.",
      type: "object",
      additionalProperties: false,
      required: ["origin", "dest", "dod"],
      properties: { ...searchFields, cursor: { type: "null", description: "No cursor: a new search." } },
    },
    {
      title: "NextPage",
      description: "The next page of an earlier search: its `cursor`, optionally another `limit`; other fields are ignored.",
      type: "object",
      additionalProperties: false,
      required: ["cursor"],
      properties: { ...searchFields, cursor: cursorOfPreviousPage },
    },
  ],
} as const;

export interface SearchRequestBody {
  origin?: string;
  dest?: string;
  dod?: string;
  doa?: string;
  pax_adult?: number;
  pax_child?: number;
  pax_infant?: number;
  cabin?: CabinName;
  limit?: number;
  cursor?: string | null;
  mode?: string;
}

const segmentProperties = {
  carrier: string("IATA code of the operating airline, e.g. `AI`."),
  flight_no: string("Flight number as the airline writes it, e.g. `AI 865`."),
  origin: string("IATA code of the departure airport."),
  dest: string("IATA code of the arrival airport."),
  dep_time: localTime("Departure time"),
  arr_time: localTime("Arrival time"),
  cabin: oneOf(CABINS, "Cabin of this segment."),
  booking_class: string("The airline's booking class (one letter), e.g. `Y`."),
  seats_available: integer("Seats the airline still sells at this fare."),
  direction: oneOf(enumNames(DirectionSchema), "`OUTBOUND`, or `RETURN` for the way back of a round trip."),
  duration_minutes: integer("Flying time of the segment, in minutes."),
  aircraft: string("Aircraft type code, e.g. `320`."),
};

const inclusion = (what: string) => oneOf(enumNames(InclusionSchema), `${what}: \`INCLUDED\` with the fare, or \`PAID\` as an extra.`);

/** What a fare brand includes, per passenger per segment (lap infants: no baggage, no meal). */
const inclusionsSchema = {
  ...object({
    checked_baggage_kg: integer("Checked baggage allowance, kilograms; more is sold as an ancillary."),
    cabin_baggage_kg: integer("Cabin (hand) baggage allowance, kilograms."),
    meal: inclusion("A meal"),
    seat: inclusion("A standard seat (`INCLUDED`: free in the seat map)"),
    change: inclusion("A change until 72 hours before departure (`PAID`: the fare rules' fee)"),
    refundable: boolean("Whether a voluntary cancellation refunds the base fare less the fare rules' penalty."),
  }),
  description: "What the fare brand includes, per passenger per segment.",
};

export const pricingSchema = object({
  base_fare: paise("The airline's fare for all passengers"),
  taxes: paise("The airline's taxes for all passengers"),
  commission: paise("What the airline pays the agency, a percentage of `base_fare`"),
  ota_markup: paise("The platform's markup"),
  agent_markup: paise("The agency's own markup for its customer"),
  net_fare: paise("`base_fare + taxes + ota_markup - commission`: what the wallet is debited"),
  final_price: paise("`base_fare + taxes + ota_markup + agent_markup`: what the end customer pays"),
});

const offerSchemaOf = <S extends object>(segment: S) =>
  object({
    offer_id: string("The offer's id (`off_...`); a reschedule names the new flight by it."),
    search_id: string("The search the offer belongs to; fare validation takes it back."),
    signature: string("Signs the offer's content; fare validation and the seat map take it back unchanged."),
    airline: string("IATA code of the validating airline."),
    provider: string("The airline provider that sells the offer (`SANDBOX` in development); the seat map takes it back."),
    refundable: boolean("Whether a voluntary cancellation refunds more than the taxes (the fare rules say how much)."),
    fare_brand: oneOf(
      enumNames(FareBrandSchema),
      "The fare family (API guide, Fare brands): `SAVER`, `FLEXI` or `SUPER_FLEXI`. The same flight in two brands is two offers.",
    ),
    inclusions: inclusionsSchema,
    segments: array(segment, "The flights, in travel order; a round trip's RETURN segments follow its OUTBOUND ones."),
    best_price_paise: paise("Equals `pricing_breakdown.final_price`"),
    currency: string("ISO 4217 code of every amount: `INR`."),
    pricing_breakdown: {
      ...pricingSchema,
      description: "How the price is made up, for all passengers together (API guide, Money and pricing).",
    },
    expires_at: instant("When the offer (and its search) expires: 30 minutes after the search."),
    hold_allowed: boolean("Whether booking create may hold this fare (`payment: HOLD`) and ticket it later."),
    hold_ticket_time_limit: nullableInstant("When `hold_allowed`: the ticket time limit a hold made now would get; else null."),
  });

export const segmentSchema = object(segmentProperties);
const offerSchema = offerSchemaOf(segmentSchema);

/** A validated offer's segments omit `cabin` (API guide, Fare validation and seat maps). */
export const validatedOfferSchema = offerSchemaOf(object((({ cabin: _cabin, ...rest }) => rest)(segmentProperties)));

/** Serialization schema of the 200 answer: fast to write, and nothing undeclared leaks. */
export const searchResponseSchema = object({
  search_id: string("The search's id (`srch_...`), valid 30 minutes."),
  results: array(offerSchema, "This page's offers: by `best_price_paise`, then departure time, then `offer_id`."),
  cursor: nextPageCursor,
  count: integer("Offers in this page."),
  total_results: integer("Offers in the whole search."),
});
