import { integer, object, string } from "../search/schemas.js";

/** JSON schemas of ticketing and releasing a held booking (API guide, Holds). */

const bookingId = { type: "string", minLength: 1, maxLength: 64 } as const;

export const ticketRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["booking_id"],
  properties: {
    booking_id: bookingId,
    accept_price_change: {
      type: "boolean",
      description: "True to pay a changed price; then `accepted_total_price_paise` must be the price now.",
    },
    accepted_total_price_paise: {
      type: "integer",
      minimum: 0,
      description: "With `accept_price_change`: the `new_total_price_paise` a BOOKING_PRICE_CHANGED answer quoted.",
    },
  },
} as const;

export interface TicketBody {
  booking_id: string;
  accept_price_change?: boolean;
  accepted_total_price_paise?: number;
}

export const ticketResponseSchema = object({
  booking_id: string,
  pnr: string,
  status: string,
  total_price_paise: integer,
  debited_paise: integer,
  currency: string,
});

export const releaseRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["booking_id"],
  properties: { booking_id: bookingId },
} as const;
