import type { Airport, AirportDirectory } from "@tarmac/airline-port";

const AIRPORTS: readonly Airport[] = [
  {
    code: "DEL",
    name: "Indira Gandhi International",
    city: "Delhi",
    country: "IN",
    latitude: 28.57,
    longitude: 77.1,
    timeZone: "Asia/Kolkata",
  },
  {
    code: "BOM",
    name: "Chhatrapati Shivaji Maharaj International",
    city: "Mumbai",
    country: "IN",
    latitude: 19.09,
    longitude: 72.87,
    timeZone: "Asia/Kolkata",
  },
  {
    code: "JFK",
    name: "John F Kennedy International",
    city: "New York",
    country: "US",
    latitude: 40.64,
    longitude: -73.78,
    timeZone: "America/New_York",
  },
];

/** A small airport directory for unit tests that must not depend on the sandbox's data set. */
export function testAirports(): AirportDirectory {
  const byCode = new Map(AIRPORTS.map((a) => [a.code, a]));
  return { find: (code) => byCode.get(code) };
}
