import type { AirportDirectory } from "./provider-port.js";

/** When a document must be on the booking: at create (BOOK), or before tickets are issued (TICKET). */
export type RequiredAt = "BOOK" | "TICKET";

export interface PassengerTypeRequirements {
  readonly type: "ADT" | "CHD" | "INF";
  readonly dateOfBirth: RequiredAt;
  /** Number, expiry, issuing country (nationality is the passenger's own field). */
  readonly passport: { readonly requiredAt: RequiredAt; readonly minExpiryDate: string } | undefined;
  /** The passenger's Indian PAN. */
  readonly pan: RequiredAt | undefined;
}

export interface FareRequirements {
  readonly international: boolean;
  readonly passengers: readonly PassengerTypeRequirements[];
  /** The agency's GST details (booking create `gst`). */
  readonly gst: RequiredAt | undefined;
}

/** What requirements are judged on: the fare's segments as offers carry them. */
export interface RequirementSegment {
  readonly origin: string;
  readonly dest: string;
  /** RFC 3339 local departure time; its date is the local date. */
  readonly depTime: string;
  readonly cabin: string;
}

/** Six months of passport validity after the journey ends, as most countries of arrival demand. */
const PASSPORT_VALIDITY_MONTHS = 6;

/**
 * The documents a fare needs (API guide, Travel documents), as the airline files them (TBO's
 * IsPassportRequiredAtBook, IsPanRequiredAtTicket...). Until the port carries a provider's own, every
 * fare files what the sandbox does: a date of birth always, at BOOK; on a journey crossing a border,
 * a passport for everyone at BOOK, valid until six months after the last flight, and an Indian PAN
 * for adults at TICKET (the airline reports it with the ticket); on business or first cabins, the
 * fare is a corporate fare: the agency's GST details at BOOK.
 */
export function documentRequirements(segments: readonly RequirementSegment[], airports: AirportDirectory): FareRequirements {
  const countries = new Set(segments.flatMap((s) => [s.origin, s.dest]).map((code) => airports.find(code)?.country ?? code));
  const international = countries.size > 1 || !countries.has("India");
  const lastDate = segments.reduce((last, s) => (s.depTime.slice(0, 10) > last ? s.depTime.slice(0, 10) : last), "");
  const passport = international
    ? { requiredAt: "BOOK" as const, minExpiryDate: addMonths(lastDate, PASSPORT_VALIDITY_MONTHS) }
    : undefined;
  const corporate = segments.some((s) => s.cabin === "BUSINESS" || s.cabin === "FIRST");
  return {
    international,
    passengers: (["ADT", "CHD", "INF"] as const).map((type) => ({
      type,
      dateOfBirth: "BOOK",
      passport,
      pan: international && type === "ADT" ? "TICKET" : undefined,
    })),
    gst: corporate ? "BOOK" : undefined,
  };
}

/** YYYY-MM-DD plus whole months; the 31st of a shorter month becomes its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}
