import { ManualClock } from "@tarmac/kernel/testing";
import { expect } from "vitest";
import type {
  FlightQuery,
  PassengerCounts,
  PenaltyBand,
  ProviderOffer,
  ProviderSegment,
  ProviderSegmentSeatMap,
  ReservationPassenger,
  ReservationRequest,
} from "@tarmac/airline-port";
import { fareClassesOf } from "./fare-classes.js";
import { createSandboxAirline } from "./sandbox-airline.js";

/** Test helpers shared by the sandbox's test files. */

export const ONE_ADULT = { adult: 1, child: 0, infant: 0 } as const;

export function sandboxAt(now = "2026-11-22T06:00:00Z", ticketingDelayMs?: number) {
  const clock = new ManualClock(now);
  return { clock, airline: createSandboxAirline({ clock, ticketingDelayMs }) };
}

/** A name list for these counts, pax ids ADT1.., CHD1.., INF1.. in that order. */
export function passengersFor(pax: PassengerCounts): ReservationPassenger[] {
  const of = (type: ReservationPassenger["type"], n: number, dob: string) =>
    Array.from({ length: n }, (_, i): ReservationPassenger => ({
      paxId: `${type}${i + 1}`,
      type,
      title: type === "ADT" ? "MR" : "MSTR",
      firstName: `Pax${type}${i + 1}`,
      lastName: "Sharma",
      gender: "M",
      dob,
      nationality: "IN",
    }));
  return [...of("ADT", pax.adult, "1985-04-02"), ...of("CHD", pax.child, "2018-06-11"), ...of("INF", pax.infant, "2026-03-01")];
}

/** A reservation request for the offer, these passengers and seats. */
export function reservationOf(
  clientReference: string,
  key: string,
  pax: PassengerCounts = ONE_ADULT,
  seats: ReservationRequest["seats"] = [],
): ReservationRequest {
  const contact = { email: "agent@example.com", phone: "+919800000000" };
  return { clientReference, key, passengers: passengersFor(pax), seats, contact };
}

/** Seats a seat map shows free, front to back. */
export function freeSeats(map: ProviderSegmentSeatMap): string[] {
  return map.rows
    .flatMap((r) => r.seats)
    .filter((s) => s.available)
    .map((s) => s.seat);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/;
const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

export function bounds(offer: ProviderOffer): ProviderSegment[][] {
  const out = offer.segments.filter((s) => s.direction === "OUTBOUND");
  const back = offer.segments.filter((s) => s.direction === "RETURN");
  return back.length > 0 ? [out, back] : [out];
}

/** What every offer must satisfy, whatever the query: one line per broken rule. */
export function offerProblems(offer: ProviderOffer, query: FlightQuery): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, rule: string) => {
    if (!ok) problems.push(`${offer.key}: ${rule}`);
  };
  const seated = query.pax.adult + query.pax.child;
  check(offer.provider === "SANDBOX" && offer.currency === "INR", "provider SANDBOX, currency INR");
  check(Number.isSafeInteger(offer.baseFare) && offer.baseFare > 0, "base fare whole paise > 0");
  check(Number.isSafeInteger(offer.taxes) && offer.taxes > 0, "taxes whole paise > 0");
  check(new Set(offer.segments.map((s) => s.cabin)).size === 1, "one cabin throughout");
  problems.push(...fareRulesProblems(offer).map((rule) => `${offer.key}: ${rule}`));
  const journeys = bounds(offer);
  check(journeys.length === (query.returnDate === undefined ? 1 : 2), "one journey per direction");
  const ends = [
    [query.origin, query.dest],
    [query.dest, query.origin],
  ];
  journeys.forEach((segments, j) => {
    check(segments[0]!.origin === ends[j]![0] && segments.at(-1)!.dest === ends[j]![1], `journey ${j} end to end`);
    check(segments.length <= 2, "at most one stop");
    segments.forEach((s, i) => {
      check(s.carrier === offer.airline, "flown by the offer's airline");
      check(RFC3339.test(s.depTime) && RFC3339.test(s.arrTime), "RFC 3339 times with offsets");
      check(s.durationMinutes > 0 && minutesBetween(s.depTime, s.arrTime) === s.durationMinutes, "arrival = departure + duration");
      check(s.seatsAvailable >= seated && s.seatsAvailable <= 9, "seats for every seated passenger, at most 9");
      check(
        fareClassesOf(s.cabin).some((c) => c.code === s.bookingClass),
        "booking class of the cabin",
      );
      check(query.cabin === undefined || s.cabin === query.cabin, "the requested cabin");
      const next = segments[i + 1];
      if (next !== undefined) {
        const connection = minutesBetween(s.arrTime, next.depTime);
        check(next.origin === s.dest && connection >= 60 && connection <= 8 * 60, "connection of 1 to 8 hours at one airport");
      }
    });
  });
  return problems;
}

export function expectValidOffers(offers: readonly ProviderOffer[], query: FlightQuery): void {
  expect(offers.flatMap((offer) => offerProblems(offer, query))).toEqual([]);
}

/** Bands from the farthest to 0 h, charges rising (or level) as departure nears, in whole paise. */
function bandsWellFormed(bands: readonly PenaltyBand[]): boolean {
  return (
    bands.length > 0 &&
    bands.at(-1)!.minHoursBeforeDeparture === 0 &&
    bands.every(
      (b) => Number.isSafeInteger(b.perPassengerPaise) && b.perPassengerPaise >= 0 && Number.isInteger(b.minHoursBeforeDeparture),
    ) &&
    bands.every(
      (b, i) =>
        i === 0 ||
        (b.minHoursBeforeDeparture < bands[i - 1]!.minHoursBeforeDeparture && b.perPassengerPaise >= bands[i - 1]!.perPassengerPaise),
    )
  );
}

/** What every offer's fare rules must satisfy (README, Fare rules). */
function fareRulesProblems(offer: ProviderOffer): string[] {
  const rules = offer.fareRules;
  const problems: string[] = [];
  const check = (ok: boolean, rule: string) => {
    if (!ok) problems.push(rule);
  };
  check(rules.refundable === offer.refundable, "refundable as its fare rules say");
  check(rules.taxesRefundable, "taxes refundable");
  check(bandsWellFormed(rules.cancellationPenalties), "cancellation bands to 0 h, rising toward departure");
  check(bandsWellFormed(rules.changeFees), "change fee bands to 0 h, rising toward departure");
  return problems;
}
