/**
 * The airline provider port: what search (and later fare, booking) needs from an airline, in
 * domain terms. Adapters: the sandbox airline (default in development and tests); real GDS/NDC
 * adapters implement the same interface.
 */

export type Cabin = "ECONOMY" | "PREMIUM_ECONOMY" | "BUSINESS" | "FIRST";
export const CABINS: readonly Cabin[] = ["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"];

export type Direction = "OUTBOUND" | "RETURN";

export interface PassengerCounts {
  readonly adult: number;
  readonly child: number;
  readonly infant: number;
}

export interface FlightQuery {
  readonly origin: string;
  readonly dest: string;
  /** Local departure date at the origin, YYYY-MM-DD. */
  readonly departureDate: string;
  /** Local departure date of the return journey, YYYY-MM-DD; absent for one-way. */
  readonly returnDate?: string;
  readonly pax: PassengerCounts;
  /** Absent: every cabin. */
  readonly cabin?: Cabin;
}

export interface ProviderSegment {
  readonly carrier: string;
  readonly flightNo: string;
  readonly origin: string;
  readonly dest: string;
  /** RFC 3339 with the airport's local offset, e.g. 2026-12-01T06:15:00+05:30. */
  readonly depTime: string;
  readonly arrTime: string;
  readonly cabin: Cabin;
  readonly bookingClass: string;
  readonly seatsAvailable: number;
  readonly direction: Direction;
  readonly durationMinutes: number;
  /** IATA aircraft type code, e.g. 320, 77W. */
  readonly aircraft: string;
}

/** One priced itinerary as the airline sells it, before B2B pricing. Amounts: paise, all pax. */
export interface ProviderOffer {
  /** Stable key of this itinerary and fare at this provider: the same query gives the same key. */
  readonly key: string;
  readonly provider: string;
  /** Validating (marketing) carrier of the offer. */
  readonly airline: string;
  readonly segments: readonly ProviderSegment[];
  readonly baseFare: number;
  readonly taxes: number;
  readonly currency: string;
  readonly refundable: boolean;
}

export interface ProviderCallOptions {
  readonly signal?: AbortSignal;
}

export interface AirlineProvider {
  readonly name: string;
  searchFlights(query: FlightQuery, options?: ProviderCallOptions): Promise<ProviderOffer[]>;
}

export interface Airport {
  readonly code: string;
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
  /** IANA time zone, e.g. Asia/Kolkata. */
  readonly timeZone: string;
}

/** Airports the platform knows (search validation answers UNKNOWN_AIRPORT for others). */
export interface AirportDirectory {
  find(code: string): Airport | undefined;
}
