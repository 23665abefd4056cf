import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { paiseFromProto } from "@tarmac/kernel";
import { FareInclusionsSchema, OfferSchema, PricingBreakdownSchema, SegmentSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { fareBrandName, inclusionsJson } from "./fare-brand-json.js";
import { cabinName, directionName } from "./offer-json.js";

const O = fieldNumbers(OfferSchema.field);
const S = fieldNumbers(SegmentSchema.field);
const P = fieldNumbers(PricingBreakdownSchema.field);
const I = fieldNumbers(FareInclusionsSchema.field);
/** google.protobuf.Timestamp's field numbers. */
const SECONDS = 1;
const NANOS = 2;
/** A JSON string: what the response schema's serializer writes for a string. */
const q = JSON.stringify;

/**
 * offerJson of an Offer read straight from its wire bytes and written as JSON text: the same
 * properties, in the response schema's order, as the route's serializer would write them (the
 * search golden test holds the page to the byte), without building the Offer message, the JSON
 * object or the fare rules the page never shows. Field numbers come from the generated
 * descriptors, absent fields read as proto3 defaults, fields this reader does not know are
 * skipped, as any protobuf reader does.
 */
export function offerJsonTextFromWire(bytes: Uint8Array): string {
  // One reader per offer: its messages are read in place, each up to the end its length gives.
  const r = new BinaryReader(bytes);
  let [offerId, searchId, signature, airline, provider, currency] = ["", "", "", "", "", ""];
  const segments: string[] = [];
  let refundable = false;
  let holdAllowed = false;
  let bestPrice = 0;
  let pricing: string | undefined;
  let expiresAt: string | undefined;
  let holdTicketTimeLimit: string | undefined;
  let fareBrand = 0;
  let inclusions: string | undefined;
  while (r.pos < r.len) {
    const [no, wireType] = r.tag();
    if (no === O.offerId) offerId = r.string();
    else if (no === O.searchId) searchId = r.string();
    else if (no === O.signature) signature = r.string();
    else if (no === O.airline) airline = r.string();
    else if (no === O.segments) segments.push(segmentJsonFromWire(r, end(r)));
    else if (no === O.bestPricePaise) bestPrice = paise(r);
    else if (no === O.currency) currency = r.string();
    else if (no === O.pricingBreakdown) pricing = pricingJsonFromWire(r, end(r));
    else if (no === O.expiresAt) expiresAt = isoFromWire(r, end(r));
    else if (no === O.refundable) refundable = r.bool();
    else if (no === O.provider) provider = r.string();
    else if (no === O.holdAllowed) holdAllowed = r.bool();
    else if (no === O.holdTicketTimeLimit) holdTicketTimeLimit = isoFromWire(r, end(r));
    else if (no === O.fareBrand) fareBrand = r.int32();
    else if (no === O.inclusions) inclusions = inclusionsJsonFromWire(r, end(r), bytes);
    else r.skip(wireType, no);
  }
  if (pricing === undefined || expiresAt === undefined || inclusions === undefined) {
    throw new Error(`offer ${offerId} lacks pricing, expiry or inclusions`);
  }
  // The wire carries an enum as its number; fareBrandName refuses any that is not one.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const brand = fareBrandName(fareBrand);
  const timeLimit = holdAllowed && holdTicketTimeLimit !== undefined ? q(holdTicketTimeLimit) : "null";
  return (
    `{"offer_id":${q(offerId)},"search_id":${q(searchId)},"signature":${q(signature)},"airline":${q(airline)},` +
    `"provider":${q(provider)},"refundable":${refundable},"fare_brand":"${brand}",` +
    `"inclusions":${inclusions},"segments":[${segments.join(",")}],"best_price_paise":${bestPrice},"currency":${q(currency)},` +
    `"pricing_breakdown":${pricing},"expires_at":"${expiresAt}","hold_allowed":${holdAllowed},"hold_ticket_time_limit":${timeLimit}}`
  );
}

function segmentJsonFromWire(r: BinaryReader, end: number): string {
  let [carrier, flightNo, origin, dest, depTime, arrTime, bookingClass, aircraft] = ["", "", "", "", "", "", "", ""];
  let cabin = 0;
  let direction = 0;
  let seatsAvailable = 0;
  let durationMinutes = 0;
  while (r.pos < end) {
    const [no, wireType] = r.tag();
    if (no === S.carrier) carrier = r.string();
    else if (no === S.flightNo) flightNo = r.string();
    else if (no === S.origin) origin = r.string();
    else if (no === S.dest) dest = r.string();
    else if (no === S.depTime) depTime = r.string();
    else if (no === S.arrTime) arrTime = r.string();
    else if (no === S.cabin) cabin = r.int32();
    else if (no === S.bookingClass) bookingClass = r.string();
    else if (no === S.seatsAvailable) seatsAvailable = r.int32();
    else if (no === S.direction) direction = r.int32();
    else if (no === S.durationMinutes) durationMinutes = r.int32();
    else if (no === S.aircraft) aircraft = r.string();
    else r.skip(wireType, no);
  }
  // The wire carries an enum as its number; cabinName and directionName refuse any that is not one.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const cabinText = cabinName(cabin);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const directionText = directionName(direction);
  return (
    `{"carrier":${q(carrier)},"flight_no":${q(flightNo)},"origin":${q(origin)},"dest":${q(dest)},"dep_time":${q(depTime)},` +
    `"arr_time":${q(arrTime)},"cabin":"${cabinText}","booking_class":${q(bookingClass)},"seats_available":${seatsAvailable},` +
    `"direction":"${directionText}","duration_minutes":${durationMinutes},"aircraft":${q(aircraft)}}`
  );
}

function pricingJsonFromWire(r: BinaryReader, end: number): string {
  const p = { base_fare: 0, taxes: 0, commission: 0, ota_markup: 0, agent_markup: 0, net_fare: 0, final_price: 0 };
  while (r.pos < end) {
    const [no, wireType] = r.tag();
    if (wireType !== WireType.Varint) r.skip(wireType, no);
    else if (no === P.baseFarePaise) p.base_fare = paise(r);
    else if (no === P.taxesPaise) p.taxes = paise(r);
    else if (no === P.commissionPaise) p.commission = paise(r);
    else if (no === P.otaMarkupPaise) p.ota_markup = paise(r);
    else if (no === P.agentMarkupPaise) p.agent_markup = paise(r);
    else if (no === P.netFarePaise) p.net_fare = paise(r);
    else if (no === P.finalPricePaise) p.final_price = paise(r);
    else r.skip(wireType, no);
  }
  return (
    `{"base_fare":${p.base_fare},"taxes":${p.taxes},"commission":${p.commission},"ota_markup":${p.ota_markup},` +
    `"agent_markup":${p.agent_markup},"net_fare":${p.net_fare},"final_price":${p.final_price}}`
  );
}

/**
 * A brand's inclusions: a handful of distinct ones serve a whole search, so the JSON of each is
 * written once and shared by every offer whose bytes are the same.
 */
function inclusionsJsonFromWire(r: BinaryReader, end: number, bytes: Uint8Array): string {
  const key = bytes.subarray(r.pos, end).join(",");
  const known = inclusionsByBytes.get(key);
  if (known !== undefined) {
    r.pos = end;
    return known;
  }
  const i = { checkedBaggageKg: 0, cabinBaggageKg: 0, meal: 0, seat: 0, change: 0, refundable: false };
  while (r.pos < end) {
    const [no, wireType] = r.tag();
    if (wireType !== WireType.Varint) r.skip(wireType, no);
    else if (no === I.checkedBaggageKg) i.checkedBaggageKg = r.int32();
    else if (no === I.cabinBaggageKg) i.cabinBaggageKg = r.int32();
    else if (no === I.meal) i.meal = r.int32();
    else if (no === I.seat) i.seat = r.int32();
    else if (no === I.change) i.change = r.int32();
    else if (no === I.refundable) i.refundable = r.bool();
    else r.skip(wireType, no);
  }
  // The wire carries enums as numbers; inclusionsJson refuses any that is not one.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const json = JSON.stringify(inclusionsJson(i));
  if (inclusionsByBytes.size < 256) inclusionsByBytes.set(key, json);
  return json;
}

const inclusionsByBytes = new Map<string, string>();

function paise(r: BinaryReader): number {
  return paiseFromProto(BigInt(r.int64()));
}

/** A Timestamp's ISO string, as fromTimestamp(...).toISOString() gives it. */
function isoFromWire(r: BinaryReader, end: number): string {
  let seconds = 0;
  let nanos = 0;
  while (r.pos < end) {
    const [no, wireType] = r.tag();
    if (wireType !== WireType.Varint) r.skip(wireType, no);
    else if (no === SECONDS) seconds = Number(r.int64());
    else if (no === NANOS) nanos = r.int32();
    else r.skip(wireType, no);
  }
  const ms = seconds * 1000 + Math.round(nanos / 1_000_000);
  // A search's offers mostly share their expiry: the last instant's string is kept.
  if (ms !== lastIso.ms) lastIso = { ms, iso: new Date(ms).toISOString() };
  return lastIso.iso;
}

let lastIso = { ms: Number.NaN, iso: "" };

/** Where the length-delimited message starting at the reader's position ends. */
function end(r: BinaryReader): number {
  const length = r.uint32();
  return r.pos + length;
}

function fieldNumbers<K extends string>(fields: Record<K, { readonly number: number }>): Record<K, number> {
  return Object.fromEntries(Object.entries<{ number: number }>(fields).map(([k, f]) => [k, f.number])) as Record<K, number>;
}
