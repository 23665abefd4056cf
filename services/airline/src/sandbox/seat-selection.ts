import { defined } from "@tarmac/kernel";
import type { ProviderSeatMap, ProviderSegmentSeatMap, ReservationRequest } from "@tarmac/airline-port";
import { invalidSeatRequest, seatUnavailable } from "./provider-faults.js";
import type { FlightRef } from "./seat-ledger.js";

/** Seats a reservation holds on one flight. */
export interface SeatHold {
  readonly flight: FlightRef;
  readonly seats: readonly string[];
}

const flightName = (m: ProviderSegmentSeatMap) => `${m.carrier}${m.flightNo} ${m.origin}-${m.dest} ${m.departureDate}`;

/**
 * The seats a reservation asks for, checked against the offer's seat maps as they stand (seeded
 * occupancy and the ledger): each must be asked for by a seated passenger of the reservation, at
 * most one per passenger and segment, exist in the offer's cabin on that segment and be free; a
 * seat asked for twice is as taken as one someone else holds. The first failure refuses the lot,
 * so nothing is held unless everything can be. Answers the holds per flight, segment order.
 */
export function seatHolds(request: ReservationRequest, maps: ProviderSeatMap): SeatHold[] {
  const seated = new Set(request.passengers.filter((p) => p.type !== "INF").map((p) => p.paxId));
  const chosen = new Map<number, Set<string>>();
  const seatedOn = new Set<string>();
  for (const { paxId, segmentIndex, seat } of request.seats) {
    if (!seated.has(paxId)) throw invalidSeatRequest(`No seated passenger ${paxId.slice(0, 10)} in this booking`);
    const map = maps.segments[segmentIndex];
    if (!Number.isInteger(segmentIndex) || map === undefined) throw invalidSeatRequest(`No segment ${segmentIndex} in this offer`);
    if (seatedOn.has(`${paxId}|${segmentIndex}`)) throw invalidSeatRequest(`Two seats for ${paxId} on segment ${segmentIndex}`);
    seatedOn.add(`${paxId}|${segmentIndex}`);
    const name = seat.toUpperCase();
    const shown = map.rows.flatMap((r) => r.seats).find((s) => s.seat === name);
    const onSegment = chosen.get(segmentIndex) ?? new Set<string>();
    if (shown === undefined || !shown.available || onSegment.has(name)) throw seatUnavailable(name.slice(0, 6), flightName(map));
    onSegment.add(name);
    chosen.set(segmentIndex, onSegment);
  }
  return maps.segments
    .filter((m) => chosen.has(m.segmentIndex))
    .map((m) => ({
      flight: { carrier: m.carrier, flightNo: m.flightNo, origin: m.origin, departureDate: m.departureDate },
      seats: [...defined(chosen.get(m.segmentIndex), "chosen seats of a segment")],
    }));
}
