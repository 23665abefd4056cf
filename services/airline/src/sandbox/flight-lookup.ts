import type { AirportDirectory } from "@tarmac/airline-port";
import { carrierByCode } from "./carriers.js";
import type { KeyFlight } from "./offer-key.js";
import { scenarioFlightsOn } from "./scenario-flights.js";
import { flightsOn, type ScheduledFlight } from "./schedule.js";

/**
 * The operating flight an offer key names, from the timetable (or the scenario route) alone;
 * undefined when the carrier does not fly that number on that sector and date.
 */
export function findFlight(ref: KeyFlight, airports: AirportDirectory): ScheduledFlight | undefined {
  const carrier = carrierByCode(ref.carrier);
  const origin = airports.find(ref.origin);
  const dest = airports.find(ref.dest);
  if (carrier === undefined || origin === undefined || dest === undefined) return undefined;
  const candidates = [...flightsOn(carrier, origin, dest, ref.date), ...scenarioFlightsOn(origin, dest, ref.date)];
  return candidates.find((f) => f.carrier.code === carrier.code && f.flightNo === ref.flightNo);
}
