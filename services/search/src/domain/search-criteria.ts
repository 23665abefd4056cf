import type { FlightQuery } from "@tarmac/airline-port";

/** A search request as plain values, before validation (wire names in camelCase; absent = not sent). */
export interface SearchInput {
  readonly origin?: string | undefined;
  readonly dest?: string | undefined;
  readonly dod?: string | undefined;
  readonly doa?: string | undefined;
  readonly paxAdult?: number | undefined;
  readonly paxChild?: number | undefined;
  readonly paxInfant?: number | undefined;
  /** ECONOMY, PREMIUM_ECONOMY, BUSINESS or FIRST; absent searches every cabin. */
  readonly cabin?: string | undefined;
  readonly limit?: number | undefined;
  readonly mode?: string | undefined;
}

/** A validated search: what to ask the providers, and the size of the first page. */
export interface SearchCriteria {
  readonly query: FlightQuery;
  readonly limit: number;
}

/** The route and dates of a search, as kept with its cached results (passengers are kept apart). */
export type SearchedRoute = Omit<FlightQuery, "pax">;

export const PAGE_LIMIT = { min: 1, max: 500, fallback: 100 } as const;
export const MAX_DAYS_AHEAD = 365;
export const MAX_SEATED_PASSENGERS = 9;
export const MAX_MODE_LENGTH = 32;
