import type { FareBrand, FareRules, HoldTerms, ProviderSegment } from "@tarmac/airline-port";
import type { PricingBreakdown } from "./pricing.js";

/** An offer as the search caches it: the provider's itinerary with our id, signature and B2B price. */
export interface PricedOffer {
  readonly offerId: string;
  /** Opaque token binding search, offer and agent; clients send it back to validate a fare. */
  readonly signature: string;
  /** The provider's own key for the itinerary and fare, for the fare service's live check. */
  readonly providerKey: string;
  readonly provider: string;
  readonly airline: string;
  readonly segments: readonly ProviderSegment[];
  readonly currency: string;
  readonly refundable: boolean;
  /** The fare's cancellation and change rules as the provider filed them (shared, never mutated). */
  readonly fareRules: FareRules;
  /** The fare family and its inclusions as the provider filed them (shared, never mutated). */
  readonly brand: FareBrand;
  /** The terms the airline would hold it on, as of the search (or live check); absent: it may not be held. */
  readonly hold?: HoldTerms;
  /** best_price_paise is pricing.finalPrice. */
  readonly pricing: PricingBreakdown;
}
