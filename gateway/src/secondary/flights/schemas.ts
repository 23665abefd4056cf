import { CABINS, type CabinName } from "../../cabins.js";

/**
 * JSON schemas of the secondary surface's flights (API guide, Secondary surface). Field
 * names are this surface's own; unknown fields are rejected as on the primary surface. Currency
 * enums are the configured rate table's codes, so the schemas are built per app.
 */

const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength }) as const;
const string = { type: "string" } as const;
const number = { type: "number" } as const;
const airport = { type: "string", pattern: "^[A-Z]{3}$" } as const;

/** A plain date or an RFC 3339 date-time; only the date part (as written) is used. */
const DATE_OR_DATE_TIME = "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$";
const dateOrDateTime = { type: "string", pattern: DATE_OR_DATE_TIME } as const;

const closed = <P extends Record<string, unknown>>(properties: P, required: readonly (keyof P & string)[] = Object.keys(properties)) =>
  ({ type: "object", additionalProperties: false, required, properties }) as const;

const currencyOf = (currencies: readonly string[]) => ({ type: "string", enum: currencies }) as const;

export function searchRequestSchema(currencies: readonly string[]) {
  return closed(
    {
      origin: airport,
      destination: airport,
      departure_date: dateOrDateTime,
      return_date: dateOrDateTime,
      adults: { type: "integer", minimum: 1, maximum: 9 },
      children: { type: "integer", minimum: 0, maximum: 9 },
      infants: { type: "integer", minimum: 0, maximum: 9 },
      travel_class: { type: "string", enum: CABINS },
      display_currency: currencyOf(currencies),
    },
    ["origin", "destination", "departure_date", "adults", "travel_class"],
  );
}

export interface SearchBody {
  origin: string;
  destination: string;
  departure_date: string;
  return_date?: string;
  adults: number;
  children?: number;
  infants?: number;
  travel_class: CabinName;
  display_currency?: string;
}

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
  data: closed({ search_id: string, flights: { type: "array", items: flightSchema } }),
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
      flight_details: flightSchema,
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
  flight_details?: { id: string; total_price: number; currency: string };
  total_price: number;
  currency: string;
  passengers: PassengerBody[];
  contact: { email: string; phone: string };
}

export const createBookingResponseSchema = closed({
  success: { type: "boolean" },
  data: closed({ booking_id: string, pnr: string, status: string, total_price: number, currency: string }),
});
