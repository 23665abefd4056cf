import { create } from "@bufbuild/protobuf";
import type {
  FareInclusions as DomainInclusions,
  Cabin as DomainCabin,
  Direction as DomainDirection,
  FareRules as DomainFareRules,
  PassengerCounts,
  PenaltyBand as DomainPenaltyBand,
  ProviderSegment,
} from "@tarmac/airline-port";
import { paiseToProto, toTimestamp } from "@tarmac/kernel";
import {
  Cabin,
  Direction,
  FareBrand,
  FareInclusionsSchema,
  FareRulesSchema,
  Inclusion,
  OfferSchema,
  PassengerCountsSchema,
  PenaltyBandSchema,
  PricingBreakdownSchema,
  SegmentSchema,
  type FareInclusions,
  type FareRules,
  type Offer,
  type PassengerCounts as ProtoPassengerCounts,
  type PenaltyBand,
  type PricingBreakdown as ProtoPricingBreakdown,
  type Segment,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { PricedOffer } from "./domain/priced-offer.js";
import type { PricingBreakdown } from "./domain/pricing.js";
import type { CachedSearchMeta } from "./store/search-cache-store.js";

export const CABIN_TO_PROTO: Record<DomainCabin, Cabin> = {
  ECONOMY: Cabin.ECONOMY,
  PREMIUM_ECONOMY: Cabin.PREMIUM_ECONOMY,
  BUSINESS: Cabin.BUSINESS,
  FIRST: Cabin.FIRST,
};

export const DIRECTION_TO_PROTO: Record<DomainDirection, Direction> = {
  OUTBOUND: Direction.OUTBOUND,
  RETURN: Direction.RETURN,
};

/**
 * Request cabin -> the domain's name. Unspecified means every cabin (undefined); a number this
 * build does not know is passed on as text so validation names it as an invalid value.
 */
export function cabinFromProto(cabin: Cabin): string | undefined {
  if (cabin === Cabin.UNSPECIFIED) return undefined;
  const known = Object.entries(CABIN_TO_PROTO).find(([, value]) => value === cabin);
  return known ? known[0] : String(cabin);
}

export function toProtoOffer(offer: PricedOffer, meta: CachedSearchMeta): Offer {
  return create(OfferSchema, {
    offerId: offer.offerId,
    searchId: meta.searchId,
    signature: offer.signature,
    airline: offer.airline,
    segments: offer.segments.map(toProtoSegment),
    bestPricePaise: paiseToProto(offer.pricing.finalPrice),
    currency: offer.currency,
    pricingBreakdown: toProtoPricing(offer.pricing),
    expiresAt: toTimestamp(meta.expiresAt),
    refundable: offer.refundable,
    provider: offer.provider,
    fareRules: toProtoFareRules(offer.fareRules),
    fareBrand: FareBrand[offer.brand.code],
    inclusions: toProtoInclusions(offer.brand.inclusions),
    holdAllowed: offer.hold !== undefined,
    ...(offer.hold && { holdTicketTimeLimit: toTimestamp(new Date(offer.hold.ticketTimeLimit)) }),
  });
}

export function toProtoPax(pax: PassengerCounts): ProtoPassengerCounts {
  return create(PassengerCountsSchema, { adult: pax.adult, child: pax.child, infant: pax.infant });
}

function toProtoSegment(segment: ProviderSegment): Segment {
  return create(SegmentSchema, {
    carrier: segment.carrier,
    flightNo: segment.flightNo,
    origin: segment.origin,
    dest: segment.dest,
    depTime: segment.depTime,
    arrTime: segment.arrTime,
    cabin: CABIN_TO_PROTO[segment.cabin],
    bookingClass: segment.bookingClass,
    seatsAvailable: segment.seatsAvailable,
    direction: DIRECTION_TO_PROTO[segment.direction],
    durationMinutes: segment.durationMinutes,
    aircraft: segment.aircraft,
  });
}

function toProtoFareRules(rules: DomainFareRules): FareRules {
  return create(FareRulesSchema, {
    refundable: rules.refundable,
    cancellationPenalties: rules.cancellationPenalties.map(toProtoBand),
    changeFees: rules.changeFees.map(toProtoBand),
    taxesRefundable: rules.taxesRefundable,
  });
}

// Offers share their brand object, so its message is built once per brand and shared too.
const inclusionMessages = new WeakMap<DomainInclusions, FareInclusions>();

function toProtoInclusions(inclusions: DomainInclusions): FareInclusions {
  let message = inclusionMessages.get(inclusions);
  if (message === undefined) {
    message = create(FareInclusionsSchema, {
      checkedBaggageKg: inclusions.checkedBaggageKg,
      cabinBaggageKg: inclusions.cabinBaggageKg,
      meal: Inclusion[inclusions.meal],
      seat: Inclusion[inclusions.seat],
      change: Inclusion[inclusions.change],
      refundable: inclusions.refundable,
    });
    inclusionMessages.set(inclusions, message);
  }
  return message;
}

function toProtoBand(band: DomainPenaltyBand): PenaltyBand {
  return create(PenaltyBandSchema, {
    minHoursBeforeDeparture: band.minHoursBeforeDeparture,
    perPassengerPaise: paiseToProto(band.perPassengerPaise),
  });
}

function toProtoPricing(pricing: PricingBreakdown): ProtoPricingBreakdown {
  return create(PricingBreakdownSchema, {
    baseFarePaise: paiseToProto(pricing.baseFare),
    taxesPaise: paiseToProto(pricing.taxes),
    commissionPaise: paiseToProto(pricing.commission),
    otaMarkupPaise: paiseToProto(pricing.otaMarkup),
    agentMarkupPaise: paiseToProto(pricing.agentMarkup),
    netFarePaise: paiseToProto(pricing.netFare),
    finalPricePaise: paiseToProto(pricing.finalPrice),
  });
}
