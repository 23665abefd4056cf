import { integer, object, offerSchema, string } from "../search/schemas.js";

/** JSON schemas of booking create and status (API guide, Bookings). */

const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength }) as const;
const nullable = (schema: object) => ({ anyOf: [schema, { type: "null" }] }) as const;

const passengerSchema = {
  type: "object",
  additionalProperties: false,
  required: ["id", "type", "title", "first_name", "last_name", "gender", "dob", "nationality"],
  properties: {
    id: { type: "string", pattern: "^(ADT|CHD|INF)[1-9]$" },
    type: { type: "string", enum: ["ADT", "CHD", "INF"] },
    title: { type: "string", enum: ["MR", "MRS", "MS", "MISS", "MSTR"] },
    first_name: text(50),
    last_name: text(50),
    gender: { type: "string", enum: ["M", "F", "X"] },
    dob: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    nationality: { type: "string", pattern: "^[A-Z]{2}$" },
  },
} as const;

export const createBookingRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["fare_token", "passengers", "contact_info"],
  properties: {
    fare_token: text(1024),
    agent_id: text(64),
    idempotency_key: text(255),
    passengers: { type: "array", minItems: 1, maxItems: 18, items: passengerSchema },
    contact_info: {
      type: "object",
      additionalProperties: false,
      required: ["email", "phone"],
      properties: { email: text(254), phone: text(20) },
    },
    payment: {
      type: "string",
      enum: ["WALLET", "HOLD"],
      description:
        "WALLET (default): the wallet is debited at once. HOLD: the airline holds the fare without payment (the offer's " +
        "`hold_allowed`, else 422 BOOKING_HOLD_NOT_ALLOWED); the booking is HELD until `booking/ticket` or its ticket time limit.",
    },
    ancillaries: {
      type: "array",
      maxItems: 72,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["pax_id", "ancillary_token"],
        properties: { pax_id: text(8), ancillary_token: text(1024) },
      },
    },
  },
} as const;

interface PassengerBody {
  id: string;
  type: "ADT" | "CHD" | "INF";
  title: "MR" | "MRS" | "MS" | "MISS" | "MSTR";
  first_name: string;
  last_name: string;
  gender: "M" | "F" | "X";
  dob: string;
  nationality: string;
}

export interface CreateBookingBody {
  fare_token: string;
  agent_id?: string;
  idempotency_key?: string;
  passengers: PassengerBody[];
  contact_info: { email: string; phone: string };
  ancillaries?: { pax_id: string; ancillary_token: string }[];
  payment?: "WALLET" | "HOLD";
}

/** A held booking's deadlines (API guide, Holds); null for a booking paid at once. */
const holdSchema = nullable(object({ ticket_time_limit: string, price_guaranteed_until: string }));

export const createBookingResponseSchema = object({
  booking_id: string,
  pnr: string,
  total_price_paise: integer,
  currency: string,
  status: string,
  ticket_time_limit: nullable(string),
  price_guaranteed_until: nullable(string),
});

export const bookingStatusRequestSchema = {
  type: "object",
  additionalProperties: false,
  properties: { booking_id: text(64), pnr: { type: "string", pattern: "^[A-Za-z0-9]{6}$" }, idempotency_key: text(255) },
} as const;

export interface BookingStatusBody {
  booking_id?: string;
  pnr?: string;
  /** The Idempotency-Key the booking was created with: finds it when the create's answer was lost. */
  idempotency_key?: string;
}

const segmentSchema = offerSchema.properties.segments.items;
const passengerOut = object(
  Object.fromEntries(passengerSchema.required.map((k) => [k, string])) as Record<(typeof passengerSchema.required)[number], typeof string>,
);

export const bookingResponseSchema = object({
  booking_id: string,
  pnr: nullable(string),
  status: string,
  agent_id: string,
  created_at: string,
  updated_at: string,
  currency: string,
  total_price_paise: integer,
  net_fare_paise: integer,
  seats_paise: integer,
  pricing_breakdown: offerSchema.properties.pricing_breakdown,
  segments: { type: "array", items: segmentSchema },
  passengers: { type: "array", items: passengerOut },
  contact_info: object({ email: string, phone: string }),
  seats: {
    type: "array",
    items: object({ pax_id: string, segment_index: integer, seat: string, price_paise: integer, ancillary_id: string }),
  },
  ticket_numbers: { type: "array", items: object({ pax_id: string, segment_index: integer, ticket_number: string }) },
  status_history: { type: "array", items: object({ status: string, at: string, reason: string }) },
  last_arrival_at: string,
  debited_paise: integer,
  payment: { type: "string", enum: ["WALLET", "HOLD"] },
  hold: holdSchema,
  fare_rules: object({
    refundable: { type: "boolean" },
    cancellation_penalties: { type: "array", items: object({ min_hours_before_departure: integer, per_passenger_paise: integer }) },
    change_fees: { type: "array", items: object({ min_hours_before_departure: integer, per_passenger_paise: integer }) },
    taxes_refundable: { type: "boolean" },
  }),
  cancellation: nullable(
    object({
      cancellation_type: string,
      reason_code: string,
      airline_penalty_paise: integer,
      ota_fee_paise: integer,
      refund_amount_paise: integer,
      confirmed_at: string,
    }),
  ),
  reschedule: nullable(
    object({
      new_offer_id: string,
      reason_code: string,
      fare_difference_paise: integer,
      change_penalty_paise: integer,
      new_total_paise: integer,
      confirmed_at: string,
    }),
  ),
});
