import type { Cabin } from "@tarmac/airline-port";

/** A booking class (reservation booking designator) and the fare rules the sandbox attaches to it. */
export interface FareClass {
  readonly code: string;
  readonly cabin: Cabin;
  /** Flexible fares refund on cancellation; saver fares do not. */
  readonly refundable: boolean;
  /** Fare relative to the cabin's reference fare, in basis points. */
  readonly fareBp: number;
  /** 0 for the dearest class of the cabin; the cheapest classes close first as a flight fills. */
  readonly rank: number;
}

const ladder = (cabin: Cabin, rows: readonly [string, boolean, number][]): readonly FareClass[] =>
  rows.map(([code, refundable, fareBp], rank) => ({ code, cabin, refundable, fareBp, rank }));

const LADDERS: Readonly<Record<Cabin, readonly FareClass[]>> = {
  ECONOMY: ladder("ECONOMY", [
    ["Y", true, 19000],
    ["B", true, 16000],
    ["M", true, 14000],
    ["H", false, 12000],
    ["K", false, 10500],
    ["Q", false, 9500],
    ["V", false, 8500],
    ["T", false, 7500],
  ]),
  PREMIUM_ECONOMY: ladder("PREMIUM_ECONOMY", [
    ["W", true, 13000],
    ["N", false, 10500],
    ["E", false, 9000],
  ]),
  BUSINESS: ladder("BUSINESS", [
    ["J", true, 14000],
    ["C", true, 12000],
    ["D", false, 10000],
    ["Z", false, 8500],
  ]),
  FIRST: ladder("FIRST", [
    ["F", true, 12000],
    ["A", false, 10000],
  ]),
};

/** Classes of a cabin, dearest first. Letters are unique across cabins. */
export function fareClassesOf(cabin: Cabin): readonly FareClass[] {
  return LADDERS[cabin];
}
