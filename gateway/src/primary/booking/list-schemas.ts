import type { BookingStatus } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { EnumName } from "../../enum-names.js";
import { array, closed, instant, integer, nextPageCursor, object, previousPageCursor } from "../../json-schema.js";
import { bookingResponseSchema, bookingStatus } from "./schemas.js";

/** JSON schemas of POST /flight/booking/list (API guide, Bookings: listing). */

export const bookingListRequestSchema = closed({
  status: bookingStatus("Only bookings in this state."),
  created_from: instant("Only bookings created at or after this instant."),
  created_to: instant("Only bookings created before this instant."),
  page_size: integer("Bookings per page, 1 to 100; default 20.", { minimum: 1, maximum: 100 }),
  cursor: previousPageCursor("The `cursor` of the previous page: it carries that page's filters, and any sent with it are ignored."),
});

export interface BookingListBody {
  status?: EnumName<typeof BookingStatus>;
  created_from?: string;
  created_to?: string;
  page_size?: number;
  cursor?: string | null;
}

export const bookingListResponseSchema = object({
  bookings: array(bookingResponseSchema, "This page's bookings, newest first, each as booking/status answers it."),
  count: integer("Bookings in this page."),
  cursor: nextPageCursor,
});
