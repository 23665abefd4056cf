import { defined, percentOf } from "@tarmac/kernel";
import type { Direction, PassengerCounts, ProviderOffer, ProviderSegment } from "@tarmac/airline-port";
import type { FareOption } from "./fare-options.js";
import { brandCodeOf, fareBrandOf, lesserBrand } from "./fare-brands.js";
import { fareRulesOf } from "./fare-rules.js";
import { firstDeparture, type Itinerary } from "./itineraries.js";
import { offerAmounts, ROUND_TRIP_BP, roundToRupee } from "./pricing.js";

export const SANDBOX_PROVIDER_NAME = "SANDBOX";
export const SANDBOX_CURRENCY = "INR";

/** An offer with what the result order needs. */
export interface RankedOffer {
  readonly offer: ProviderOffer;
  readonly total: number;
  readonly departs: number;
}

/**
 * `<itinerary id>/<booking class>`, e.g. `6E512.DELHYD.20261201+6E733.HYDBOM.20261201/T`; a round
 * trip joins its two directions with `~`. It names flights, dates and class, so the same query
 * gives the same keys, and the sandbox can later find the fare again from the key alone.
 */
export function optionKey(option: FareOption): string {
  return `${option.itinerary.id}/${option.fareClass.code}`;
}

function segmentsOf(option: FareOption, direction: Direction): ProviderSegment[] {
  return option.itinerary.flights.map((f, i) => ({
    carrier: f.carrier.code,
    flightNo: f.flightNo,
    origin: f.origin.code,
    dest: f.dest.code,
    depTime: f.dep.text,
    arrTime: f.arr.text,
    cabin: option.cabin,
    bookingClass: option.fareClass.code,
    seatsAvailable: defined(option.seats[i], "open seats of a flight"),
    direction,
    durationMinutes: f.durationMinutes,
    aircraft: f.aircraft.code,
  }));
}

/** A journey is international when any of its flights crosses a border (as the taxes count it). */
function crossesBorder(itinerary: Itinerary): boolean {
  return itinerary.flights.some((f) => f.origin.country !== f.dest.country);
}

function ranked(key: string, parts: readonly FareOption[], adultFare: number, pax: PassengerCounts): RankedOffer {
  const [outbound] = parts as [FareOption, ...FareOption[]];
  const flights = parts.flatMap((p) => p.itinerary.flights);
  const { baseFare, taxes } = offerAmounts(adultFare, pax, outbound.cabin, flights);
  const fareRules = fareRulesOf(parts.map((p) => ({ fareClass: p.fareClass, international: crossesBorder(p.itinerary) })));
  const brandCode = parts.map((p) => brandCodeOf(p.fareClass)).reduce(lesserBrand);
  const offer: ProviderOffer = {
    key,
    provider: SANDBOX_PROVIDER_NAME,
    airline: outbound.itinerary.carrier.code,
    segments: parts.flatMap((p, i) => segmentsOf(p, i === 0 ? "OUTBOUND" : "RETURN")),
    baseFare,
    taxes,
    currency: SANDBOX_CURRENCY,
    refundable: fareRules.refundable,
    fareRules,
    brand: fareBrandOf(brandCode, outbound.cabin, outbound.itinerary.carrier, fareRules),
  };
  return { offer, total: baseFare + taxes, departs: firstDeparture(outbound.itinerary) };
}

export function oneWayOffer(option: FareOption, pax: PassengerCounts): RankedOffer {
  return ranked(optionKey(option), [option], option.adultFare, pax);
}

/** A round trip priced as one: both directions' fares less a round-trip discount, then per passenger. */
export function roundTripOffer(outbound: FareOption, inbound: FareOption, pax: PassengerCounts): RankedOffer {
  const adultFare = roundToRupee(percentOf(outbound.adultFare + inbound.adultFare, ROUND_TRIP_BP));
  return ranked(`${optionKey(outbound)}~${optionKey(inbound)}`, [outbound, inbound], adultFare, pax);
}

/** Cheapest first, then earliest departure, then key: a total order, so results never reshuffle. */
export function compareRanked(a: RankedOffer, b: RankedOffer): number {
  if (a.total !== b.total) return a.total - b.total;
  if (a.departs !== b.departs) return a.departs - b.departs;
  return a.offer.key < b.offer.key ? -1 : a.offer.key > b.offer.key ? 1 : 0;
}
