import { BookingStatusSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { enumNames } from "./enum-names.js";

/** The booking states of API guide, Booking states, as both surfaces' JSON spells them: the booking service's own list. */
export const BOOKING_STATUSES = enumNames(BookingStatusSchema);
