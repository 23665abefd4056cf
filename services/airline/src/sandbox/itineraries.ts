import { defined } from "@tarmac/kernel";
import { greatCircleKm, type Airport, type AirportDirectory } from "@tarmac/airline-port";
import { type Carrier, CARRIERS } from "./carriers.js";
import { addDays } from "./local-time.js";
import { SERVED_AIRPORTS } from "./network.js";
import { scenarioFlightsOn } from "./scenario-flights.js";
import type { SearchProfile } from "./scenarios.js";
import type { ScheduledFlight, Timetable } from "./schedule.js";

/** Flights one carrier sells as one journey in one direction: a non-stop or one connection. */
export interface Itinerary {
  readonly carrier: Carrier;
  readonly flights: readonly ScheduledFlight[];
  /** Stable identity, e.g. `6E512.DELHYD.20261201+6E733.HYDBOM.20261201`. */
  readonly id: string;
}

export interface ItineraryContext {
  /** Where the connecting airports are looked up; `from` and `to` are its airports too. */
  readonly airports: AirportDirectory;
  readonly timetable: Timetable;
  readonly profile: SearchProfile;
  /** Only this carrier's itineraries (pricing one offer again needs no other carrier's). */
  readonly carrier?: string;
}

const MIN_CONNECTION_MINUTES_DOMESTIC = 60;
const MIN_CONNECTION_MINUTES_INTERNATIONAL = 90;
const MAX_CONNECTION_MINUTES = 8 * 60;
/** Below this distance nobody sells a connection. */
const MIN_CONNECTING_ROUTE_KM = 300;
const MINUTE_MS = 60_000;

/**
 * Flown distance over direct distance a connection may reach: through a hub, more on short routes
 * (DEL-BOM via BLR is sold); through any other airport, only a modest detour. A domestic journey
 * never connects abroad.
 */
function sensibleVia(carrier: Carrier, from: Airport, via: Airport, to: Airport, directKm: number): boolean {
  if (via.code === from.code || via.code === to.code) return false;
  if (from.country === to.country && via.country !== from.country) return false;
  const maxDetour = carrier.hubs.includes(via.code) ? (directKm < 2000 ? 2.5 : 1.6) : 1.5;
  return greatCircleKm(from, via) + greatCircleKm(via, to) <= directKm * maxDetour;
}

function itineraryOf(carrier: Carrier, flights: readonly ScheduledFlight[]): Itinerary {
  const id = flights.map((f) => `${carrier.code}${f.flightNo}.${f.origin.code}${f.dest.code}.${f.dep.date.replaceAll("-", "")}`).join("+");
  return { carrier, flights, id };
}

/**
 * Every non-stop flight and every online connection of one carrier (through its hubs, or wherever
 * the profile allows), departing `from` on local `date`. Connections respect a minimum connecting
 * time (60 min domestic, 90 min otherwise), wait at most 8 hours, and do not detour absurdly.
 * On the scenario route the scenario flights are added as non-stops; connections are built from
 * the timetable alone, so they never travel inside one.
 */
export function itinerariesFor(from: Airport, to: Airport, date: string, ctx: ItineraryContext): Itinerary[] {
  const result: Itinerary[] = [];
  const directKm = greatCircleKm(from, to);
  for (const carrier of CARRIERS) {
    if (ctx.carrier !== undefined && carrier.code !== ctx.carrier) continue;
    for (const flight of ctx.timetable.flights(carrier, from, to, date)) result.push(itineraryOf(carrier, [flight]));
    if (directKm < MIN_CONNECTING_ROUTE_KM) continue;
    const vias = ctx.profile.connectVia === "HUBS" ? carrier.hubs : SERVED_AIRPORTS.keys();
    for (const viaCode of vias) {
      const via = ctx.airports.find(viaCode);
      if (via === undefined || !sensibleVia(carrier, from, via, to, directKm)) continue;
      result.push(...connectionsVia(carrier, from, via, to, date, ctx));
    }
  }
  for (const flight of scenarioFlightsOn(from, to, date)) {
    if (ctx.carrier === undefined || flight.carrier.code === ctx.carrier) result.push(itineraryOf(flight.carrier, [flight]));
  }
  return result;
}

function connectionsVia(carrier: Carrier, from: Airport, via: Airport, to: Airport, date: string, ctx: ItineraryContext): Itinerary[] {
  const first = ctx.timetable.flights(carrier, from, via, date);
  if (first.length === 0) return [];
  const onward = onwardFlights(carrier, via, to, first, ctx);
  if (onward.length === 0) return [];
  const domestic = from.country === via.country && via.country === to.country;
  const minMs = (domestic ? MIN_CONNECTION_MINUTES_DOMESTIC : MIN_CONNECTION_MINUTES_INTERNATIONAL) * MINUTE_MS;
  const maxMs = MAX_CONNECTION_MINUTES * MINUTE_MS;
  const found: Itinerary[] = [];
  for (const inbound of first) {
    const earliest = inbound.arr.epochMs + minMs;
    const latest = inbound.arr.epochMs + maxMs;
    const fitting = onward.filter((f) => f.dep.epochMs >= earliest && f.dep.epochMs <= latest);
    for (const out of fitting.slice(0, ctx.profile.connectionsPerArrival)) found.push(itineraryOf(carrier, [inbound, out]));
  }
  if (found.length <= ctx.profile.connectionsPerHub) return found;
  return found.sort((x, y) => elapsedMs(x) - elapsedMs(y) || firstDeparture(x) - firstDeparture(y)).slice(0, ctx.profile.connectionsPerHub);
}

/** Onward flights on every local date a passenger can be at the connecting airport, in departure order. */
function onwardFlights(
  carrier: Carrier,
  via: Airport,
  to: Airport,
  inbound: readonly ScheduledFlight[],
  ctx: ItineraryContext,
): ScheduledFlight[] {
  const dates = new Set<string>();
  for (const f of inbound) dates.add(f.arr.date).add(addDays(f.arr.date, 1));
  return [...dates]
    .sort()
    .flatMap((d) => ctx.timetable.flights(carrier, via, to, d))
    .sort((x, y) => x.dep.epochMs - y.dep.epochMs);
}

export function firstDeparture(itinerary: Itinerary): number {
  return defined(itinerary.flights[0], "first flight").dep.epochMs;
}

export function lastArrival(itinerary: Itinerary): number {
  return defined(itinerary.flights.at(-1), "last flight").arr.epochMs;
}

function elapsedMs(itinerary: Itinerary): number {
  return lastArrival(itinerary) - firstDeparture(itinerary);
}
