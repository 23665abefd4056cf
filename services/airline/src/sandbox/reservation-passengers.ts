import type { PassengerCounts, ReservationPassenger } from "@tarmac/airline-port";
import { invalidPassengers } from "./provider-faults.js";

/** No class ever shows more than 9 seats, so no fare seats more passengers than that. */
const MAX_SEATED = 9;

const PAX_ID = /^(ADT|CHD|INF)([1-9]\d?)$/;

/**
 * The passenger counts of a reservation, after the checks an airline makes of a name list: each
 * passenger has a pax id of its type (`ADT1`, `CHD1`, `INF1`), no id twice, someone needs a seat,
 * at most 9 seated and no more infants than adults (an infant sits on an adult's lap). Whether the
 * fare still sells for these counts is the live price's question.
 */
export function paxCountsOf(passengers: readonly ReservationPassenger[]): PassengerCounts {
  const seen = new Set<string>();
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of passengers) {
    const m = PAX_ID.exec(p.paxId);
    if (m?.[1] !== p.type) throw invalidPassengers(`Passenger id ${p.paxId.slice(0, 10)} does not name a ${p.type} passenger`);
    if (seen.has(p.paxId)) throw invalidPassengers(`Passenger ${p.paxId} appears twice`);
    seen.add(p.paxId);
    if (p.type === "ADT") counts.adult++;
    else if (p.type === "CHD") counts.child++;
    else counts.infant++;
  }
  const seated = counts.adult + counts.child;
  if (seated === 0 || counts.infant > counts.adult) throw invalidPassengers();
  if (seated > MAX_SEATED) throw invalidPassengers(`At most ${MAX_SEATED} seated passengers per booking`);
  return counts;
}
