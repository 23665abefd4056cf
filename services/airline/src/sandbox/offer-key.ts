import { defined } from "@tarmac/kernel";
import { type Cabin, CABINS, type FlightQuery, type PassengerCounts } from "@tarmac/airline-port";
import { type FareClass, fareClassesOf } from "./fare-classes.js";
import { isCalendarDate } from "./local-time.js";

/** One flight named by an offer key: `6E512.DELHYD.20261201`. */
export interface KeyFlight {
  readonly carrier: string;
  readonly flightNo: string;
  readonly origin: string;
  readonly dest: string;
  /** Local departure date at the origin, YYYY-MM-DD. */
  readonly date: string;
}

/** One direction of an offer key: its flights and the booking class they are sold in. */
interface KeyJourney {
  readonly flights: readonly KeyFlight[];
  readonly fareClass: FareClass;
}

export interface OfferKey {
  /** The outbound journey, then the return of a round trip. */
  readonly journeys: readonly KeyJourney[];
  readonly cabin: Cabin;
}

/** Keys are short; anything much longer is not one of ours and is not worth scanning. */
const MAX_KEY_LENGTH = 200;
const FLIGHT = /^([A-Z0-9]{2})(\d{1,4})\.([A-Z]{3})([A-Z]{3})\.(\d{4})(\d{2})(\d{2})$/;

const classByCode = new Map(CABINS.flatMap((cabin) => fareClassesOf(cabin)).map((c) => [c.code, c]));

function flightOf(text: string): KeyFlight | undefined {
  const m = FLIGHT.exec(text);
  if (m === null) return undefined;
  const group = (i: number) => defined(m[i], `offer key flight group ${i}`);
  const date = `${group(5)}-${group(6)}-${group(7)}`;
  const flight: KeyFlight = { carrier: group(1), flightNo: group(2), origin: group(3), dest: group(4), date };
  return isCalendarDate(date) && flight.origin !== flight.dest ? flight : undefined;
}

/** `<flight>[+<flight>]/<class>`: a non-stop or one connection, chained airport to airport. */
function journeyOf(text: string): KeyJourney | undefined {
  const [itinerary, classCode, ...rest] = text.split("/");
  const fareClass = classCode === undefined ? undefined : classByCode.get(classCode);
  if (itinerary === undefined || fareClass === undefined || rest.length > 0) return undefined;
  const parts = itinerary.split("+");
  if (parts.length > 2) return undefined;
  const flights: KeyFlight[] = [];
  for (const part of parts) {
    const flight = flightOf(part);
    if (flight === undefined) return undefined;
    const previous = flights.at(-1);
    if (previous !== undefined && previous.dest !== flight.origin) return undefined;
    flights.push(flight);
  }
  return { flights, fareClass };
}

/**
 * The parts of a key the sandbox issued (see `offers.ts`), or undefined when the text cannot be
 * one: wrong shape, an impossible date, an unknown booking class, more than one stop or two
 * directions, or directions sold in different cabins (fares combine within one cabin).
 */
export function parseOfferKey(key: string): OfferKey | undefined {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return undefined;
  const texts = key.split("~");
  if (texts.length > 2) return undefined;
  const journeys: KeyJourney[] = [];
  for (const text of texts) {
    const journey = journeyOf(text);
    if (journey === undefined) return undefined;
    journeys.push(journey);
  }
  const cabin = defined(journeys[0], "outbound journey").fareClass.cabin;
  if (journeys.some((j) => j.fareClass.cabin !== cabin)) return undefined;
  return { journeys, cabin };
}

/** Every flight of the key, outbound first. */
export function keyFlights(key: OfferKey): KeyFlight[] {
  return key.journeys.flatMap((j) => j.flights);
}

/** The search that sells the offer: its ends, dates and cabin, for these passengers. */
export function queryOfKey(key: OfferKey, pax: PassengerCounts): FlightQuery {
  const [outbound, back] = key.journeys as [KeyJourney, ...KeyJourney[]];
  const first = defined(outbound.flights[0], "first outbound flight");
  const last = defined(outbound.flights.at(-1), "last outbound flight");
  const query: FlightQuery = { origin: first.origin, dest: last.dest, departureDate: first.date, pax, cabin: key.cabin };
  return back === undefined ? query : { ...query, returnDate: defined(back.flights[0], "first return flight").date };
}
