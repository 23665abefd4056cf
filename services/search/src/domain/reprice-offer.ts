import type { PassengerCounts, ProviderOffer } from "@tarmac/airline-port";
import type { PricedOffer } from "./priced-offer.js";
import { priceProviderOffer } from "./pricing.js";
import type { PricingRules } from "./pricing-rules.js";

export interface LivePrice {
  readonly offer: PricedOffer;
  readonly priceChanged: boolean;
  readonly previousPrice: number;
}

/**
 * The cached offer at the provider's live fare: the same id, signature and expiry (so the agent
 * still recognises it), the provider's current segments, seats, refundability and fare rules,
 * priced for the agent with the rules that priced the search.
 */
export function repriceOffer(
  cached: PricedOffer,
  live: ProviderOffer,
  context: { readonly rules: PricingRules; readonly agentId: string; readonly pax: PassengerCounts },
): LivePrice {
  const pricing = priceProviderOffer(context.rules, live, context.agentId, context.pax);
  const { hold: _searched, ...rest } = cached;
  const offer: PricedOffer = {
    ...rest,
    ...(live.hold && { hold: live.hold }),
    airline: live.airline,
    segments: live.segments,
    currency: live.currency,
    refundable: live.refundable,
    fareRules: live.fareRules,
    brand: live.brand,
    pricing,
  };
  const previousPrice = cached.pricing.finalPrice;
  return { offer, priceChanged: pricing.finalPrice !== previousPrice, previousPrice };
}
