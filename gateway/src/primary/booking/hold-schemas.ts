import { array, boolean, closed, integer, object, paise, string, text } from "../../json-schema.js";
import { passengerDocumentProperties, type PassengerDocumentsBody } from "./documents-schemas.js";
import { bookingStatus } from "./schemas.js";

/** JSON schemas of ticketing and releasing a held booking (API guide, Holds). */

const bookingId = string("The held booking's id (`bkg_...`).", { minLength: 1, maxLength: 64 });

export const ticketRequestSchema = closed(
  {
    booking_id: bookingId,
    accept_price_change: boolean("True to pay a changed price; then `accepted_total_price_paise` must be the price now."),
    accepted_total_price_paise: integer(
      "With `accept_price_change`: the `new_total_price_paise` a BOOKING_PRICE_CHANGED answer quoted (paise).",
      { minimum: 0 },
    ),
    passenger_documents: array(
      closed({ pax_id: text(8, "The booked passenger's `id`."), ...passengerDocumentProperties }, ["pax_id"]),
      "Documents the fare needs at `TICKET` not given at create (API guide, Travel documents); a field given replaces the booking's.",
      { maxItems: 18 },
    ),
  },
  ["booking_id"],
);

export interface TicketBody {
  booking_id: string;
  accept_price_change?: boolean;
  accepted_total_price_paise?: number;
  passenger_documents?: (PassengerDocumentsBody & { pax_id: string })[];
}

export const ticketResponseSchema = object({
  booking_id: string("The booking's id."),
  pnr: string("The airline's record locator."),
  status: bookingStatus("`BOOKED` once paid; `TICKETED` follows asynchronously."),
  total_price_paise: paise("What the end customer pays, at the price ticketed"),
  debited_paise: paise("What the wallet was debited for this booking"),
  currency: string("ISO 4217 code of every amount: `INR`."),
});

export const releaseRequestSchema = closed({ booking_id: bookingId }, ["booking_id"]);
