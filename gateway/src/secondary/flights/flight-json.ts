import { type Offer, Direction, type Segment } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { carrierName } from "../carriers.js";
import { type CurrencyConverter, minorToNumber } from "../currency.js";

/** One flight of API guide, Secondary surface. */
export interface FlightJson {
  readonly id: string;
  readonly total_price: number;
  readonly currency: string;
  readonly outbound: { readonly segments: readonly SegmentJson[] };
  readonly inbound?: { readonly segments: readonly SegmentJson[] };
}

interface SegmentJson {
  readonly carrier_name: string;
  readonly flight_number: string;
  readonly origin: string;
  readonly destination: string;
  readonly departure_at: string;
}

/** One offer as a flight of API guide, Secondary surface, its price in `currency`. */
export function flightJson(offer: Offer, currency: string, converter: CurrencyConverter): FlightJson {
  const outbound = offer.segments.filter((s) => s.direction !== Direction.RETURN);
  const inbound = offer.segments.filter((s) => s.direction === Direction.RETURN);
  return {
    id: offer.offerId,
    total_price: minorToNumber(converter.convert(offer.bestPricePaise, offer.currency, currency)),
    currency,
    outbound: { segments: outbound.map(segmentJson) },
    // Round trips only (API guide, Search: one offer holds both directions, priced as one).
    ...(inbound.length > 0 && { inbound: { segments: inbound.map(segmentJson) } }),
  };
}

function segmentJson(segment: Segment): SegmentJson {
  return {
    carrier_name: carrierName(segment.carrier),
    flight_number: segment.flightNo,
    origin: segment.origin,
    destination: segment.dest,
    departure_at: segment.depTime,
  };
}
