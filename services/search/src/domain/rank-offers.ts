import type { PassengerCounts, ProviderOffer } from "@tarmac/airline-port";
import { offerIdAllocator } from "./offer-ids.js";
import type { OfferSigner } from "./offer-signature.js";
import type { PricedOffer } from "./priced-offer.js";
import { priceProviderOffer } from "./pricing.js";
import type { PricingRules } from "./pricing-rules.js";
import { sortOffers } from "./sort-offers.js";

export interface RankContext {
  readonly searchId: string;
  readonly agentId: string;
  readonly pax: PassengerCounts;
  readonly rules: PricingRules;
  readonly expiresAt: Date;
  readonly offerSigner: OfferSigner;
}

/** Gives every provider offer its id, signature and agent price, then sorts them once for paging. */
export function rankOffers(offers: readonly ProviderOffer[], context: RankContext): PricedOffer[] {
  const nextId = offerIdAllocator(context.searchId);
  const priced = offers.map((offer): PricedOffer => {
    const offerId = nextId(offer.provider, offer.key);
    return {
      offerId,
      signature: context.offerSigner.sign({
        searchId: context.searchId,
        offerId,
        agentId: context.agentId,
        expiresAt: context.expiresAt,
      }),
      providerKey: offer.key,
      provider: offer.provider,
      airline: offer.airline,
      segments: offer.segments,
      currency: offer.currency,
      refundable: offer.refundable,
      fareRules: offer.fareRules,
      brand: offer.brand,
      ...(offer.hold && { hold: offer.hold }),
      pricing: priceProviderOffer(context.rules, offer, context.agentId, context.pax),
    };
  });
  return sortOffers(priced);
}
