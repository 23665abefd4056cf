import { create } from "@bufbuild/protobuf";
import { paiseToProto, toTimestamp } from "@tarmac/kernel";
import {
  AncillaryKind,
  GetAncillariesResponseSchema,
  SelectedExtraSchema,
  type GetAncillariesResponse,
  type SelectedExtra,
} from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import type { ExtraClaims } from "./domain/extra-token.js";
import { extraIdOf } from "./domain/extra-token.js";
import type { PassengerExtraOptions } from "./domain/priced-extras.js";
import { lockedOffer } from "./proto-mapping.js";
import type { FareLock } from "./store/fare-lock-store.js";

export function toProtoAncillaries(passengers: readonly PassengerExtraOptions[], lock: FareLock, currency: string): GetAncillariesResponse {
  const segments = lockedOffer(lock).segments;
  return create(GetAncillariesResponseSchema, {
    searchId: lock.searchId,
    offerId: lock.offerId,
    provider: lock.provider,
    currency,
    validUntil: toTimestamp(lock.lockedUntil),
    passengers: passengers.map((p) => ({
      paxId: p.paxId,
      segments: p.segments.map((s) => ({
        segmentIndex: s.segmentIndex,
        origin: segments[s.segmentIndex]?.origin ?? "",
        dest: segments[s.segmentIndex]?.dest ?? "",
        options: s.options.map((o) => ({ ...o, kind: AncillaryKind[o.kind], pricePaise: paiseToProto(o.pricePaise) })),
      })),
    })),
  });
}

export function toProtoSelectedExtra(token: string, claims: ExtraClaims): SelectedExtra {
  return create(SelectedExtraSchema, {
    ancillaryToken: token,
    ancillaryId: extraIdOf(claims.kind, claims.segmentIndex, claims.code),
    paxId: claims.paxId,
    segmentIndex: claims.segmentIndex,
    kind: AncillaryKind[claims.kind],
    code: claims.code,
    description: claims.description,
    pricePaise: paiseToProto(claims.pricePaise),
    maxQuantity: claims.maxQuantity,
    weightKg: claims.weightKg,
  });
}
