import { fromTimestamp, paiseFromProto } from "@tarmac/kernel";
import { AncillaryKind, type GetAncillariesResponse } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";

function kindName(kind: AncillaryKind): "BAGGAGE" | "MEAL" {
  if (kind === AncillaryKind.BAGGAGE) return "BAGGAGE";
  if (kind === AncillaryKind.MEAL) return "MEAL";
  throw new Error(`ancillary option has no kind (${kind})`);
}

/** API guide, Baggage and meals: per passenger, per segment, each option with its token. */
export function ancillariesJson(response: GetAncillariesResponse) {
  const validUntil = fromTimestamp(response.validUntil);
  if (!validUntil) throw new Error("fare answered ancillaries without their validity");
  return {
    search_id: response.searchId,
    offer_id: response.offerId,
    provider: response.provider,
    currency: response.currency,
    valid_until: validUntil.toISOString(),
    passengers: response.passengers.map((p) => ({
      pax_id: p.paxId,
      segments: p.segments.map((s) => ({
        segment_index: s.segmentIndex,
        origin: s.origin,
        dest: s.dest,
        options: s.options.map((o) => ({
          kind: kindName(o.kind),
          code: o.code,
          description: o.description,
          weight_kg: o.weightKg,
          price_paise: paiseFromProto(o.pricePaise),
          max_quantity: o.maxQuantity,
          ancillary_id: o.ancillaryId,
          ancillary_token: o.ancillaryToken,
        })),
      })),
    })),
  };
}
