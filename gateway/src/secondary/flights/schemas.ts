import { CABINS, type CabinName } from "../../cabins.js";
import type { FlightDetails } from "./flight-details.js";

/**
 * JSON schemas of the secondary surface's flights (API guide, Secondary surface). Field
 * names are this surface's own; unknown fields are rejected as on the primary surface. Currency
 * enums are the configured rate table's codes, so the schemas are built per app.
 */

const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength }) as const;
const string = { type: "string" } as const;
const number = { type: "number" } as const;
const airport = { type: "string", pattern: "^[A-Z]{3}$" } as const;

/** A plain date or an RFC 3339 date-time; searched as the date in India it names (india-date.ts). */
const DATE_OR_DATE_TIME = "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$";
const dateOrDateTime = (description: string) => ({ type: "string", pattern: DATE_OR_DATE_TIME, description }) as const;
const IN_INDIA =
  "A date (YYYY-MM-DD) or an RFC 3339 date-time. A date-time with an offset (Z, +hh:mm) is searched as the calendar date it " +
  "falls on in India (UTC+05:30): 2026-12-24T20:00:00Z is 25 December; without an offset the date is taken as written.";

/** Offers per page, as on the primary surface. */
const limit = { type: "integer", minimum: 1, maximum: 500, description: "Flights per page, 1 to 500; 100 when absent." } as const;

const closed = <P extends Record<string, unknown>>(properties: P, required: readonly (keyof P & string)[] = Object.keys(properties)) =>
  ({ type: "object", additionalProperties: false, required, properties }) as const;

const currencyOf = (currencies: readonly string[]) => ({ type: "string", enum: currencies }) as const;

/**
 * A new search (the spec's fields, plus `limit`), or the next page of one: `cursor` from the page
 * before (and `limit`), nothing else. Validation picks the branch by `cursor` (search-routes.ts).
 */
export function searchRequestSchema(currencies: readonly string[]) {
  const newSearch = closed(
    {
      origin: airport,
      destination: airport,
      departure_date: dateOrDateTime(IN_INDIA),
      return_date: dateOrDateTime(`For a round trip. ${IN_INDIA}`),
      adults: { type: "integer", minimum: 1, maximum: 9 },
      children: { type: "integer", minimum: 0, maximum: 9 },
      infants: { type: "integer", minimum: 0, maximum: 9 },
      travel_class: { type: "string", enum: CABINS },
      display_currency: currencyOf(currencies),
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

const segmentSchema = closed({
  carrier_name: string,
  flight_number: string,
  origin: string,
  destination: string,
  departure_at: string,
});

const legSchema = closed({ segments: { type: "array", items: segmentSchema } });

/** One flight as search answers it; booking create takes the same shape back as flight_details. */
const flightSchema = closed({ id: string, total_price: number, currency: string, outbound: legSchema, inbound: legSchema }, [
  "id",
  "total_price",
  "currency",
  "outbound",
]);

export const searchResponseSchema = closed({
  success: { type: "boolean" },
  data: closed({
    search_id: string,
    flights: { type: "array", items: flightSchema },
    cursor: { type: ["string", "null"], description: "Send it back as `cursor` for the next page; null on the last page." },
    total_results: { type: "integer", description: "Flights in the whole search, across its pages." },
  }),
});

const PAX_TYPES = ["adult", "child", "infant"] as const;
export type PaxTypeWord = (typeof PAX_TYPES)[number];
const TITLES = ["MR", "MRS", "MS", "MISS", "MSTR"] as const;
const GENDERS = ["M", "F", "X"] as const;

const passengerSchema = closed(
  {
    title: { type: "string", enum: TITLES },
    first_name: text(50),
    last_name: text(50),
    pax_type: { type: "string", enum: PAX_TYPES },
    gender: { type: "string", enum: GENDERS },
    born_on: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    nationality: { type: "string", pattern: "^[A-Z]{2}$" },
  },
  ["title", "first_name", "last_name", "pax_type", "gender", "born_on"],
);

export function createBookingRequestSchema(currencies: readonly string[]) {
  return closed(
    {
      flight_id: text(64),
      flight_details: {
        ...flightSchema,
        description:
          "The flight as search showed it. Checked, not ignored: id, currency and total_price must be the request's own, " +
          "the segments the flight's (400 VALIDATION_FAILED naming the field that differs).",
      },
      total_price: { type: "number", minimum: 0 },
      currency: currencyOf(currencies),
      passengers: { type: "array", minItems: 1, maxItems: 18, items: passengerSchema },
      contact: closed({ email: text(254), phone: text(20) }),
    },
    ["flight_id", "total_price", "currency", "passengers", "contact"],
  );
}

export interface PassengerBody {
  title: (typeof TITLES)[number];
  first_name: string;
  last_name: string;
  pax_type: PaxTypeWord;
  gender: (typeof GENDERS)[number];
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
}

export const createBookingResponseSchema = closed({
  success: { type: "boolean" },
  data: closed({ booking_id: string, pnr: string, status: string, total_price: number, currency: string }),
});
