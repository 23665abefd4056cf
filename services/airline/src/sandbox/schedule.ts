import { defined } from "@tarmac/kernel";
import { greatCircleKm, type Airport, type Cabin } from "@tarmac/airline-port";
import { type AircraftType, blockMinutes, eligibleAircraft } from "./aircraft.js";
import { cabinsOf } from "./cabins.js";
import type { Carrier } from "./carriers.js";
import { atLocalTime, laterInZone, type LocalInstant } from "./local-time.js";
import { randomFor } from "./random.js";
import { dailyFrequency, MAX_DAILY_FREQUENCY } from "./routes.js";

/** One operating flight on one date. */
export interface ScheduledFlight {
  readonly carrier: Carrier;
  readonly flightNo: string;
  readonly origin: Airport;
  readonly dest: Airport;
  readonly dep: LocalInstant;
  readonly arr: LocalInstant;
  readonly durationMinutes: number;
  readonly distanceKm: number;
  readonly aircraft: AircraftType;
  readonly cabins: readonly Cabin[];
}

/** Day-time departure bank, local time: 05:30 to 22:45. */
const FIRST_DEPARTURE = 5 * 60 + 30;
const BANK_MINUTES = 22 * 60 + 45 - FIRST_DEPARTURE;

/**
 * Local departure minutes of each daily flight. Short-haul flights spread across the day-time bank
 * with a seeded offset in each slot; a once-daily long-haul flight may leave at any hour, as they do.
 */
function departureMinutes(carrier: Carrier, a: Airport, b: Airport, frequency: number, km: number): number[] {
  const random = randomFor("slots", carrier.code, a.code, b.code);
  if (frequency === 1 && km > 4000) return [random.int(0, 287) * 5];
  const slot = BANK_MINUTES / frequency;
  return Array.from({ length: frequency }, (_, i) => {
    const minute = FIRST_DEPARTURE + i * slot + random.int(0, Math.floor(slot * 0.7));
    return Math.round(minute / 5) * 5;
  });
}

/**
 * Flights are numbered 100..8899: each route and direction owns a block of twenty numbers (one per
 * possible daily departure) chosen by a hash. Numbers 9000..9999 are never generated; they are
 * reserved for the scenarios of the README.
 */
function flightNumberBase(carrier: Carrier, a: Airport, b: Airport): number {
  return 100 + randomFor("flight-number", carrier.code, a.code, b.code).int(0, 439) * MAX_DAILY_FREQUENCY;
}

/**
 * The carrier's flights from `a` to `b` departing on local `date` at `a`. The timetable and the
 * equipment are the same every day; only the dates differ.
 */
export function flightsOn(carrier: Carrier, a: Airport, b: Airport, date: string): ScheduledFlight[] {
  const frequency = dailyFrequency(carrier, a, b);
  if (frequency === 0) return [];
  const km = greatCircleKm(a, b);
  const trunk = carrier.hubs.includes(a.code) && carrier.hubs.includes(b.code);
  const fleet = eligibleAircraft(carrier.fleet, km, trunk);
  if (fleet.length === 0) return [];
  const numberBase = flightNumberBase(carrier, a, b);
  return departureMinutes(carrier, a, b, frequency, km).map((minute, i) => {
    const aircraft = defined(fleet[randomFor("equipment", carrier.code, a.code, b.code, i).int(0, fleet.length - 1)], "aircraft");
    const durationMinutes = blockMinutes(km, aircraft);
    const dep = atLocalTime(date, minute, a.timeZone);
    return {
      carrier,
      flightNo: String(numberBase + i),
      origin: a,
      dest: b,
      dep,
      arr: laterInZone(dep, durationMinutes, b.timeZone),
      durationMinutes,
      distanceKm: Math.round(km),
      aircraft,
      cabins: cabinsOf(carrier, aircraft),
    };
  });
}

/** Legs (carrier, sector, date) whose flights stay computed between searches; about 1 KB each. */
const REMEMBERED_LEGS = 2048;
const remembered = new Map<string, { readonly a: Airport; readonly b: Airport; readonly flights: ScheduledFlight[] }>();

/**
 * The timetable as searches read it. The flights of a leg are the same for every search (they
 * depend on the carrier, the sector and the date alone) and computing them (local times across time
 * zones) was most of the cost of pricing one offer again, so the legs asked last are remembered by
 * the process, least recently used first out. Flights are immutable: sharing them is safe.
 */
export class Timetable {
  flights(carrier: Carrier, a: Airport, b: Airport, date: string): ScheduledFlight[] {
    const key = `${carrier.code}|${a.code}|${b.code}|${date}`;
    const known = remembered.get(key);
    remembered.delete(key);
    // Another airport directory (tests build their own) under the same codes: computed afresh.
    const entry = known?.a === a && known.b === b ? known : { a, b, flights: flightsOn(carrier, a, b, date) };
    remembered.set(key, entry);
    if (remembered.size > REMEMBERED_LEGS) remembered.delete(defined(remembered.keys().next().value, "oldest leg"));
    return entry.flights;
  }
}
