import { CABINS, type CabinName } from "../../cabins.js";

/** JSON schemas of the search operation (API guide, Search and Money and pricing). */

const airport = { type: "string", pattern: "^[A-Z]{3}$" } as const;
const date = { type: "string", pattern: "^\\d{8}$" } as const;

/**
 * origin, dest and dod are required unless a cursor continues an earlier search (API guide, Pagination:
 * the cursor takes precedence). `cursor: null` is accepted as "no cursor", because that is what
 * the last page answers and clients echo it back. Dates, airports and passenger sums are
 * checked by the search service.
 */
export const searchRequestSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    origin: airport,
    dest: airport,
    dod: date,
    doa: date,
    pax_adult: { type: "integer", minimum: 1, maximum: 9 },
    pax_child: { type: "integer", minimum: 0, maximum: 9 },
    pax_infant: { type: "integer", minimum: 0, maximum: 9 },
    cabin: { type: "string", enum: CABINS },
    limit: { type: "integer", minimum: 1, maximum: 500 },
    cursor: { type: ["string", "null"], minLength: 1, maxLength: 1024 },
    mode: { type: "string", maxLength: 32 },
  },
  if: { type: "object", properties: { cursor: { type: "string" } }, required: ["cursor"] },
  else: { required: ["origin", "dest", "dod"] },
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

export const integer = { type: "integer" } as const;
export const string = { type: "string" } as const;
export const boolean = { type: "boolean" } as const;

/** A closed response object: every property declared and present. */
export const object = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: "object", additionalProperties: false, required: Object.keys(properties), properties }) as const;

const segmentProperties = {
  carrier: string,
  flight_no: string,
  origin: string,
  dest: string,
  dep_time: string,
  arr_time: string,
  cabin: string,
  booking_class: string,
  seats_available: integer,
  direction: string,
  duration_minutes: integer,
  aircraft: string,
};

const pricingSchema = object({
  base_fare: integer,
  taxes: integer,
  commission: integer,
  ota_markup: integer,
  agent_markup: integer,
  net_fare: integer,
  final_price: integer,
});

const offerSchemaOf = (segment: object) =>
  object({
    offer_id: string,
    search_id: string,
    signature: string,
    airline: string,
    provider: string,
    refundable: boolean,
    segments: { type: "array", items: segment },
    best_price_paise: integer,
    currency: string,
    pricing_breakdown: pricingSchema,
    expires_at: string,
    hold_allowed: { type: "boolean", description: "Whether booking create may hold this fare (`payment: HOLD`) and ticket later." },
    hold_ticket_time_limit: {
      type: ["string", "null"],
      description: "When `hold_allowed`: the ticket time limit a hold made now would get (ISO 8601); else null.",
    },
  });

export const offerSchema = offerSchemaOf(object(segmentProperties));

/** A validated offer's segments omit `cabin` (API guide, Fare validation and seat maps). */
export const validatedOfferSchema = offerSchemaOf(object((({ cabin: _cabin, ...rest }) => rest)(segmentProperties)));

/** Serialization schema of the 200 answer: fast to write, and nothing undeclared leaks. */
export const searchResponseSchema = object({
  search_id: string,
  results: { type: "array", items: offerSchema },
  cursor: { type: ["string", "null"] },
  count: integer,
  total_results: integer,
});
