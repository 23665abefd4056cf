import { create } from "@bufbuild/protobuf";
import { paiseFromProto, paiseToProto } from "@tarmac/kernel";
import {
  AncillaryKind,
  GetAncillariesResponseSchema,
  type ExtraRequest,
  type GetAncillariesResponse,
} from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import { ANCILLARY_KINDS, type ProviderAncillaries, type ReservationExtra } from "../provider-port.js";
import { enumFromProto, enumToProto } from "./proto-enums.js";

export function ancillariesToProto(offered: ProviderAncillaries): GetAncillariesResponse {
  return create(GetAncillariesResponseSchema, {
    provider: offered.provider,
    currency: offered.currency,
    segments: offered.segments.map((segment) => ({
      segmentIndex: segment.segmentIndex,
      options: segment.options.map((o) => ({ ...o, kind: enumToProto(AncillaryKind, o.kind), pricePaise: paiseToProto(o.pricePaise) })),
    })),
  });
}

export function ancillariesFromProto(response: GetAncillariesResponse): ProviderAncillaries {
  return {
    provider: response.provider,
    currency: response.currency,
    segments: response.segments.map((segment) => ({
      segmentIndex: segment.segmentIndex,
      options: segment.options.map((o) => ({
        kind: enumFromProto(AncillaryKind, o.kind, ANCILLARY_KINDS, "segments.options.kind"),
        code: o.code,
        description: o.description,
        weightKg: o.weightKg,
        pricePaise: paiseFromProto(o.pricePaise),
        maxQuantity: o.maxQuantity,
        forInfants: o.forInfants,
      })),
    })),
  };
}

export function extrasFromProto(extras: readonly ExtraRequest[]): ReservationExtra[] {
  return extras.map((e) => ({
    paxId: e.paxId,
    segmentIndex: e.segmentIndex,
    code: e.code,
    quantity: e.quantity,
    ...(e.addReference !== "" && { addReference: e.addReference }),
    ...(e.emdNumber !== "" && { emdNumber: e.emdNumber }),
  }));
}

export function extrasToProto(extras: readonly ReservationExtra[] | undefined) {
  return (extras ?? []).map((e) => ({ ...e }));
}
