/** A flight as bookings name it: carrier, number, origin and local departure date (YYYY-MM-DD). */
export interface FlightRef {
  readonly carrier: string;
  readonly flightNo: string;
  readonly origin: string;
  readonly departureDate: string;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Seats bookings have taken, per flight, for the life of one sandbox airline (in memory, as the
 * rest of the sandbox). The seeded occupancy stands for other airlines' customers; this is ours.
 */
export class SeatLedger {
  private readonly taken = new Map<string, Set<string>>();

  take(flight: FlightRef, seats: readonly string[]): void {
    const id = flightId(flight);
    let set = this.taken.get(id);
    if (set === undefined) {
      set = new Set();
      this.taken.set(id, set);
    }
    for (const seat of seats) set.add(seat.toUpperCase());
  }

  /** Frees seats a booking held (a cancelled or unticketable reservation); unknown seats are ignored. */
  release(flight: FlightRef, seats: readonly string[]): void {
    const id = flightId(flight);
    const set = this.taken.get(id);
    if (set === undefined) return;
    for (const seat of seats) set.delete(seat.toUpperCase());
    if (set.size === 0) this.taken.delete(id);
  }

  takenOn(flight: FlightRef): ReadonlySet<string> {
    return this.taken.get(flightId(flight)) ?? NONE;
  }
}

function flightId(flight: FlightRef): string {
  return `${flight.carrier}|${flight.flightNo}|${flight.origin}|${flight.departureDate}`;
}
