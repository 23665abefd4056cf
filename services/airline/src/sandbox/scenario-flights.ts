import { greatCircleKm, type Airport } from "@tarmac/airline-port";
import { aircraftType, blockMinutes } from "./aircraft.js";
import { cabinsOf } from "./cabins.js";
import { type Carrier, carrierByCode } from "./carriers.js";
import { atLocalTime, laterInZone } from "./local-time.js";
import type { ScheduledFlight } from "./schedule.js";

/** What a scenario flight does on purpose (README, Scenarios). */
export type ScenarioKind =
  | "PRICE_CHANGE"
  | "SOLD_OUT"
  | "PROVIDER_ERROR"
  | "TIMEOUT"
  | "TICKETING_FAILURE"
  | "HOLD_PRICE_CHANGE"
  | "HOLD_DROPPED"
  | "REFUND_DELAYED"
  | "REFUND_REJECTED"
  | "SCHEDULE_RETIMED"
  | "FLIGHT_RENUMBERED"
  | "FLIGHT_CANCELLED_BY_AIRLINE";

/** Flight number blocks of the README's scenario table; generated flights stay below 8900. */
const BLOCKS: readonly (readonly [number, ScenarioKind])[] = [
  [9100, "PRICE_CHANGE"],
  [9200, "SOLD_OUT"],
  [9300, "PROVIDER_ERROR"],
  [9400, "TIMEOUT"],
  [9500, "TICKETING_FAILURE"],
  [9600, "HOLD_PRICE_CHANGE"],
  [9700, "HOLD_DROPPED"],
  [9800, "REFUND_DELAYED"],
  [9900, "REFUND_REJECTED"],
];

/** The airline's own changes after ticketing, in tens of the free 9000 block (airline-changes.ts). */
const CHANGE_BLOCKS: readonly (readonly [number, ScenarioKind])[] = [
  [9000, "SCHEDULE_RETIMED"],
  [9010, "FLIGHT_RENUMBERED"],
  [9020, "FLIGHT_CANCELLED_BY_AIRLINE"],
];

/**
 * The scenario a flight number triggers, from the number alone (`ProviderSegment.flightNo`, digits
 * without the carrier, e.g. "9101"), so any later step (validation, booking, ticketing) can tell
 * from an offer's segments. Undefined for ordinary flights.
 */
export function scenarioOfFlight(flightNo: string): ScenarioKind | undefined {
  if (!/^\d{1,4}$/.test(flightNo)) return undefined;
  const n = Number(flightNo);
  const change = CHANGE_BLOCKS.find(([first]) => n >= first && n < first + 10)?.[1];
  if (change !== undefined) return change;
  return BLOCKS.find(([first]) => n >= first && n < first + 100)?.[1];
}

/**
 * The documented scenario route: IndiGo A320 non-stops BLR-HYD (odd numbers) and HYD-BLR (even),
 * one per scenario, daily at fixed local times. A busy trunk route outside DEL-BOM, so pagination
 * tests never meet them.
 */
const SCENARIO_CARRIER = "6E";
/** The hold scenarios need a carrier that holds fares: Air India, same aircraft and route. */
const HOLD_SCENARIO_CARRIER = "AI";
const SCENARIO_AIRCRAFT = "320";
const SCENARIO_ROUTE = ["BLR", "HYD"] as const;

/** Carrier, flight number and local departure (minutes after midnight) per direction. */
const DEPARTURES: readonly (readonly [string, number, number, number])[] = [
  // carrier, outbound number, return number, local departure
  [SCENARIO_CARRIER, 9101, 9102, 7 * 60],
  [SCENARIO_CARRIER, 9201, 9202, 9 * 60 + 30],
  [SCENARIO_CARRIER, 9301, 9302, 12 * 60],
  [SCENARIO_CARRIER, 9401, 9402, 14 * 60 + 30],
  [SCENARIO_CARRIER, 9501, 9502, 17 * 60],
  [HOLD_SCENARIO_CARRIER, 9601, 9602, 19 * 60],
  [HOLD_SCENARIO_CARRIER, 9701, 9702, 20 * 60 + 30],
  [SCENARIO_CARRIER, 9801, 9802, 21 * 60 + 30],
  [SCENARIO_CARRIER, 9901, 9902, 22 * 60 + 30],
  [SCENARIO_CARRIER, 9001, 9002, 6 * 60],
  [SCENARIO_CARRIER, 9011, 9012, 8 * 60 + 15],
  [SCENARIO_CARRIER, 9021, 9022, 10 * 60 + 45],
];

function scenarioCarrier(code: string): Carrier {
  const carrier = carrierByCode(code);
  if (carrier === undefined) throw new Error(`scenario carrier ${code} is not in the network`);
  return carrier;
}

/**
 * The scenario flights from `a` to `b` on local `date`: seven on the scenario route in either
 * direction, none anywhere else. Built like timetable flights (block time, cabins of the aircraft)
 * so fares, seats and keys treat them as ordinary flights.
 */
export function scenarioFlightsOn(a: Airport, b: Airport, date: string): ScheduledFlight[] {
  const [x, y] = SCENARIO_ROUTE;
  const outbound = a.code === x && b.code === y;
  if (!outbound && !(a.code === y && b.code === x)) return [];
  const aircraft = aircraftType(SCENARIO_AIRCRAFT);
  const km = greatCircleKm(a, b);
  const durationMinutes = blockMinutes(km, aircraft);
  return DEPARTURES.map(([code, outNo, backNo, minute]) => {
    const carrier = scenarioCarrier(code);
    const dep = atLocalTime(date, minute, a.timeZone);
    return {
      carrier,
      flightNo: String(outbound ? outNo : backNo),
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

/** The scenario of the flights of an offer that wins when several apply: no answer beats a failure beats a refusal. */
const PRECEDENCE: readonly ScenarioKind[] = [
  "TIMEOUT",
  "PROVIDER_ERROR",
  "SOLD_OUT",
  "PRICE_CHANGE",
  "TICKETING_FAILURE",
  "HOLD_DROPPED",
  "HOLD_PRICE_CHANGE",
  "REFUND_REJECTED",
  "REFUND_DELAYED",
  "FLIGHT_CANCELLED_BY_AIRLINE",
  "FLIGHT_RENUMBERED",
  "SCHEDULE_RETIMED",
];

export function scenarioOfFlights(flightNos: readonly string[]): ScenarioKind | undefined {
  const kinds = new Set(flightNos.map(scenarioOfFlight));
  return PRECEDENCE.find((kind) => kinds.has(kind));
}
