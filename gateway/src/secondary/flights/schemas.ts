import { GenderSchema, type Gender, TitleSchema, type Title } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { CABINS, type CabinName } from "../../cabins.js";
import type { FlightDetails } from "./flight-details.js";
import { type EnumName, enumNames } from "../../enum-names.js";
import { airport, array, closed, date, described, integer, localTime, number, oneOf, string, text } from "../../json-schema.js";
import { BOOKING_STATUSES } from "../../booking-statuses.js";
import {
  gstRequestSchema,
  passengerDocumentProperties,
  type GstBody,
  type PassengerDocumentsBody,
} from "../../primary/booking/documents-schemas.js";

/**
 * JSON schemas of the secondary surface's flights (API guide, Secondary surface). Field
 * names are this surface's own; unknown fields are rejected as on the primary surface. Currency
 * enums are the configured rate table's codes, so the schemas are built per app.
 */

/** A plain date or an RFC 3339 date-time; searched as the date in India it names (india-date.ts). */
const DATE_OR_DATE_TIME = "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$";
const IN_INDIA =
  "A date (YYYY-MM-DD) or an RFC 3339 date-time. A date-time with an offset (Z, +hh:mm) is searched as the calendar date it " +
  "falls on in India (UTC+05:30): 2026-12-24T20:00:00Z is 25 December; without an offset the date is taken as written.";
const dateOrDateTime = (description: string) => string(`${description} ${IN_INDIA}`, { pattern: DATE_OR_DATE_TIME });

/** Offers per page, as on the primary surface. */
const limit = integer("Flights per page, 1 to 500; 100 when absent.", { minimum: 1, maximum: 500 });

/** Every field required unless said otherwise. */
const all = <P extends Record<string, unknown>>(properties: P, required: readonly (keyof P & string)[] = Object.keys(properties)) =>
  closed(properties, required);

const currencyOf = (currencies: readonly string[], description: string) => oneOf(currencies, description);

/**
 * A new search (the spec's fields, plus `limit`), or the next page of one: `cursor` from the page
 * before (and `limit`), nothing else. Validation picks the branch by `cursor` (search-routes.ts).
 */
export function searchRequestSchema(currencies: readonly string[]) {
  const newSearch = all(
    {
      origin: airport("IATA code of the departure airport, e.g. `DEL`."),
      destination: airport("IATA code of the arrival airport, e.g. `BOM`."),
      departure_date: dateOrDateTime("Departure date."),
      return_date: dateOrDateTime("Return date of a round trip."),
      adults: integer("Adults (12 and over), 1 to 9.", { minimum: 1, maximum: 9 }),
      children: integer("Children (2 to 11), 0 to 9.", { minimum: 0, maximum: 9 }),
      infants: integer("Infants (under 2), 0 to 9 and at most the adults.", { minimum: 0, maximum: 9 }),
      travel_class: oneOf(CABINS, "Cabin to search."),
      display_currency: currencyOf(currencies, "Currency of the prices answered; default `INR`."),
      limit,
    },
    ["origin", "destination", "departure_date", "adults", "travel_class"],
  );
  const nextPage = closed(
    {
      cursor: {
        type: "string",
        minLength: 1,
        maxLength: 1100,
        description: "`data.cursor` of the page before: the same search, in the same display currency, 30 minutes at most.",
      },
      limit,
    },
    ["cursor"],
  );
  return {
    type: "object",
    oneOf: [
      { title: "New search", ...newSearch },
      { title: "Next page", ...nextPage },
    ],
  } as const;
}

export interface NewSearchBody {
  origin: string;
  destination: string;
  departure_date: string;
  return_date?: string;
  adults: number;
  children?: number;
  infants?: number;
  travel_class: CabinName;
  display_currency?: string;
  limit?: number;
}

export interface NextPageBody {
  cursor: string;
  limit?: number;
}

export type SearchBody = NewSearchBody | NextPageBody;

const segmentSchema = all({
  carrier_name: string("The operating airline's name, e.g. `Air India`."),
  flight_number: string("Flight number as the airline writes it, e.g. `AI 865`."),
  origin: string("IATA code of the departure airport."),
  destination: string("IATA code of the arrival airport."),
  departure_at: localTime("Departure time"),
});

const legSchema = (description: string) => described(all({ segments: array(segmentSchema, "The flights, in travel order.") }), description);

/** One flight as search answers it; booking create takes the same shape back as flight_details. */
const flightSchema = (currencies: readonly string[]) =>
  all(
    {
      id: string("The flight's id (the offer id): booking create's `flight_id`."),
      total_price: number("Price for all passengers in `currency`, rounded half-even to 2 decimals."),
      currency: currencyOf(currencies, "Currency of `total_price`: the search's `display_currency`."),
      outbound: legSchema("The way out."),
      inbound: legSchema("The way back; round trips only."),
    },
    ["id", "total_price", "currency", "outbound"],
  );

const success = { type: "boolean", enum: [true], description: "Always true on a 2xx answer." } as const;

export function searchResponseSchema(currencies: readonly string[]) {
  return all({
    success,
    data: described(
      all({
        search_id: string("The search's id."),
        flights: array(flightSchema(currencies), "This page's flights, cheapest first."),
        cursor: { type: ["string", "null"], description: "Send it back as `cursor` for the next page; null on the last page." },
        total_results: integer("Flights in the whole search, across its pages."),
      }),
      "The flights found.",
    ),
  });
}

const PAX_TYPES = ["adult", "child", "infant"] as const;
export type PaxTypeWord = (typeof PAX_TYPES)[number];

const passengerSchema = all(
  {
    title: oneOf(enumNames(TitleSchema), "Title as on the passport (any case; a trailing dot is dropped)."),
    first_name: text(50, "Given names: letters, spaces, hyphens and apostrophes."),
    last_name: text(50, "Family name: letters, spaces, hyphens and apostrophes."),
    pax_type: oneOf(PAX_TYPES, "`adult` (12 and over), `child` (2 to 11) or `infant` (under 2); any case."),
    gender: oneOf(enumNames(GenderSchema), "`M`, `F` or `X` (any case; `MALE` and `FEMALE` are read as `M` and `F`)."),
    born_on: date("Date of birth, `YYYY-MM-DD`."),
    nationality: string("ISO 3166-1 alpha-2 country code, e.g. `IN`.", { pattern: "^[A-Z]{2}$" }),
    // Optional fields this surface adds (the interface spec's list is not closed to them): an
    // international flight needs a passport, as on the primary surface.
    ...passengerDocumentProperties,
  },
  ["title", "first_name", "last_name", "pax_type", "gender", "born_on"],
);

export function createBookingRequestSchema(currencies: readonly string[]) {
  return all(
    {
      flight_id: text(64, "The flight's `id` from search."),
      flight_details: described(
        flightSchema(currencies),
        "Optional: the flight as search showed it. Checked, not ignored: `id`, `currency` and `total_price` must be the " +
          "request's own, the segments the flight's (400 VALIDATION_FAILED naming the field that differs).",
      ),
      total_price: number("The price the customer was shown, in `currency`, at most 2 decimals; a changed price is 409.", { minimum: 0 }),
      currency: currencyOf(currencies, "Currency of `total_price`."),
      passengers: array(passengerSchema, "Every passenger.", { minItems: 1, maxItems: 18 }),
      contact: described(
        all({
          email: text(254, "E-mail address for the airline's notices."),
          phone: text(20, "Phone number, E.164, e.g. `+919812345678`."),
        }),
        "Who the airline contacts about the booking.",
      ),
      extras: array(
        all(
          {
            passenger: integer("The passenger, by its place in `passengers` (from 0).", { minimum: 0, maximum: 17 }),
            segment_index: integer("The segment, by its place in the flight's segments (from 0).", { minimum: 0, maximum: 7 }),
            code: text(16, "The airline's code: extra baggage `XBAG5` ... `XBAG30` (kilograms), meals `VGML`, `NVML`, `JNML`, `DBML`."),
            quantity: integer("How many, 1 to the option's maximum (baggage 1, meals 2, a meal the fare includes 1); default 1.", {
              minimum: 1,
              maximum: 9,
            }),
          },
          ["passenger", "segment_index", "code"],
        ),
        "Optional extra baggage and meals, per passenger per segment, at the airline's price, added to the booking's total " +
          "(`total_price` stays the flight's price). Lap infants get none.",
        { maxItems: 100 },
      ),
      gst: described(
        gstRequestSchema,
        "Optional: the agency's GST details for the tax invoice, as on the primary surface. Without it the agency's billing " +
          "details (set by Tarmac operations) are used.",
      ),
    },
    ["flight_id", "total_price", "currency", "passengers", "contact"],
  );
}

export interface PassengerBody extends PassengerDocumentsBody {
  title: EnumName<typeof Title>;
  first_name: string;
  last_name: string;
  pax_type: PaxTypeWord;
  gender: EnumName<typeof Gender>;
  born_on: string;
  nationality?: string;
}

export interface CreateBookingBody {
  flight_id: string;
  flight_details?: FlightDetails;
  total_price: number;
  currency: string;
  passengers: PassengerBody[];
  contact: { email: string; phone: string };
  extras?: { passenger: number; segment_index: number; code: string; quantity?: number }[];
  gst?: GstBody;
}

export function createBookingResponseSchema(currencies: readonly string[]) {
  return all({
    success,
    data: described(
      all({
        booking_id: string("The booking's id (`bkg_...`)."),
        pnr: string("The airline's record locator, six letters or digits."),
        status: oneOf(BOOKING_STATUSES, "The booking's state (API guide, Booking states): `BOOKED` once the airline has the PNR."),
        total_price: number("The booking's total (what the end customer pays) in `currency`."),
        currency: currencyOf(currencies, "Currency of `total_price`: the request's."),
      }),
      "The booking.",
    ),
  });
}
