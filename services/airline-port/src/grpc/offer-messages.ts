import { create } from "@bufbuild/protobuf";
import { paiseFromProto, paiseToProto } from "@tarmac/kernel";
import {
  Cabin,
  Direction,
  FareBrand as ProtoFareBrand,
  Inclusion as ProtoInclusion,
  OfferSchema,
  type FareInclusions as ProtoFareInclusions,
  type FareRules as ProtoFareRules,
  type Offer,
  type PassengerCounts as ProtoPassengerCounts,
  type PenaltyBand as ProtoPenaltyBand,
  type Segment,
} from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import {
  CABINS,
  FARE_BRAND_CODES,
  INCLUSIONS,
  type FareBrand,
  type FareInclusions,
  type FareRules,
  type PassengerCounts,
  type PenaltyBand,
  type ProviderOffer,
  type ProviderSegment,
} from "../provider-port.js";
import { holdFromProto, holdToProto } from "./hold-messages.js";
import { enumFromProto, enumToProto } from "./proto-enums.js";

const DIRECTIONS = ["OUTBOUND", "RETURN"] as const;

export function offerToProto(offer: ProviderOffer): Offer {
  return create(OfferSchema, {
    key: offer.key,
    provider: offer.provider,
    airline: offer.airline,
    segments: offer.segments.map(segmentToProto),
    baseFarePaise: paiseToProto(offer.baseFare),
    taxesPaise: paiseToProto(offer.taxes),
    currency: offer.currency,
    refundable: offer.refundable,
    fareRules: {
      refundable: offer.fareRules.refundable,
      cancellationPenalties: offer.fareRules.cancellationPenalties.map(bandToProto),
      changeFees: offer.fareRules.changeFees.map(bandToProto),
      taxesRefundable: offer.fareRules.taxesRefundable,
    },
    fareBrand: enumToProto(ProtoFareBrand, offer.brand.code),
    inclusions: inclusionsToProto(offer.brand.inclusions),
    ...holdToProto(offer.hold),
  });
}

export function offerFromProto(offer: Offer | undefined): ProviderOffer {
  if (offer === undefined) throw new Error("the airline answered without an offer");
  return {
    key: offer.key,
    provider: offer.provider,
    airline: offer.airline,
    segments: offer.segments.map(segmentFromProto),
    baseFare: paiseFromProto(offer.baseFarePaise),
    taxes: paiseFromProto(offer.taxesPaise),
    currency: offer.currency,
    refundable: offer.refundable,
    fareRules: fareRulesFromProto(offer.fareRules),
    brand: brandFromProto(offer),
    ...holdFromProto(offer.hold),
  };
}

export function segmentToProto(s: ProviderSegment) {
  return { ...s, cabin: enumToProto(Cabin, s.cabin), direction: enumToProto(Direction, s.direction) };
}

export function segmentFromProto(s: Segment): ProviderSegment {
  return {
    carrier: s.carrier,
    flightNo: s.flightNo,
    origin: s.origin,
    dest: s.dest,
    depTime: s.depTime,
    arrTime: s.arrTime,
    cabin: enumFromProto(Cabin, s.cabin, CABINS, "segments.cabin"),
    bookingClass: s.bookingClass,
    seatsAvailable: s.seatsAvailable,
    direction: enumFromProto(Direction, s.direction, DIRECTIONS, "segments.direction"),
    durationMinutes: s.durationMinutes,
    aircraft: s.aircraft,
  };
}

function fareRulesFromProto(rules: ProtoFareRules | undefined): FareRules {
  if (rules === undefined) throw new Error("the airline answered an offer without fare rules");
  return {
    refundable: rules.refundable,
    cancellationPenalties: rules.cancellationPenalties.map(bandFromProto),
    changeFees: rules.changeFees.map(bandFromProto),
    // Statutory: taxes are refunded whatever a provider files.
    taxesRefundable: true,
  };
}

function bandToProto(band: PenaltyBand) {
  return { minHoursBeforeDeparture: band.minHoursBeforeDeparture, perPassengerPaise: paiseToProto(band.perPassengerPaise) };
}

function bandFromProto(band: ProtoPenaltyBand): PenaltyBand {
  return { minHoursBeforeDeparture: band.minHoursBeforeDeparture, perPassengerPaise: paiseFromProto(band.perPassengerPaise) };
}

export function paxFromProto(pax: ProtoPassengerCounts | undefined): PassengerCounts {
  return { adult: pax?.adult ?? 0, child: pax?.child ?? 0, infant: pax?.infant ?? 0 };
}

function inclusionsToProto(inclusions: FareInclusions) {
  return {
    checkedBaggageKg: inclusions.checkedBaggageKg,
    cabinBaggageKg: inclusions.cabinBaggageKg,
    meal: enumToProto(ProtoInclusion, inclusions.meal),
    seat: enumToProto(ProtoInclusion, inclusions.seat),
    change: enumToProto(ProtoInclusion, inclusions.change),
    refundable: inclusions.refundable,
  };
}

function brandFromProto(offer: Offer): FareBrand {
  const i: ProtoFareInclusions | undefined = offer.inclusions;
  if (i === undefined) throw new Error("the airline answered an offer without its inclusions");
  const inclusion = (value: number, field: string) => enumFromProto(ProtoInclusion, value, INCLUSIONS, `inclusions.${field}`);
  return {
    code: enumFromProto(ProtoFareBrand, offer.fareBrand, FARE_BRAND_CODES, "fare_brand"),
    inclusions: {
      checkedBaggageKg: i.checkedBaggageKg,
      cabinBaggageKg: i.cabinBaggageKg,
      meal: inclusion(i.meal, "meal"),
      seat: inclusion(i.seat, "seat"),
      change: inclusion(i.change, "change"),
      refundable: i.refundable,
    },
  };
}
