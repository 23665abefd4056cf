import { BookingStatus } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { integer } from "../search/schemas.js";
import { bookingResponseSchema } from "./schemas.js";

/** JSON schemas of POST /flight/booking/list (API guide, Bookings: listing). */

type StatusName = Exclude<keyof typeof BookingStatus, "UNSPECIFIED">;

/** Every status of the contract's enum (tarmac.booking.v1.BookingStatus), its source of truth. */
const BOOKING_STATUSES = Object.values(BookingStatus).filter((v): v is StatusName => typeof v === "string" && v !== "UNSPECIFIED");

const instant = { type: "string", format: "date-time" } as const;

export const bookingListRequestSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    status: { type: "string", enum: BOOKING_STATUSES },
    created_from: instant,
    created_to: instant,
    page_size: { type: "integer", minimum: 1, maximum: 100 },
    cursor: { type: ["string", "null"], minLength: 1, maxLength: 1024 },
  },
} as const;

export interface BookingListBody {
  status?: StatusName;
  created_from?: string;
  created_to?: string;
  page_size?: number;
  cursor?: string | null;
}

export const bookingListResponseSchema = {
  type: "object",
  additionalProperties: false,
  required: ["bookings", "count", "cursor"],
  properties: {
    bookings: { type: "array", items: bookingResponseSchema },
    count: integer,
    cursor: { type: ["string", "null"] },
  },
} as const;
