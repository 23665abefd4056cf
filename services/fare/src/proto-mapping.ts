import { create, fromJson, type JsonObject, toJson } from "@bufbuild/protobuf";
import type { SeatPosition as DomainSeatPosition } from "@tarmac/airline-port";
import { paiseToProto, toTimestamp } from "@tarmac/kernel";
import {
  FareLockSchema,
  GetSeatMapResponseSchema,
  SeatPosition,
  type FareLock as ProtoFareLock,
  type GetSeatMapResponse,
} from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { OfferSchema, type Offer } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { PricedSeatMap } from "./domain/priced-seat-map.js";
import type { FareLock } from "./store/fare-lock-store.js";

const POSITIONS: Readonly<Record<DomainSeatPosition, SeatPosition>> = {
  WINDOW: SeatPosition.WINDOW,
  MIDDLE: SeatPosition.MIDDLE,
  AISLE: SeatPosition.AISLE,
};

/** The offer as the lock keeps it: protobuf JSON, readable in the database. */
export function offerToJson(offer: Offer): JsonObject {
  return toJson(OfferSchema, offer) as JsonObject;
}

/**
 * PricingBreakdown's amounts were renamed with their unit (`baseFare` to `baseFarePaise`, ...; same
 * field numbers). A lock written before the rename keeps the old JSON names for its 15 minutes:
 * they are read as the new ones, never dropped (an unknown name would fail the read).
 */
const LEGACY_PRICING_NAMES: Readonly<Record<string, string>> = {
  baseFare: "baseFarePaise",
  taxes: "taxesPaise",
  commission: "commissionPaise",
  otaMarkup: "otaMarkupPaise",
  agentMarkup: "agentMarkupPaise",
  netFare: "netFarePaise",
  finalPrice: "finalPricePaise",
};

function withCurrentPricingNames(offer: JsonObject): JsonObject {
  const pricing = offer.pricingBreakdown;
  if (typeof pricing !== "object" || pricing === null || Array.isArray(pricing)) return offer;
  const renamed = Object.fromEntries(Object.entries(pricing).map(([name, value]) => [LEGACY_PRICING_NAMES[name] ?? name, value]));
  return { ...offer, pricingBreakdown: renamed };
}

export function lockedOffer(lock: Pick<FareLock, "offer">): Offer {
  return fromJson(OfferSchema, withCurrentPricingNames(lock.offer));
}

export function toProtoFareLock(lock: FareLock, fareToken: string): ProtoFareLock {
  return create(FareLockSchema, {
    fareToken,
    agentId: lock.agentId,
    searchId: lock.searchId,
    offer: lockedOffer(lock),
    pax: { ...lock.pax },
    lockedUntil: toTimestamp(lock.lockedUntil),
    createdAt: toTimestamp(lock.createdAt),
    providerOfferKey: lock.providerOfferKey,
  });
}

export function toProtoSeatMap(map: PricedSeatMap, lock: FareLock): GetSeatMapResponse {
  return create(GetSeatMapResponseSchema, {
    searchId: lock.searchId,
    signature: lock.signature,
    provider: map.provider,
    currency: map.currency,
    segments: map.segments.map((segment) => ({
      segmentIndex: segment.segmentIndex,
      origin: segment.origin,
      dest: segment.dest,
      seatmap: segment.rows.map((row) => ({
        row: row.row,
        seats: row.seats.map((seat) => ({
          seat: seat.seat,
          available: seat.available,
          pricePaise: paiseToProto(seat.pricePaise),
          ancillaryId: seat.ancillaryId,
          ancillaryToken: seat.ancillaryToken,
          position: POSITIONS[seat.position],
          exitRow: seat.exitRow,
          extraLegroom: seat.extraLegroom,
        })),
      })),
    })),
    passengerAncillaries: map.passengerAncillaries.map((p) => ({ paxId: p.paxId, ancillaryTokens: [...p.ancillaryTokens] })),
  });
}
