import type {
  Cabin as DomainCabin,
  Direction as DomainDirection,
  FareRules as DomainFareRules,
  PenaltyBand,
  ProviderSegment,
} from "@tarmac/airline-port";
import { paiseFromProto } from "@tarmac/kernel";
import type { Cabin, Direction, FareRules, Offer, PricingBreakdown, Segment } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { PricedOffer } from "./domain/priced-offer.js";
import { CABIN_TO_PROTO, DIRECTION_TO_PROTO } from "./offer-mapper.js";

/**
 * What a cached offer holds that its wire form (toProtoOffer) does not carry, or carries in a form
 * it cannot be read back from exactly (the brand: its code and inclusions travel, the object is
 * shared by every offer of the brand and costs one reference here).
 */
export type OfferBesideWire = Pick<PricedOffer, "providerKey" | "hold" | "brand">;

export const besideWire = (offer: PricedOffer): OfferBesideWire => ({
  providerKey: offer.providerKey,
  brand: offer.brand,
  ...(offer.hold && { hold: offer.hold }),
});

const CABINS = new Map(Object.entries(CABIN_TO_PROTO).map(([name, value]) => [value, name as DomainCabin]));
const DIRECTIONS = new Map(Object.entries(DIRECTION_TO_PROTO).map(([name, value]) => [value, name as DomainDirection]));

/**
 * The inverse of toProtoOffer: a cached offer read back from the bytes a page carries, so that
 * the memory cache keeps each offer once (encoded) instead of twice (encoded and as objects).
 */
export function fromProtoOffer(offer: Offer, beside: OfferBesideWire): PricedOffer {
  return {
    offerId: offer.offerId,
    signature: offer.signature,
    providerKey: beside.providerKey,
    provider: offer.provider,
    airline: offer.airline,
    segments: offer.segments.map(fromProtoSegment),
    currency: offer.currency,
    refundable: offer.refundable,
    fareRules: fromProtoFareRules(offer.fareRules),
    brand: beside.brand,
    ...(beside.hold && { hold: beside.hold }),
    pricing: fromProtoPricing(offer.pricingBreakdown),
  };
}

function fromProtoSegment(segment: Segment): ProviderSegment {
  return {
    carrier: segment.carrier,
    flightNo: segment.flightNo,
    origin: segment.origin,
    dest: segment.dest,
    depTime: segment.depTime,
    arrTime: segment.arrTime,
    cabin: known(CABINS, segment.cabin, "cabin"),
    bookingClass: segment.bookingClass,
    seatsAvailable: segment.seatsAvailable,
    direction: known(DIRECTIONS, segment.direction, "direction"),
    durationMinutes: segment.durationMinutes,
    aircraft: segment.aircraft,
  };
}

function fromProtoFareRules(rules: FareRules | undefined): DomainFareRules {
  return {
    refundable: rules?.refundable ?? false,
    cancellationPenalties: (rules?.cancellationPenalties ?? []).map(fromProtoBand),
    changeFees: (rules?.changeFees ?? []).map(fromProtoBand),
    taxesRefundable: true,
  };
}

const fromProtoBand = (band: { minHoursBeforeDeparture: number; perPassengerPaise: bigint }): PenaltyBand => ({
  minHoursBeforeDeparture: band.minHoursBeforeDeparture,
  perPassengerPaise: paiseFromProto(band.perPassengerPaise),
});

function fromProtoPricing(pricing: PricingBreakdown | undefined): PricedOffer["pricing"] {
  const paise = (value: bigint | undefined) => paiseFromProto(value ?? 0n);
  return {
    baseFare: paise(pricing?.baseFarePaise),
    taxes: paise(pricing?.taxesPaise),
    commission: paise(pricing?.commissionPaise),
    otaMarkup: paise(pricing?.otaMarkupPaise),
    agentMarkup: paise(pricing?.agentMarkupPaise),
    netFare: paise(pricing?.netFarePaise),
    finalPrice: paise(pricing?.finalPricePaise),
  };
}

/** Offers are encoded by this process from domain values, so an unknown enum number is a defect. */
function known<T>(names: ReadonlyMap<Cabin | Direction, T>, value: Cabin | Direction, field: string): T {
  const name = names.get(value);
  if (name === undefined) throw new Error(`cached offer has an unknown ${field} (${value})`);
  return name;
}
