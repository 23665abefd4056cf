import type { LockedPax } from "../store/fare-lock-store.js";

/** A passenger of a fare as the seat map and the booking name them (API guide, Fare validation and seat maps). */
export interface SeatedPassenger {
  /** ADT1, ADT2, CHD1, ... */
  readonly paxId: string;
  readonly type: "ADT" | "CHD";
  /** Adults carry the lap infants, one each, from ADT1 on. */
  readonly withInfant: boolean;
}

/**
 * The passengers who take a seat: adults then children, numbered from 1 per type. Infants sit on
 * an adult's lap and get no seat (nor a seat map entry).
 */
export function seatedPassengers(pax: LockedPax): SeatedPassenger[] {
  const adults = Array.from({ length: pax.adult }, (_, i): SeatedPassenger => ({
    paxId: `ADT${i + 1}`,
    type: "ADT",
    withInfant: i < pax.infant,
  }));
  const children = Array.from({ length: pax.child }, (_, i): SeatedPassenger => ({
    paxId: `CHD${i + 1}`,
    type: "CHD",
    withInfant: false,
  }));
  return [...adults, ...children];
}

/** Exit rows are for adults able to help in an evacuation: no children, no adult holding an infant. */
export function maySitInExitRow(passenger: SeatedPassenger): boolean {
  return passenger.type === "ADT" && !passenger.withInfant;
}
