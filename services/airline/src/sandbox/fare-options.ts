import { defined, percentOf } from "@tarmac/kernel";
import { type Cabin, CABINS } from "@tarmac/airline-port";
import { type FareClass, fareClassesOf } from "./fare-classes.js";
import type { SeatInventory } from "./inventory.js";
import type { Itinerary } from "./itineraries.js";
import { daysBetween } from "./local-time.js";
import { referenceFare, roundToRupee } from "./pricing.js";
import { scenarioOfFlight } from "./scenario-flights.js";
import type { SearchProfile } from "./scenarios.js";

/** One itinerary sold in one booking class of one cabin, for one direction of travel. */
export interface FareOption {
  readonly itinerary: Itinerary;
  readonly cabin: Cabin;
  readonly fareClass: FareClass;
  /** Seats open in the class, per flight of the itinerary. */
  readonly seats: readonly number[];
  /** Base fare per adult for this direction, paise. */
  readonly adultFare: number;
}

export interface FareContext {
  /** UTC date of the search, YYYY-MM-DD. */
  readonly today: string;
  /** Passengers who need a seat (adults and children). */
  readonly seated: number;
  readonly inventory: SeatInventory;
  readonly cabin: Cabin | undefined;
  readonly profile: SearchProfile;
  /**
   * Quoting at validation rather than shopping: the fare the airline confirms, which on the
   * price-change scenario flights is dearer than the one it displayed.
   */
  readonly live: boolean;
}

/** The price-change scenario's live fare over the searched one, basis points. */
const PRICE_CHANGE_BP = 10_800;

function cabinsOnEveryFlight(itinerary: Itinerary): Cabin[] {
  return CABINS.filter((cabin) => itinerary.flights.every((f) => f.cabins.includes(cabin)));
}

/**
 * The fares of an itinerary: per cabin on every flight (only the requested one if any), the booking
 * classes with enough open seats on every flight for the seated passengers, narrowed by the profile.
 */
export function fareOptionsOf(itinerary: Itinerary, ctx: FareContext): FareOption[] {
  const daysOut = daysBetween(ctx.today, defined(itinerary.flights[0], "first flight").dep.date);
  const options: FareOption[] = [];
  for (const cabin of cabinsOnEveryFlight(itinerary)) {
    if (ctx.cabin !== undefined && cabin !== ctx.cabin) continue;
    const open = fareClassesOf(cabin)
      .map((fareClass) => ({
        fareClass,
        seats: itinerary.flights.map((f) => ctx.inventory.seats(f, fareClass)),
      }))
      .filter(({ seats }) => Math.min(...seats) >= ctx.seated);
    if (open.length === 0) continue;
    const reference = referenceFare(itinerary, cabin, daysOut, ctx.today);
    const repriced = ctx.live && itinerary.flights.some((f) => scenarioOfFlight(f.flightNo) === "PRICE_CHANGE");
    for (const { fareClass, seats } of selectClasses(open, ctx.profile)) {
      const displayed = roundToRupee(percentOf(reference, fareClass.fareBp));
      const adultFare = repriced ? roundToRupee(percentOf(displayed, PRICE_CHANGE_BP)) : displayed;
      options.push({ itinerary, cabin, fareClass, seats, adultFare });
    }
  }
  return options;
}

/** The cheapest open class is the one a shopper sees: the last open one of each family. */
function selectClasses<T extends { readonly fareClass: FareClass }>(open: readonly T[], profile: SearchProfile): readonly T[] {
  if (profile.fareClasses === "EVERY_OPEN_CLASS") return open;
  const saver = open.filter((o) => !o.fareClass.refundable).at(-1);
  const flex = open.filter((o) => o.fareClass.refundable).at(-1);
  return [saver, flex].filter((o): o is T => o !== undefined);
}
