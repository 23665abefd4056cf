import type { FareClass } from "./fare-classes.js";
import { fareClassesOf } from "./fare-classes.js";
import { daysBetween } from "./local-time.js";
import { randomFor } from "./random.js";
import type { ScheduledFlight } from "./schedule.js";

/** Airlines display availability per class capped at 9 (the AVS/NAVS convention). */
const MAX_DISPLAYED_SEATS = 9;

/**
 * Seats open in a booking class on a flight, as seen on `today`: 0 (class closed) to 9. Cheaper
 * classes close more often, and more so as departure nears. The draw is seeded by the flight, the
 * class and today's date, so it holds for the day and moves from day to day.
 */
function seatsAvailable(
  flight: ScheduledFlight,
  fareClass: FareClass,
  today: string,
  daysOut = daysBetween(today, flight.dep.date),
): number {
  const random = randomFor("seats", today, flight.carrier.code, flight.flightNo, flight.origin.code, flight.dep.date, fareClass.code);
  const lastRank = fareClassesOf(fareClass.cabin).length - 1;
  const depth = lastRank === 0 ? 0 : fareClass.rank / lastRank;
  const pressure = daysOut < 7 ? 0.6 : daysOut < 30 ? 0.35 : 0.18;
  if (random.next() < depth * pressure) return 0;
  return random.next() < 0.55 ? MAX_DISPLAYED_SEATS : random.int(1, MAX_DISPLAYED_SEATS - 1);
}

/** Availability for one search: a flight shared by many connections is looked up once per class. */
export class SeatInventory {
  private readonly seen = new Map<ScheduledFlight, { daysOut: number; byClass: Map<string, number> }>();

  constructor(private readonly today: string) {}

  seats(flight: ScheduledFlight, fareClass: FareClass): number {
    let known = this.seen.get(flight);
    if (known === undefined) {
      known = { daysOut: daysBetween(this.today, flight.dep.date), byClass: new Map() };
      this.seen.set(flight, known);
    }
    let seats = known.byClass.get(fareClass.code);
    if (seats === undefined) {
      seats = seatsAvailable(flight, fareClass, this.today, known.daysOut);
      known.byClass.set(fareClass.code, seats);
    }
    return seats;
  }
}
