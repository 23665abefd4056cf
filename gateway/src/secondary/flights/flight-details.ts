import { defined, fieldError, type FieldError } from "@tarmac/kernel";
import { minorFromNumber } from "../currency.js";
import type { FlightJson } from "./flight-json.js";

/**
 * `flight_details` on booking create (API guide, Secondary surface) is one flight as search
 * answered it: the flight the client means to book. It must not contradict the rest of the
 * request or the flight as priced now; a contradiction is a field error, never ignored.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Checks against the request itself, before any peer call (the body as sent, before its schema):
 * the same flight id, currency and total_price as the booking's own fields.
 */
export function detailsAgainstRequest(body: Json): FieldError[] {
  const details = body.flight_details;
  if (!isObject(details)) return [];
  const errors: FieldError[] = [];
  if (typeof details.id === "string" && typeof body.flight_id === "string" && details.id !== body.flight_id) {
    errors.push(fieldError("flight_details.id", "INVALID_VALUE", "must be the flight named by flight_id"));
  }
  if (typeof details.currency === "string" && typeof body.currency === "string" && details.currency !== body.currency) {
    errors.push(fieldError("flight_details.currency", "INVALID_VALUE", `must be the booking's currency, ${body.currency}`));
  }
  if (typeof details.total_price === "number" && details.total_price >= 0) {
    const shown = minorFromNumber(details.total_price);
    const asked = typeof body.total_price === "number" && body.total_price >= 0 ? minorFromNumber(body.total_price) : undefined;
    if (shown === undefined) {
      errors.push(fieldError("flight_details.total_price", "INVALID_FORMAT", "must be a decimal amount with at most 2 decimals"));
    } else if (asked !== undefined && shown !== asked) {
      errors.push(fieldError("flight_details.total_price", "INVALID_VALUE", `must equal total_price (${String(body.total_price)})`));
    }
  }
  return errors;
}

/** The details' legs as the schema let them through. */
export interface FlightDetails {
  readonly outbound: { readonly segments: readonly SegmentDetails[] };
  readonly inbound?: { readonly segments: readonly SegmentDetails[] };
}
type SegmentDetails = FlightJson["outbound"]["segments"][number];

/**
 * Checks against the flight as the fare service priced it (as search would show it now): the
 * same legs and segments, departure times compared as instants (any offset may be written).
 */
export function detailsAgainstFlight(details: FlightDetails, flight: FlightJson): FieldError[] {
  const errors = legErrors("flight_details.outbound", details.outbound.segments, flight.outbound.segments);
  if (flight.inbound && !details.inbound) errors.push(fieldError("flight_details.inbound", "REQUIRED", "this flight is a round trip"));
  if (!flight.inbound && details.inbound) errors.push(fieldError("flight_details.inbound", "INVALID_VALUE", "this flight is one way"));
  if (flight.inbound && details.inbound)
    errors.push(...legErrors("flight_details.inbound", details.inbound.segments, flight.inbound.segments));
  return errors;
}

const COMPARED = ["carrier_name", "flight_number", "origin", "destination"] as const;

function legErrors(path: string, sent: readonly SegmentDetails[], actual: readonly SegmentDetails[]): FieldError[] {
  if (sent.length !== actual.length) {
    return [fieldError(`${path}.segments`, "INVALID_VALUE", `this flight has ${actual.length} segment${actual.length === 1 ? "" : "s"}`)];
  }
  const errors: FieldError[] = [];
  actual.forEach((segment, i) => {
    const given = defined(sent[i], "a segment of the same count");
    const at = `${path}.segments[${i}]`;
    for (const key of COMPARED) {
      if (given[key] !== segment[key]) errors.push(fieldError(`${at}.${key}`, "INVALID_VALUE", `is ${segment[key]} for this flight`));
    }
    const when = Date.parse(given.departure_at);
    if (Number.isNaN(when)) errors.push(fieldError(`${at}.departure_at`, "INVALID_FORMAT", "must be an RFC 3339 date-time"));
    else if (when !== Date.parse(segment.departure_at)) {
      errors.push(fieldError(`${at}.departure_at`, "INVALID_VALUE", `is ${segment.departure_at} for this flight`));
    }
  });
  return errors;
}
