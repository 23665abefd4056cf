/** Aircraft types the sandbox carriers fly, by IATA type code. */
export interface AircraftType {
  readonly code: string;
  readonly name: string;
  /** Longest sector the sandbox schedules it on. */
  readonly rangeKm: number;
  /** Effective speed over the great circle, allowing for airways and winds. */
  readonly cruiseKmh: number;
  readonly body: "TURBOPROP" | "NARROW" | "WIDE";
}

const types: readonly AircraftType[] = [
  { code: "AT7", name: "ATR 72", rangeKm: 900, cruiseKmh: 450, body: "TURBOPROP" },
  { code: "DH4", name: "De Havilland Dash 8-400", rangeKm: 1100, cruiseKmh: 450, body: "TURBOPROP" },
  { code: "320", name: "Airbus A320", rangeKm: 4500, cruiseKmh: 770, body: "NARROW" },
  { code: "32N", name: "Airbus A320neo", rangeKm: 5500, cruiseKmh: 770, body: "NARROW" },
  { code: "321", name: "Airbus A321", rangeKm: 5000, cruiseKmh: 770, body: "NARROW" },
  { code: "738", name: "Boeing 737-800", rangeKm: 4800, cruiseKmh: 770, body: "NARROW" },
  { code: "7M8", name: "Boeing 737 MAX 8", rangeKm: 5800, cruiseKmh: 770, body: "NARROW" },
  { code: "332", name: "Airbus A330-200", rangeKm: 11500, cruiseKmh: 820, body: "WIDE" },
  { code: "333", name: "Airbus A330-300", rangeKm: 10500, cruiseKmh: 820, body: "WIDE" },
  { code: "359", name: "Airbus A350-900", rangeKm: 15000, cruiseKmh: 820, body: "WIDE" },
  { code: "388", name: "Airbus A380-800", rangeKm: 14800, cruiseKmh: 820, body: "WIDE" },
  { code: "748", name: "Boeing 747-8", rangeKm: 14000, cruiseKmh: 820, body: "WIDE" },
  { code: "788", name: "Boeing 787-8", rangeKm: 13000, cruiseKmh: 820, body: "WIDE" },
  { code: "789", name: "Boeing 787-9", rangeKm: 14000, cruiseKmh: 820, body: "WIDE" },
  { code: "77W", name: "Boeing 777-300ER", rangeKm: 13600, cruiseKmh: 820, body: "WIDE" },
];

const byCode = new Map(types.map((t) => [t.code, t]));

export function aircraftType(code: string): AircraftType {
  const type = byCode.get(code);
  if (type === undefined) throw new RangeError(`unknown aircraft type ${code}`);
  return type;
}

/** Time on the ground and in climb and descent that cruise speed does not account for. */
const SECTOR_OVERHEAD_MINUTES = 35;

/** Scheduled block time of a sector, rounded to 5 minutes as timetables are. */
export function blockMinutes(distanceKm: number, type: AircraftType): number {
  const minutes = SECTOR_OVERHEAD_MINUTES + (distanceKm * 60) / type.cruiseKmh;
  return Math.max(30, Math.round(minutes / 5) * 5);
}

/**
 * Types a carrier can put on a sector: turboprops only on short hops, widebodies on long sectors
 * and on trunk routes between two of its hubs, narrowbodies elsewhere. A carrier with no fitting
 * narrowbody (an all-widebody fleet) flies a widebody.
 */
export function eligibleAircraft(fleet: readonly string[], distanceKm: number, trunk: boolean): AircraftType[] {
  const inRange = fleet.map(aircraftType).filter((t) => t.rangeKm >= distanceKm);
  const wide = inRange.filter((t) => t.body === "WIDE");
  if (distanceKm > 4000) return wide.length > 0 ? wide : inRange;
  const short = inRange.filter((t) => t.body === "NARROW" || (t.body === "TURBOPROP" && distanceKm <= 700));
  if (short.length === 0) return wide;
  return trunk ? [...short, ...wide] : short;
}
