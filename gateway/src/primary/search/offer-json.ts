import { toBinary } from "@bufbuild/protobuf";
import { paiseFromProto } from "@tarmac/kernel";
import {
  Cabin,
  Direction,
  FareInclusionsSchema,
  OfferSchema,
  PricingBreakdownSchema,
  SegmentSchema,
  type Offer,
  type PricingBreakdown,
  type Segment,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { CabinName } from "../../cabins.js";
import { fareBrandName, inclusionsJson, type FareBrandName } from "./fare-brand-json.js";
import { JsonBytes } from "./json-bytes.js";
import type { SearchFlightsPage } from "./search-page-service.js";
import { isVarint, WireReader } from "./wire-reader.js";

/**
 * The one writer of an offer's JSON (API guide, Search): from the offer's wire bytes, for the
 * search page (searchResponseBytes) and for every other answer that shows an offer (offerJson).
 * A booking's segments and pricing are written by segmentJson and pricingJson, below, which give
 * the same JSON for the same segment and breakdown (the test holds them to it).
 */

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

/** An offer as API guide, Search shows it, in the response schema's order. */
export interface OfferJson {
  offer_id: string;
  search_id: string;
  signature: string;
  airline: string;
  provider: string;
  refundable: boolean;
  fare_brand: FareBrandName;
  inclusions: ReturnType<typeof inclusionsJson>;
  segments: ReturnType<typeof segmentJson>[];
  best_price_paise: number;
  currency: string;
  pricing_breakdown: ReturnType<typeof pricingJson>;
  expires_at: string;
  hold_allowed: boolean;
  hold_ticket_time_limit: string | null;
}

/**
 * An Offer message's JSON as an object (fare validation's locked offer), written by the page's
 * writer from the message's bytes: off the hot path, and one writer means the offer a fare
 * validation shows is exactly the one the search page showed.
 */
export function offerJson(offer: Offer): OfferJson {
  return JSON.parse(offerJsonText(toBinary(OfferSchema, offer))) as OfferJson;
}

const O = fieldNumbers(OfferSchema.field);
const S = fieldNumbers(SegmentSchema.field);
const P = fieldNumbers(PricingBreakdownSchema.field);
const I = fieldNumbers(FareInclusionsSchema.field);
/** google.protobuf.Timestamp's field numbers. */
const SECONDS = 1;
const NANOS = 2;

/**
 * An Offer's JSON read straight from its wire bytes and written as text into `out`: the properties
 * of API guide, Search in the response schema's order, as the route's serializer would write them
 * (the search golden test holds the page to the byte), without building the Offer message, the
 * JSON object or the fare rules the page never shows. Field numbers come from the generated
 * descriptors, absent fields read as proto3 defaults, fields this reader does not know are
 * skipped, as any protobuf reader does. The text is made by joining strings, as fast-json-stringify
 * does: V8 joins them without copying and writes the result out in one native call, where writing
 * byte by byte from JavaScript cost half as much again (issue 17).
 */
function writeOfferJson(out: JsonBytes, bytes: Uint8Array): void {
  const r = new WireReader(bytes);
  const text = offerText(r);
  if (r.nonAscii) out.utf8(text);
  else out.ascii(text);
}

/** writeOfferJson's text on its own. */
export const offerJsonText = (bytes: Uint8Array): string => offerText(new WireReader(bytes));

function offerText(r: WireReader): string {
  let offerId = "",
    searchId = "",
    signature = "",
    airline = "",
    provider = "",
    currency = "",
    segments = "";
  let refundable = false;
  let holdAllowed = false;
  let bestPrice = 0;
  let pricing: string | undefined;
  let expiresAt: string | undefined;
  let holdTicketTimeLimit: string | undefined;
  let fareBrand = 0;
  let inclusions: string | undefined;
  while (r.pos < r.length) {
    const tag = r.tag();
    const no = tag >>> 3;
    if (no === O.offerId) offerId = r.jsonStringBody();
    else if (no === O.searchId) searchId = r.jsonStringBody();
    else if (no === O.signature) signature = r.jsonStringBody();
    else if (no === O.airline) airline = r.jsonStringBody();
    else if (no === O.segments) segments = (segments === "" ? "" : segments + ",") + segmentText(r, r.messageEnd());
    else if (no === O.bestPricePaise) bestPrice = r.int64();
    else if (no === O.currency) currency = r.jsonStringBody();
    else if (no === O.pricingBreakdown) pricing = once(pricing, "pricing_breakdown", pricingText(r, r.messageEnd()));
    else if (no === O.expiresAt) expiresAt = once(expiresAt, "expires_at", isoFromWire(r, r.messageEnd(), lastExpiry));
    else if (no === O.refundable) refundable = r.bool();
    else if (no === O.provider) provider = r.jsonStringBody();
    else if (no === O.holdAllowed) holdAllowed = r.bool();
    else if (no === O.holdTicketTimeLimit)
      holdTicketTimeLimit = once(holdTicketTimeLimit, "hold_ticket_time_limit", isoFromWire(r, r.messageEnd(), lastTimeLimit));
    else if (no === O.fareBrand) fareBrand = r.int32();
    else if (no === O.inclusions) inclusions = once(inclusions, "inclusions", inclusionsJsonFromWire(r, r.messageEnd()));
    else r.skip(tag);
  }
  if (pricing === undefined || expiresAt === undefined || inclusions === undefined) {
    throw new Error(`offer ${offerId} lacks pricing, expiry or inclusions`);
  }
  // The wire carries an enum as its number; fareBrandName refuses any that is not one.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const brand = fareBrandName(fareBrand);
  const timeLimit = holdAllowed && holdTicketTimeLimit !== undefined ? `"${holdTicketTimeLimit}"` : "null";
  return (
    `{"offer_id":"${offerId}","search_id":"${searchId}","signature":"${signature}","airline":"${airline}",` +
    `"provider":"${provider}","refundable":${refundable},"fare_brand":"${brand}","inclusions":${inclusions},` +
    `"segments":[${segments}],"best_price_paise":${bestPrice},"currency":"${currency}","pricing_breakdown":${pricing},` +
    `"expires_at":"${expiresAt}","hold_allowed":${holdAllowed},"hold_ticket_time_limit":${timeLimit}}`
  );
}

function segmentText(r: WireReader, end: number): string {
  let carrier = "",
    flightNo = "",
    origin = "",
    dest = "",
    depTime = "",
    arrTime = "",
    bookingClass = "",
    aircraft = "";
  let cabin = 0;
  let direction = 0;
  let seatsAvailable = 0;
  let durationMinutes = 0;
  while (r.pos < end) {
    const tag = r.tag();
    const no = tag >>> 3;
    if (no === S.carrier) carrier = r.jsonStringBody();
    else if (no === S.flightNo) flightNo = r.jsonStringBody();
    else if (no === S.origin) origin = r.jsonStringBody();
    else if (no === S.dest) dest = r.jsonStringBody();
    else if (no === S.depTime) depTime = r.jsonStringBody();
    else if (no === S.arrTime) arrTime = r.jsonStringBody();
    else if (no === S.cabin) cabin = r.int32();
    else if (no === S.bookingClass) bookingClass = r.jsonStringBody();
    else if (no === S.seatsAvailable) seatsAvailable = r.int32();
    else if (no === S.direction) direction = r.int32();
    else if (no === S.durationMinutes) durationMinutes = r.int32();
    else if (no === S.aircraft) aircraft = r.jsonStringBody();
    else r.skip(tag);
  }
  // The wire carries an enum as its number; cabinName and directionName refuse any that is not one.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const cabinText = cabinName(cabin);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const directionText = directionName(direction);
  return (
    `{"carrier":"${carrier}","flight_no":"${flightNo}","origin":"${origin}","dest":"${dest}","dep_time":"${depTime}",` +
    `"arr_time":"${arrTime}","cabin":"${cabinText}","booking_class":"${bookingClass}","seats_available":${seatsAvailable},` +
    `"direction":"${directionText}","duration_minutes":${durationMinutes},"aircraft":"${aircraft}"}`
  );
}

function pricingText(r: WireReader, end: number): string {
  const p = { base: 0, taxes: 0, commission: 0, ota: 0, agent: 0, net: 0, final: 0 };
  while (r.pos < end) {
    const tag = r.tag();
    const no = tag >>> 3;
    if (!isVarint(tag)) r.skip(tag);
    else if (no === P.baseFarePaise) p.base = r.int64();
    else if (no === P.taxesPaise) p.taxes = r.int64();
    else if (no === P.commissionPaise) p.commission = r.int64();
    else if (no === P.otaMarkupPaise) p.ota = r.int64();
    else if (no === P.agentMarkupPaise) p.agent = r.int64();
    else if (no === P.netFarePaise) p.net = r.int64();
    else if (no === P.finalPricePaise) p.final = r.int64();
    else r.skip(tag);
  }
  return (
    `{"base_fare":${p.base},"taxes":${p.taxes},"commission":${p.commission},"ota_markup":${p.ota},` +
    `"agent_markup":${p.agent},"net_fare":${p.net},"final_price":${p.final}}`
  );
}

/**
 * A brand's inclusions: a handful of distinct ones serve a whole search, so the JSON of each is
 * written once and shared by every offer whose bytes are the same.
 */
function inclusionsJsonFromWire(r: WireReader, end: number): string {
  const key = r.latin1(end);
  const known = inclusionsByBytes.get(key);
  if (known !== undefined) {
    r.pos = end;
    return known;
  }
  const i = { checkedBaggageKg: 0, cabinBaggageKg: 0, meal: 0, seat: 0, change: 0, refundable: false };
  while (r.pos < end) {
    const tag = r.tag();
    const no = tag >>> 3;
    if (!isVarint(tag)) r.skip(tag);
    else if (no === I.checkedBaggageKg) i.checkedBaggageKg = r.int32();
    else if (no === I.cabinBaggageKg) i.cabinBaggageKg = r.int32();
    else if (no === I.meal) i.meal = r.int32();
    else if (no === I.seat) i.seat = r.int32();
    else if (no === I.change) i.change = r.int32();
    else if (no === I.refundable) i.refundable = r.bool();
    else r.skip(tag);
  }
  // The wire carries enums as numbers; inclusionsJson refuses any that is not one.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const json = JSON.stringify(inclusionsJson(i));
  if (inclusionsByBytes.size < 256) inclusionsByBytes.set(key, json);
  return json;
}

const inclusionsByBytes = new Map<string, string>();

/** A Timestamp's ISO string, as fromTimestamp(...).toISOString() gives it. */
function isoFromWire(r: WireReader, end: number, last: { ms: number; iso: string }): string {
  let seconds = 0;
  let nanos = 0;
  while (r.pos < end) {
    const tag = r.tag();
    const no = tag >>> 3;
    if (!isVarint(tag)) r.skip(tag);
    else if (no === SECONDS) seconds = r.int64();
    else if (no === NANOS) nanos = r.int32();
    else r.skip(tag);
  }
  const ms = seconds * 1000 + Math.round(nanos / 1_000_000);
  if (ms !== last.ms) {
    last.ms = ms;
    last.iso = new Date(ms).toISOString();
  }
  return last.iso;
}

/**
 * The last instant written of each field: a search's offers share their expiry, and offers on
 * one flight their ticket time limit. One slot per field, so the two do not evict each other.
 */
const lastExpiry = { ms: Number.NaN, iso: "" };
const lastTimeLimit = { ms: Number.NaN, iso: "" };

/**
 * A message field met a second time: protobuf merges the two, field by field, which this writer
 * does not. No encoder of ours writes it (protobuf-es writes a message field once), so it is
 * refused rather than answered with the last one alone: a price made of half a breakdown.
 */
function once(earlier: string | undefined, field: string, value: string): string {
  if (earlier !== undefined) throw new Error(`offer repeats its ${field}: merging message fields is not supported here`);
  return value;
}

function fieldNumbers<K extends string>(fields: Record<K, { readonly number: number }>): Record<K, number> {
  return Object.fromEntries(Object.entries<{ number: number }>(fields).map(([k, f]) => [k, f.number])) as Record<K, number>;
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
function cabinName(cabin: Cabin): CabinName {
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

function directionName(direction: Direction): "OUTBOUND" | "RETURN" {
  if (direction === Direction.OUTBOUND) return "OUTBOUND";
  if (direction === Direction.RETURN) return "RETURN";
  throw new Error(`segment has no direction (${direction})`);
}
