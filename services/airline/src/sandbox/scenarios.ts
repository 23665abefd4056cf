/**
 * How much of the inventory a search shows. Ordinary routes show what a traveller compares (a
 * saver and a flexible fare per cabin, a few connections); the large-result scenario of the README
 * shows every open booking class and many more connections, to exercise pagination.
 */
export interface SearchProfile {
  readonly name: "STANDARD" | "LARGE_RESULT";
  /** Every open booking class, or the cheapest open saver and the cheapest open flexible class. */
  readonly fareClasses: "EVERY_OPEN_CLASS" | "SAVER_AND_FLEX";
  /** Where a carrier connects passengers: its hubs, or any airport it serves (as aggregators show). */
  readonly connectVia: "HUBS" | "ANY_SERVED_AIRPORT";
  /** Onward flights offered after each arriving flight at a connecting airport. */
  readonly connectionsPerArrival: number;
  /** Connections kept per carrier and connecting airport (the quickest ones). */
  readonly connectionsPerHub: number;
  /** Return itineraries paired with each outbound option of a round trip. */
  readonly returnsPerOutbound: number;
}

export const STANDARD_PROFILE: SearchProfile = {
  name: "STANDARD",
  fareClasses: "SAVER_AND_FLEX",
  connectVia: "HUBS",
  connectionsPerArrival: 2,
  connectionsPerHub: 2,
  returnsPerOutbound: 2,
};

export const LARGE_RESULT_PROFILE: SearchProfile = {
  name: "LARGE_RESULT",
  fareClasses: "EVERY_OPEN_CLASS",
  connectVia: "ANY_SERVED_AIRPORT",
  connectionsPerArrival: Number.POSITIVE_INFINITY,
  connectionsPerHub: Number.POSITIVE_INFINITY,
  returnsPerOutbound: 2,
};

/** Airport pairs (either direction) that return thousands of offers. */
const LARGE_RESULT_ROUTES: readonly (readonly [string, string])[] = [["DEL", "BOM"]];

export function profileFor(origin: string, dest: string): SearchProfile {
  const large = LARGE_RESULT_ROUTES.some(([a, b]) => (origin === a && dest === b) || (origin === b && dest === a));
  return large ? LARGE_RESULT_PROFILE : STANDARD_PROFILE;
}
