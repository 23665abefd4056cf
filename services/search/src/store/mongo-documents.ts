import type { FareBrand, FareRules, HoldTerms, PenaltyBand, ProviderSegment } from "@tarmac/airline-port";
import type { PricedOffer } from "../domain/priced-offer.js";
import type { PricingBreakdown } from "../domain/pricing.js";
import type { SearchedRoute } from "../domain/search-criteria.js";
import type { CachedSearchMeta } from "./search-cache-store.js";

export interface SearchDoc {
  _id: string;
  agentId: string;
  criteria: SearchedRoute;
  pax: { adult: number; child: number; infant: number };
  total: number;
  createdAt: Date;
  expiresAt: Date;
}

export interface OfferDoc {
  searchId: string;
  position: number;
  expiresAt: Date;
  offerId: string;
  signature: string;
  providerKey: string;
  provider: string;
  airline: string;
  segments: ProviderSegment[];
  currency: string;
  refundable: boolean;
  fareRules: FareRulesDoc;
  /** The fare family; absent in documents of earlier releases (read as the least inclusive brand). */
  brand?: FareBrand;
  /** Absent: the fare may not be held (and in documents of earlier releases). */
  hold?: HoldTerms;
  pricing: PricingBreakdown;
}

/** `FareRules` as stored: plain arrays of plain bands (paise as numbers). */
interface FareRulesDoc {
  refundable: boolean;
  cancellationPenalties: PenaltyBand[];
  changeFees: PenaltyBand[];
  taxesRefundable: true;
}

const bandsOf = (bands: readonly PenaltyBand[]): PenaltyBand[] =>
  bands.map((b) => ({ minHoursBeforeDeparture: b.minHoursBeforeDeparture, perPassengerPaise: b.perPassengerPaise }));

function toFareRulesDoc(rules: FareRules): FareRulesDoc {
  return {
    refundable: rules.refundable,
    cancellationPenalties: bandsOf(rules.cancellationPenalties),
    changeFees: bandsOf(rules.changeFees),
    taxesRefundable: true,
  };
}

export function toSearchDoc(meta: CachedSearchMeta): SearchDoc {
  return {
    _id: meta.searchId,
    agentId: meta.agentId,
    criteria: { ...meta.criteria },
    pax: { ...meta.pax },
    total: meta.total,
    createdAt: meta.createdAt,
    expiresAt: meta.expiresAt,
  };
}

export function fromSearchDoc(doc: SearchDoc): CachedSearchMeta {
  const { origin, dest, departureDate, returnDate, cabin } = doc.criteria;
  return {
    searchId: doc._id,
    agentId: doc.agentId,
    criteria: {
      origin,
      dest,
      departureDate,
      ...(typeof returnDate === "string" && { returnDate }),
      ...(typeof cabin === "string" && { cabin }),
    },
    pax: { adult: doc.pax.adult, child: doc.pax.child, infant: doc.pax.infant },
    total: doc.total,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
  };
}

export function toOfferDoc(searchId: string, position: number, expiresAt: Date, offer: PricedOffer): OfferDoc {
  return {
    searchId,
    position,
    expiresAt,
    offerId: offer.offerId,
    signature: offer.signature,
    providerKey: offer.providerKey,
    provider: offer.provider,
    airline: offer.airline,
    segments: offer.segments.map((s) => ({ ...s })),
    currency: offer.currency,
    refundable: offer.refundable,
    fareRules: toFareRulesDoc(offer.fareRules),
    brand: { code: offer.brand.code, inclusions: { ...offer.brand.inclusions } },
    ...(offer.hold && { hold: { ...offer.hold } }),
    pricing: { ...offer.pricing },
  };
}

export function fromOfferDoc(doc: OfferDoc): PricedOffer {
  return {
    offerId: doc.offerId,
    signature: doc.signature,
    providerKey: doc.providerKey,
    provider: doc.provider,
    airline: doc.airline,
    segments: doc.segments,
    currency: doc.currency,
    refundable: doc.refundable,
    fareRules: toFareRulesDoc(doc.fareRules),
    brand: doc.brand ?? legacyBrand(doc.fareRules),
    ...(doc.hold && { hold: { ticketTimeLimit: doc.hold.ticketTimeLimit, priceGuaranteedUntil: doc.hold.priceGuaranteedUntil } }),
    pricing: doc.pricing,
  };
}

/** An offer cached before brands were filed: SAVER or FLEXI by its rules, nothing beyond the fare included. */
function legacyBrand(rules: FareRulesDoc): FareBrand {
  return {
    code: rules.refundable ? "FLEXI" : "SAVER",
    inclusions: {
      checkedBaggageKg: 15,
      cabinBaggageKg: 7,
      meal: "PAID",
      seat: "PAID",
      change: rules.changeFees[0]?.perPassengerPaise === 0 ? "INCLUDED" : "PAID",
      refundable: rules.refundable,
    },
  };
}
