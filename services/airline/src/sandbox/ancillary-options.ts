import { percentOf } from "@tarmac/kernel";
import type { Cabin, ProviderAncillaries, ProviderAncillaryOption, ReservationExtra, ReservationRequest } from "@tarmac/airline-port";
import { brandCodeOf } from "./fare-brands.js";
import { findFlight } from "./flight-lookup.js";
import { keyFlights, parseOfferKey, type OfferKey } from "./offer-key.js";
import { SANDBOX_CURRENCY, SANDBOX_PROVIDER_NAME } from "./offers.js";
import type { SeatMapDeps } from "./offer-seat-map.js";
import { fareUnavailable, invalidExtraRequest, invalidOfferKey } from "./provider-faults.js";
import { roundToRupee } from "./pricing.js";
import type { ScheduledFlight } from "./schedule.js";
import { SALES_CUTOFF_MS } from "./search.js";

/** Extra checked baggage in kilograms and its domestic price in rupees (pre-booked, as carriers sell it). */
const BAGGAGE: readonly (readonly [number, number])[] = [
  [5, 2_250],
  [10, 4_500],
  [15, 6_750],
  [20, 9_000],
  [30, 13_500],
];

/** Meals by IATA special-meal code: description and low-cost price in rupees. */
const MEALS: readonly (readonly [string, string, number])[] = [
  ["VGML", "Vegetarian: paneer tikka sandwich and a beverage", 400],
  ["NVML", "Non-vegetarian: chicken junglee sandwich and a beverage", 450],
  ["JNML", "Jain: vegetable poha and a beverage", 400],
  ["DBML", "Diabetic: multigrain upma and unsweetened tea", 400],
];

/** Baggage costs more on international sectors, basis points over the domestic price. */
const INTERNATIONAL_BAGGAGE_BP = 25_000;

function premium(cabin: Cabin): boolean {
  return cabin !== "ECONOMY";
}

function optionsOf(flight: ScheduledFlight, cabin: Cabin, mealIncluded: boolean): ProviderAncillaryOption[] {
  const international = flight.origin.country !== flight.dest.country;
  const baggage = BAGGAGE.map(([kg, rupees]): ProviderAncillaryOption => ({
    kind: "BAGGAGE",
    code: `XBAG${kg}`,
    description: `${kg} kg extra checked baggage`,
    weightKg: kg,
    pricePaise: roundToRupee(percentOf(rupees * 100, international ? INTERNATIONAL_BAGGAGE_BP : 10_000)),
    maxQuantity: 1,
    forInfants: false,
  }));
  // A meal included with the fare is chosen, not bought: one, free; otherwise up to two, paid.
  const meals = MEALS.map(([code, description, rupees]): ProviderAncillaryOption => ({
    kind: "MEAL",
    code,
    description,
    weightKg: 0,
    pricePaise: mealIncluded ? 0 : rupees * 100,
    maxQuantity: mealIncluded ? 1 : 2,
    forInfants: false,
  }));
  return [...baggage, ...meals];
}

/**
 * Baggage and meals of every flight of the offer, outbound then return, per passenger: five extra
 * baggage weights and four meals. Meals are free (one each) when the brand includes them: every
 * full-service fare, every premium cabin, low-cost FLEXI and SUPER_FLEXI (fare-brands.ts). The
 * flights must still be on sale, as for a seat map.
 */
export function ancillariesOf(
  key: OfferKey,
  keyText: string,
  deps: Omit<SeatMapDeps, "ledger">,
  /** A reservation's extras (after booking): a flight off sale has no options instead of refusing the lot. */
  closedAsEmpty = false,
): ProviderAncillaries {
  const onSaleFrom = deps.clock.now().getTime() + SALES_CUTOFF_MS;
  const brandOf = key.journeys.flatMap((j) => j.flights.map(() => brandCodeOf(j.fareClass)));
  const segments = keyFlights(key).map((ref, segmentIndex) => {
    const flight = findFlight(ref, deps.airports);
    if (closedAsEmpty && flight !== undefined && flight.dep.epochMs < onSaleFrom) return { segmentIndex, options: [] };
    if (flight === undefined || !flight.cabins.includes(key.cabin) || flight.dep.epochMs < onSaleFrom) throw fareUnavailable(keyText);
    const lowCostSaver = flight.carrier.model === "LOW_COST" && !premium(key.cabin) && brandOf[segmentIndex] === "SAVER";
    return { segmentIndex, options: optionsOf(flight, key.cabin, !lowCostSaver) };
  });
  return { provider: SANDBOX_PROVIDER_NAME, currency: SANDBOX_CURRENCY, segments };
}

/**
 * The extras a reservation asks for, checked as the airline checks an SSR list: each for a
 * passenger of the reservation (not an infant), on a segment of the offer, an option it sells
 * there, at most its maximum quantity per passenger and segment. The first failure refuses the lot.
 */
export function checkExtras(request: Pick<ReservationRequest, "passengers" | "extras">, offered: ProviderAncillaries): void {
  const passengers = new Map(request.passengers.map((p) => [p.paxId, p]));
  const bought = new Map<string, number>();
  for (const { paxId, segmentIndex, code, quantity } of request.extras ?? []) {
    const passenger = passengers.get(paxId);
    if (passenger === undefined) throw invalidExtraRequest(`No passenger ${paxId.slice(0, 10)} in this booking`);
    const segment = offered.segments[segmentIndex];
    if (!Number.isInteger(segmentIndex) || segment === undefined) throw invalidExtraRequest(`No segment ${segmentIndex} in this offer`);
    const option = segment.options.find((o) => o.code === code);
    if (option === undefined) throw invalidExtraRequest(`No option ${code.slice(0, 10)} on segment ${segmentIndex}`);
    if (passenger.type === "INF" && !option.forInfants) throw invalidExtraRequest(`${code} is not sold to infants`);
    const id = `${paxId}|${segmentIndex}|${code}`;
    const total = (bought.get(id) ?? 0) + quantity;
    if (!Number.isInteger(quantity) || quantity < 1 || total > option.maxQuantity) {
      throw invalidExtraRequest(`At most ${option.maxQuantity} of ${code} per passenger on segment ${segmentIndex}`);
    }
    bought.set(id, total);
  }
}

/** The options still sold on a reservation's itinerary now (ancillariesOf, closed flights without options). */
export function reservationAncillariesOf(keyText: string, deps: Omit<SeatMapDeps, "ledger">): ProviderAncillaries {
  const key = parseOfferKey(keyText);
  if (key === undefined) throw invalidOfferKey(keyText);
  return ancillariesOf(key, keyText, deps, true);
}

/**
 * Extras added to a reservation, checked as reserve checks its own: counted with what each
 * passenger already holds on the segments asked for, on a segment still on sale.
 */
export function checkAddedExtras(request: ReservationRequest, added: readonly ReservationExtra[], offered: ProviderAncillaries): void {
  const segments = new Set(added.map((e) => e.segmentIndex));
  const held = (request.extras ?? []).filter((e) => segments.has(e.segmentIndex));
  checkExtras({ passengers: request.passengers, extras: [...held, ...added] }, offered);
}
