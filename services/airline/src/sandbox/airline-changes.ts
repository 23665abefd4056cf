import type { AirlineChange, AirportDirectory } from "@tarmac/airline-port";
import { laterInZone } from "./local-time.js";
import { parseOfferKey, keyFlights } from "./offer-key.js";
import { scenarioFlightsOn, scenarioOfFlight } from "./scenario-flights.js";

/** The changes the airline makes of its own accord to a ticketed reservation (README, Scenarios). */
type NewChange = AirlineChange extends infer C ? (C extends AirlineChange ? Omit<C, "id" | "clientReference" | "pnr"> : never) : never;

/** The airline changes a scenario flight this long after its reservation was ticketed. */
export const AIRLINE_CHANGE_AFTER_MS = 10 * 60_000;
/** A retimed flight (6E 9001, 9002) leaves this much later. */
export const RETIME_MINUTES = 90;
/** A renumbered flight (6E 9011, 9012) flies as this number plus the old one's last two digits: 6E 8911, 8912. */
const RENUMBER_BASE = 8900;

/**
 * What the airline changes of a ticketed reservation on a schedule scenario flight, as of `atMs`,
 * or undefined: the first such flight of its itinerary is retimed, renumbered or cancelled. Its
 * new times are the scenario timetable's (`scenarioFlightsOn`) moved by RETIME_MINUTES.
 */
export function airlineChangeOf(key: string, airports: AirportDirectory, atMs: number): NewChange | undefined {
  const parsed = parseOfferKey(key);
  if (parsed === undefined) return undefined;
  const flights = keyFlights(parsed);
  const segmentIndex = flights.findIndex((f) => isScheduleScenario(scenarioOfFlight(f.flightNo)));
  const flight = flights[segmentIndex];
  if (flight === undefined) return undefined;
  const base = { occurredAt: new Date(atMs).toISOString(), segmentIndex };
  switch (scenarioOfFlight(flight.flightNo)) {
    case "SCHEDULE_RETIMED": {
      const [origin, dest] = [airports.find(flight.origin), airports.find(flight.dest)];
      if (origin === undefined || dest === undefined) return undefined;
      const scheduled = scenarioFlightsOn(origin, dest, flight.date).find((f) => f.flightNo === flight.flightNo);
      if (scheduled === undefined) return undefined;
      const depTime = laterInZone(scheduled.dep, RETIME_MINUTES, origin.timeZone).text;
      const arrTime = laterInZone(scheduled.arr, RETIME_MINUTES, dest.timeZone).text;
      const reason = `${flight.carrier} ${flight.flightNo} retimed ${RETIME_MINUTES} minutes later`;
      return { ...base, kind: "TIME_CHANGE", minutes: RETIME_MINUTES, depTime, arrTime, reason };
    }
    case "FLIGHT_RENUMBERED": {
      const flightNo = String(RENUMBER_BASE + (Number(flight.flightNo) % 100));
      return {
        ...base,
        kind: "FLIGHT_NUMBER_CHANGE",
        carrier: flight.carrier,
        flightNo,
        reason: `${flight.carrier} ${flight.flightNo} now flies as ${flight.carrier} ${flightNo}`,
      };
    }
    case "FLIGHT_CANCELLED_BY_AIRLINE":
      return { ...base, kind: "FLIGHT_CANCELLED", reason: `${flight.carrier} ${flight.flightNo} on ${flight.date} no longer operates` };
    default:
      return undefined;
  }
}

function isScheduleScenario(kind: ReturnType<typeof scenarioOfFlight>): boolean {
  return kind === "SCHEDULE_RETIMED" || kind === "FLIGHT_RENUMBERED" || kind === "FLIGHT_CANCELLED_BY_AIRLINE";
}
