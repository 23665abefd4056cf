import { integer, object, string } from "../search/schemas.js";

/** JSON schemas of cancellation and reschedule (API guide, Cancellation and reschedule). */

const REASON_CODES = ["CUSTOMER_REQUEST", "SCHEDULE_CHANGE", "FLIGHT_CANCELLED", "DUPLICATE_BOOKING", "MEDICAL", "OTHER"] as const;
const CANCELLATION_TYPES = ["VOLUNTARY", "INVOLUNTARY"] as const;

const bookingId = { type: "string", minLength: 1, maxLength: 64 } as const;

export const cancellationRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["booking_id", "reason_code", "cancellation_type"],
  properties: {
    booking_id: bookingId,
    reason_code: { type: "string", enum: REASON_CODES },
    cancellation_type: { type: "string", enum: CANCELLATION_TYPES },
  },
} as const;

export interface CancellationBody {
  booking_id: string;
  reason_code: (typeof REASON_CODES)[number];
  cancellation_type: (typeof CANCELLATION_TYPES)[number];
}

export const rescheduleQuoteRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["booking_id", "new_offer_id", "reason_code"],
  properties: {
    booking_id: bookingId,
    new_offer_id: { type: "string", minLength: 1, maxLength: 64 },
    reason_code: { type: "string", enum: REASON_CODES },
  },
} as const;

export interface RescheduleQuoteBody {
  booking_id: string;
  new_offer_id: string;
  reason_code: (typeof REASON_CODES)[number];
}

export const rescheduleConfirmRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["booking_id"],
  properties: { booking_id: bookingId },
} as const;

const cancellationTerms = {
  booking_id: string,
  airline_penalty_paise: integer,
  ota_fee_paise: integer,
  refund_amount_paise: integer,
  currency: string,
};

export const cancellationQuoteResponseSchema = object({ ...cancellationTerms, quote_valid_until: string });
export const cancellationConfirmResponseSchema = object(cancellationTerms);

export const rescheduleQuoteResponseSchema = object({
  booking_id: string,
  fare_difference_paise: integer,
  airline_change_fee_paise: integer,
  ota_fee_paise: integer,
  total_payable_paise: integer,
  currency: string,
  quote_valid_until: string,
});

export const rescheduleConfirmResponseSchema = object({
  booking_id: string,
  fare_difference_paise: integer,
  change_penalty_paise: integer,
  new_total_paise: integer,
  currency: string,
});
