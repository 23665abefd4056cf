import { boolean, integer, object, string, validatedOfferSchema } from "../search/schemas.js";

/** JSON schemas of fare validation and seat maps (API guide, Fare validation and seat maps). */

const token = (maxLength: number) => ({ type: "string", minLength: 1, maxLength }) as const;
const count = (minimum: number) => ({ type: "integer", minimum, maximum: 9 }) as const;

export const validateRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["search_id", "signature"],
  properties: {
    search_id: token(64),
    signature: token(1024),
    pax: {
      type: "object",
      additionalProperties: false,
      properties: { adult: count(1), child: count(0), infant: count(0) },
    },
  },
} as const;

export interface ValidateRequestBody {
  search_id: string;
  signature: string;
  pax?: { adult?: number; child?: number; infant?: number };
}

export const validateResponseSchema = {
  type: "object",
  additionalProperties: false,
  required: ["fare_token", "offer", "price_changed", "locked_until"],
  properties: {
    fare_token: string,
    offer: validatedOfferSchema,
    price_changed: boolean,
    previous_price_paise: integer,
    locked_until: string,
  },
} as const;

export const seatMapRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["search_id", "signature", "fare_token", "provider"],
  properties: {
    search_id: token(64),
    signature: token(1024),
    fare_token: token(1024),
    provider: token(32),
  },
} as const;

export interface SeatMapRequestBody {
  search_id: string;
  signature: string;
  fare_token: string;
  provider: string;
}

const seatSchema = object({
  seat: string,
  available: boolean,
  price_paise: integer,
  ancillary_id: string,
  ancillary_token: string,
  position: string,
  exit_row: boolean,
  extra_legroom: boolean,
});

export const seatMapResponseSchema = object({
  search_id: string,
  signature: string,
  provider: string,
  currency: string,
  segments: {
    type: "array",
    items: object({
      segment_index: integer,
      origin: string,
      dest: string,
      seatmap: { type: "array", items: object({ row: integer, seats: { type: "array", items: seatSchema } }) },
    }),
  },
  passenger_ancillaries: {
    type: "array",
    items: object({ pax_id: string, ancillary_tokens: { type: "array", items: string } }),
  },
});
