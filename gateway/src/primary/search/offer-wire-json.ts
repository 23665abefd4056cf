import { FareInclusionsSchema, OfferSchema, PricingBreakdownSchema, SegmentSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { fareBrandName, inclusionsJson } from "./fare-brand-json.js";
import { bytesOf, JsonBytes } from "./json-bytes.js";
import { cabinName, directionName } from "./offer-json.js";
import { isVarint, WireReader } from "./wire-reader.js";

const O = fieldNumbers(OfferSchema.field);
const S = fieldNumbers(SegmentSchema.field);
const P = fieldNumbers(PricingBreakdownSchema.field);
const I = fieldNumbers(FareInclusionsSchema.field);
/** google.protobuf.Timestamp's field numbers. */
const SECONDS = 1;
const NANOS = 2;
/** Where a string field's bytes were on the wire: start and end (absent: empty, proto3's ""). */
type Span = [start: number, end: number];

/**
 * offerJson of an Offer read straight from its wire bytes and written as JSON text into `out`:
 * the same properties, in the response schema's order, as the route's serializer would write them
 * (the search golden test holds the page to the byte), without building the Offer message, the
 * JSON object or the fare rules the page never shows. Strings are copied from the wire. Field
 * numbers come from the generated descriptors, absent fields read as proto3 defaults, fields this
 * reader does not know are skipped, as any protobuf reader does.
 */
export function writeOfferJson(out: JsonBytes, bytes: Uint8Array): void {
  const r = new WireReader(bytes);
  const src = r.bytes;
  const [offerId, searchId, signature, airline, provider, currency] = [absent(), absent(), absent(), absent(), absent(), absent()] as const;
  const segments: Span[] = [];
  let refundable = false;
  let holdAllowed = false;
  let bestPrice = 0;
  let pricing: Span | undefined;
  let expiresAt: string | undefined;
  let holdTicketTimeLimit: string | undefined;
  let fareBrand = 0;
  let inclusions: Buffer | undefined;
  while (r.pos < r.length) {
    const tag = r.tag();
    const no = tag >>> 3;
    if (no === O.offerId) span(r, offerId);
    else if (no === O.searchId) span(r, searchId);
    else if (no === O.signature) span(r, signature);
    else if (no === O.airline) span(r, airline);
    else if (no === O.segments) segments.push(span(r, absent()));
    else if (no === O.bestPricePaise) bestPrice = r.int64();
    else if (no === O.currency) span(r, currency);
    else if (no === O.pricingBreakdown) pricing = span(r, absent());
    else if (no === O.expiresAt) expiresAt = isoFromWire(r, r.messageEnd(), lastExpiry);
    else if (no === O.refundable) refundable = r.bool();
    else if (no === O.provider) span(r, provider);
    else if (no === O.holdAllowed) holdAllowed = r.bool();
    else if (no === O.holdTicketTimeLimit) holdTicketTimeLimit = isoFromWire(r, r.messageEnd(), lastTimeLimit);
    else if (no === O.fareBrand) fareBrand = r.int32();
    else if (no === O.inclusions) inclusions = inclusionsJsonFromWire(r, r.messageEnd());
    else r.skip(tag);
  }
  if (pricing === undefined || expiresAt === undefined || inclusions === undefined) {
    throw new Error(`offer ${src.toString("utf8", ...offerId)} lacks pricing, expiry or inclusions`);
  }
  // The wire carries an enum as its number; fareBrandName refuses any that is not one.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const brand = fareBrandName(fareBrand);
  out.raw(K.offerId);
  out.string(src, ...offerId);
  out.raw(K.searchId);
  out.string(src, ...searchId);
  out.raw(K.signature);
  out.string(src, ...signature);
  out.raw(K.airline);
  out.string(src, ...airline);
  out.raw(K.provider);
  out.string(src, ...provider);
  out.raw(refundable ? K.refundableTrue : K.refundableFalse);
  out.ascii(`"${brand}"`);
  out.raw(K.inclusions);
  out.raw(inclusions);
  out.raw(K.segments);
  for (const [i, [start, end]] of segments.entries()) {
    if (i > 0) out.raw(COMMA);
    writeSegmentJson(out, r, start, end);
  }
  out.raw(K.bestPrice);
  out.int(bestPrice);
  out.raw(K.currency);
  out.string(src, ...currency);
  out.raw(K.pricing);
  writePricingJson(out, r, ...pricing);
  out.raw(K.expiresAt);
  out.ascii(`"${expiresAt}"`);
  out.raw(holdAllowed ? K.holdTrue : K.holdFalse);
  out.ascii(holdAllowed && holdTicketTimeLimit !== undefined ? `"${holdTicketTimeLimit}"` : "null");
  out.raw(CLOSE);
}

/** writeOfferJson's text on its own (tests, and anything that wants one offer). */
export function offerJsonTextFromWire(bytes: Uint8Array): string {
  const out = new JsonBytes();
  writeOfferJson(out, bytes);
  return out.take().toString("utf8");
}

const K = {
  offerId: bytesOf('{"offer_id":'),
  searchId: bytesOf(',"search_id":'),
  signature: bytesOf(',"signature":'),
  airline: bytesOf(',"airline":'),
  provider: bytesOf(',"provider":'),
  refundableTrue: bytesOf(',"refundable":true,"fare_brand":'),
  refundableFalse: bytesOf(',"refundable":false,"fare_brand":'),
  inclusions: bytesOf(',"inclusions":'),
  segments: bytesOf(',"segments":['),
  bestPrice: bytesOf('],"best_price_paise":'),
  currency: bytesOf(',"currency":'),
  pricing: bytesOf(',"pricing_breakdown":'),
  expiresAt: bytesOf(',"expires_at":'),
  holdTrue: bytesOf(',"hold_allowed":true,"hold_ticket_time_limit":'),
  holdFalse: bytesOf(',"hold_allowed":false,"hold_ticket_time_limit":'),
};
const COMMA = bytesOf(",");
const CLOSE = bytesOf("}");

function writeSegmentJson(out: JsonBytes, r: WireReader, start: number, end: number): void {
  const src = r.bytes;
  const [carrier, flightNo, origin, dest, depTime, arrTime, bookingClass, aircraft] = [
    absent(),
    absent(),
    absent(),
    absent(),
    absent(),
    absent(),
    absent(),
    absent(),
  ] as const;
  let cabin = 0;
  let direction = 0;
  let seatsAvailable = 0;
  let durationMinutes = 0;
  r.pos = start;
  while (r.pos < end) {
    const tag = r.tag();
    const no = tag >>> 3;
    if (no === S.carrier) span(r, carrier);
    else if (no === S.flightNo) span(r, flightNo);
    else if (no === S.origin) span(r, origin);
    else if (no === S.dest) span(r, dest);
    else if (no === S.depTime) span(r, depTime);
    else if (no === S.arrTime) span(r, arrTime);
    else if (no === S.cabin) cabin = r.int32();
    else if (no === S.bookingClass) span(r, bookingClass);
    else if (no === S.seatsAvailable) seatsAvailable = r.int32();
    else if (no === S.direction) direction = r.int32();
    else if (no === S.durationMinutes) durationMinutes = r.int32();
    else if (no === S.aircraft) span(r, aircraft);
    else r.skip(tag);
  }
  // The wire carries an enum as its number; cabinName and directionName refuse any that is not one.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const cabinText = cabinName(cabin);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const directionText = directionName(direction);
  out.raw(SK.carrier);
  out.string(src, ...carrier);
  out.raw(SK.flightNo);
  out.string(src, ...flightNo);
  out.raw(SK.origin);
  out.string(src, ...origin);
  out.raw(SK.dest);
  out.string(src, ...dest);
  out.raw(SK.depTime);
  out.string(src, ...depTime);
  out.raw(SK.arrTime);
  out.string(src, ...arrTime);
  out.raw(SK.cabin);
  out.ascii(`"${cabinText}"`);
  out.raw(SK.bookingClass);
  out.string(src, ...bookingClass);
  out.raw(SK.seatsAvailable);
  out.int(seatsAvailable);
  out.raw(SK.direction);
  out.ascii(`"${directionText}"`);
  out.raw(SK.durationMinutes);
  out.int(durationMinutes);
  out.raw(SK.aircraft);
  out.string(src, ...aircraft);
  out.raw(CLOSE);
}

const SK = {
  carrier: bytesOf('{"carrier":'),
  flightNo: bytesOf(',"flight_no":'),
  origin: bytesOf(',"origin":'),
  dest: bytesOf(',"dest":'),
  depTime: bytesOf(',"dep_time":'),
  arrTime: bytesOf(',"arr_time":'),
  cabin: bytesOf(',"cabin":'),
  bookingClass: bytesOf(',"booking_class":'),
  seatsAvailable: bytesOf(',"seats_available":'),
  direction: bytesOf(',"direction":'),
  durationMinutes: bytesOf(',"duration_minutes":'),
  aircraft: bytesOf(',"aircraft":'),
};

function writePricingJson(out: JsonBytes, r: WireReader, start: number, end: number): void {
  const p = { base: 0, taxes: 0, commission: 0, ota: 0, agent: 0, net: 0, final: 0 };
  r.pos = start;
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
  out.ascii(
    `{"base_fare":${p.base},"taxes":${p.taxes},"commission":${p.commission},"ota_markup":${p.ota},` +
      `"agent_markup":${p.agent},"net_fare":${p.net},"final_price":${p.final}}`,
  );
}

/**
 * A brand's inclusions: a handful of distinct ones serve a whole search, so the JSON of each is
 * written once and shared by every offer whose bytes are the same.
 */
function inclusionsJsonFromWire(r: WireReader, end: number): Buffer {
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
  const json = bytesOf(JSON.stringify(inclusionsJson(i)));
  if (inclusionsByBytes.size < 256) inclusionsByBytes.set(key, json);
  return json;
}

const inclusionsByBytes = new Map<string, Buffer>();

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

/** An absent string's span: empty, so it writes "" as proto3 reads it. */
const absent = (): Span => [0, 0];

/** Records the string or message at the reader's position into `into`, and steps over it. */
function span(r: WireReader, into: Span): Span {
  const length = r.messageEnd() - r.pos;
  into[0] = r.pos;
  into[1] = r.pos + length;
  r.pos += length;
  return into;
}

function fieldNumbers<K extends string>(fields: Record<K, { readonly number: number }>): Record<K, number> {
  return Object.fromEntries(Object.entries<{ number: number }>(fields).map(([k, f]) => [k, f.number])) as Record<K, number>;
}
