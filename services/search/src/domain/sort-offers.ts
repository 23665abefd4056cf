import type { PricedOffer } from "./priced-offer.js";

/**
 * Sorts once per search (API guide, Search): best_price_paise ascending, then the departure instant of
 * the first segment (offsets differ between airports, so compare instants, not local text), then
 * offer_id, which makes the order total and stable across pages.
 */
export function sortOffers(offers: readonly PricedOffer[]): PricedOffer[] {
  const keyed = offers.map((offer) => ({ offer, departs: departureInstant(offer) }));
  keyed.sort(
    (a, b) =>
      a.offer.pricing.finalPrice - b.offer.pricing.finalPrice ||
      a.departs - b.departs ||
      (a.offer.offerId < b.offer.offerId ? -1 : a.offer.offerId > b.offer.offerId ? 1 : 0),
  );
  return keyed.map((k) => k.offer);
}

function departureInstant(offer: PricedOffer): number {
  const first = offer.segments[0];
  const instant = first ? Date.parse(first.depTime) : Number.NaN;
  // An offer without a readable departure sorts after its equally priced peers.
  return Number.isNaN(instant) ? Number.MAX_SAFE_INTEGER : instant;
}
