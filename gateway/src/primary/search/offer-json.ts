import { fromTimestamp, paiseFromProto } from "@tarmac/kernel";
import { Cabin, Direction, type Offer, type PricingBreakdown, type Segment } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { CabinName } from "../../cabins.js";
import { fareBrandName, inclusionsJson } from "./fare-brand-json.js";
import { JsonBytes } from "./json-bytes.js";
import { writeOfferJson } from "./offer-wire-json.js";
import type { SearchFlightsPage } from "./search-page-service.js";

/**
 * The JSON text of API guide, Search and Money and pricing (snake_case, money as integer paise,
 * cursor null on the last page), in the order of searchResponseSchema, as its serializer would
 * write it, as UTF-8 bytes: each offer's text written straight from its wire bytes (writeOfferJson).
 */
export function searchResponseBytes(response: SearchFlightsPage): Buffer {
  const out = pageBytes;
  out.reset();
  out.utf8(`{"search_id":${JSON.stringify(response.searchId)},"results":[`);
  for (const [i, offer] of response.results.entries()) {
    if (i > 0) out.ascii(",");
    writeOfferJson(out, offer);
  }
  const cursor = response.cursor === "" ? "null" : JSON.stringify(response.cursor);
  out.utf8(`],"cursor":${cursor},"count":${response.count},"total_results":${response.totalResults}}`);
  return out.take();
}

/** One writer for every page: a page is written whole, synchronously, then taken as a view of its slab. */
const pageBytes = new JsonBytes();

export function offerJson(offer: Offer) {
  const expiresAt = fromTimestamp(offer.expiresAt);
  if (!offer.pricingBreakdown || !expiresAt || !offer.inclusions)
    throw new Error(`offer ${offer.offerId} lacks pricing, expiry or inclusions`);
  return {
    offer_id: offer.offerId,
    search_id: offer.searchId,
    signature: offer.signature,
    airline: offer.airline,
    provider: offer.provider,
    refundable: offer.refundable,
    fare_brand: fareBrandName(offer.fareBrand),
    inclusions: inclusionsJson(offer.inclusions),
    segments: offer.segments.map(segmentJson),
    best_price_paise: paiseFromProto(offer.bestPricePaise),
    currency: offer.currency,
    pricing_breakdown: pricingJson(offer.pricingBreakdown),
    expires_at: expiresAt.toISOString(),
    hold_allowed: offer.holdAllowed,
    hold_ticket_time_limit: offer.holdAllowed ? (fromTimestamp(offer.holdTicketTimeLimit)?.toISOString() ?? null) : null,
  };
}

export function segmentJson(segment: Segment) {
  return {
    carrier: segment.carrier,
    flight_no: segment.flightNo,
    origin: segment.origin,
    dest: segment.dest,
    dep_time: segment.depTime,
    arr_time: segment.arrTime,
    cabin: cabinName(segment.cabin),
    booking_class: segment.bookingClass,
    seats_available: segment.seatsAvailable,
    direction: directionName(segment.direction),
    duration_minutes: segment.durationMinutes,
    aircraft: segment.aircraft,
  };
}

export function pricingJson(pricing: PricingBreakdown) {
  return {
    base_fare: paiseFromProto(pricing.baseFarePaise),
    taxes: paiseFromProto(pricing.taxesPaise),
    commission: paiseFromProto(pricing.commissionPaise),
    ota_markup: paiseFromProto(pricing.otaMarkupPaise),
    agent_markup: paiseFromProto(pricing.agentMarkupPaise),
    net_fare: paiseFromProto(pricing.netFarePaise),
    final_price: paiseFromProto(pricing.finalPricePaise),
  };
}

// An unspecified enum here is a broken contract, not something to show a client.
export function cabinName(cabin: Cabin): CabinName {
  switch (cabin) {
    case Cabin.ECONOMY:
      return "ECONOMY";
    case Cabin.PREMIUM_ECONOMY:
      return "PREMIUM_ECONOMY";
    case Cabin.BUSINESS:
      return "BUSINESS";
    case Cabin.FIRST:
      return "FIRST";
    default:
      throw new Error(`segment has no cabin (${cabin})`);
  }
}

export function directionName(direction: Direction): "OUTBOUND" | "RETURN" {
  if (direction === Direction.OUTBOUND) return "OUTBOUND";
  if (direction === Direction.RETURN) return "RETURN";
  throw new Error(`segment has no direction (${direction})`);
}
