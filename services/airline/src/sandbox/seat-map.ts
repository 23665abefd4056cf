import { defined } from "@tarmac/kernel";
import type { Cabin, ProviderSeat, ProviderSeatRow, ProviderSegmentSeatMap, SeatPosition } from "@tarmac/airline-port";
import { randomFor } from "./random.js";
import { type CabinSection, cabinSections } from "./seat-layouts.js";
import { FRONT_ROWS, seatPricePaise } from "./seat-prices.js";
import type { ScheduledFlight } from "./schedule.js";

/** Window at either side of the cabin, aisle beside an aisle, middle otherwise. */
function positionOf(blocks: readonly string[], block: number, index: number): SeatPosition {
  const letters = defined(blocks[block], "seat block");
  if ((block === 0 && index === 0) || (block === blocks.length - 1 && index === letters.length - 1)) return "WINDOW";
  return index === 0 || index === letters.length - 1 ? "AISLE" : "MIDDLE";
}

/** Share of a cabin already sold to others, drawn once per flight: economy fills more than the front. */
function loadFactor(flight: ScheduledFlight, cabin: Cabin): number {
  const random = randomFor("seat-load", flight.carrier.code, flight.flightNo, flight.origin.code, flight.dep.date, cabin);
  return cabin === "ECONOMY" ? random.int(40, 85) / 100 : random.int(25, 70) / 100;
}

/** Travellers pick windows and aisles first and hesitate to pay for legroom. */
const POSITION_PULL: Readonly<Record<SeatPosition, number>> = { WINDOW: 1.15, AISLE: 1.1, MIDDLE: 0.75 };
const LEGROOM_PULL = 0.8;

/**
 * Whether someone else holds the seat: seeded by the flight (carrier, number, origin, local
 * departure date) and the seat, never by the day of the request, so the map is the same whenever
 * it is asked for; only bookings change it.
 */
function soldToOthers(flight: ScheduledFlight, seat: string, load: number, position: SeatPosition, extraLegroom: boolean): boolean {
  const pull = POSITION_PULL[position] * (extraLegroom ? LEGROOM_PULL : 1);
  const draw = randomFor("seat-taken", flight.carrier.code, flight.flightNo, flight.origin.code, flight.dep.date, seat).next();
  return draw < Math.min(0.97, load * pull);
}

function rowsOf(
  section: CabinSection,
  flight: ScheduledFlight,
  taken: ReadonlySet<string>,
  standardSeatIncluded: boolean,
): ProviderSeatRow[] {
  const load = loadFactor(flight, section.cabin);
  return Array.from({ length: section.rows }, (_, i) => {
    const row = section.firstRow + i;
    const exitRow = section.exitRows.includes(row);
    const extraLegroom = section.extraLegroomRows.includes(row);
    const front = i < FRONT_ROWS;
    const seats = section.blocks.flatMap((letters, block) =>
      Array.from(letters).map((letter, index): ProviderSeat => {
        const seat = `${row}${letter}`;
        const position = positionOf(section.blocks, block, index);
        const pricePaise = seatPricePaise(
          { cabin: section.cabin, position, extraLegroom, front },
          flight.carrier,
          flight.distanceKm,
          standardSeatIncluded,
        );
        const available = !taken.has(seat) && !soldToOthers(flight, seat, load, position, extraLegroom);
        return { seat, available, pricePaise, position, exitRow, extraLegroom };
      }),
    );
    return { row, seats };
  });
}

/**
 * The seat map of one flight in one cabin: the cabin's rows as numbered on the aircraft the
 * carrier flies, with prices, the seeded occupancy and the seats bookings took (`taken`). A fare
 * whose brand includes a seat (`standardSeatIncluded`) sees standard seats at no charge.
 */
export function flightSeatMap(
  flight: ScheduledFlight,
  cabin: Cabin,
  segmentIndex: number,
  taken: ReadonlySet<string>,
  standardSeatIncluded = false,
): ProviderSegmentSeatMap {
  const sections = cabinSections(flight.aircraft, flight.cabins).filter((s) => s.cabin === cabin);
  return {
    segmentIndex,
    carrier: flight.carrier.code,
    flightNo: flight.flightNo,
    origin: flight.origin.code,
    dest: flight.dest.code,
    departureDate: flight.dep.date,
    aircraft: flight.aircraft.code,
    cabin,
    rows: sections.flatMap((section) => rowsOf(section, flight, taken, standardSeatIncluded)),
  };
}
