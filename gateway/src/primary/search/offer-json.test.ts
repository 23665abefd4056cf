import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { toTimestamp } from "@tarmac/kernel";
import { Cabin, Direction, FareBrand, Inclusion, OfferSchema, type Offer } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { describe, expect, it } from "vitest";
import { cannedOffer, EXPIRES_AT, SEARCH_ID } from "../../testing/canned-offers.js";
import { offerJson, offerJsonText, pricingJson, segmentJson, type OfferJson } from "./offer-json.js";

const textOf = (offer: Offer) => offerJsonText(toBinary(OfferSchema, offer));
const jsonOf = (offer: Offer) => JSON.parse(textOf(offer)) as OfferJson;

/** cannedOffer's JSON as API guide, Search shows it, properties in the response schema's order. */
const CANNED: OfferJson = {
  offer_id: "off_001",
  search_id: SEARCH_ID,
  signature: "sig_abc",
  airline: "AI",
  provider: "SANDBOX",
  refundable: true,
  fare_brand: "FLEXI",
  inclusions: { checked_baggage_kg: 20, cabin_baggage_kg: 7, meal: "INCLUDED", seat: "INCLUDED", change: "INCLUDED", refundable: true },
  segments: [
    {
      carrier: "AI",
      flight_no: "AI 865",
      origin: "DEL",
      dest: "BOM",
      dep_time: "2026-12-01T06:15:00+05:30",
      arr_time: "2026-12-01T08:25:00+05:30",
      cabin: "ECONOMY",
      booking_class: "Y",
      seats_available: 9,
      direction: "OUTBOUND",
      duration_minutes: 130,
      aircraft: "320",
    },
  ],
  best_price_paise: 612_345,
  currency: "INR",
  pricing_breakdown: {
    base_fare: 500_000,
    taxes: 90_000,
    commission: 10_000,
    ota_markup: 20_000,
    agent_markup: 12_345,
    net_fare: 600_000,
    final_price: 612_345,
  },
  expires_at: EXPIRES_AT,
  hold_allowed: false,
  hold_ticket_time_limit: null,
};

describe("an offer's JSON, written from its wire bytes", () => {
  it("is API guide, Search's offer, byte for byte in the response schema's order", () => {
    expect(textOf(cannedOffer())).toBe(JSON.stringify(CANNED));
  });

  it("writes a return offer on hold, skipping its fare rules, with a sub-millisecond expiry rounded as Date does", () => {
    const offer = cannedOffer({ holdAllowed: true, holdTicketTimeLimit: toTimestamp(new Date("2026-11-30T10:00:00.000Z")) });
    offer.segments.push({ ...offer.segments[0]!, cabin: Cabin.BUSINESS, direction: Direction.RETURN, flightNo: "AI 866" });
    offer.expiresAt = { $typeName: "google.protobuf.Timestamp", seconds: 1_795_000_000n, nanos: 999_600_000 };
    offer.fareRules = {
      $typeName: "tarmac.search.v1.FareRules",
      refundable: true,
      cancellationPenalties: [{ $typeName: "tarmac.search.v1.PenaltyBand", minHoursBeforeDeparture: 24, perPassengerPaise: 300_000n }],
      changeFees: [],
      taxesRefundable: true,
    };
    const returning = { ...CANNED.segments[0]!, cabin: "BUSINESS" as const, direction: "RETURN" as const, flight_no: "AI 866" };
    const expected = {
      ...CANNED,
      segments: [CANNED.segments[0], returning],
      expires_at: new Date(1_795_000_001_000).toISOString(),
      hold_allowed: true,
      hold_ticket_time_limit: "2026-11-30T10:00:00.000Z",
    };
    expect(textOf(offer)).toBe(JSON.stringify(expected));
  });

  it("escapes strings as JSON.stringify does", () => {
    const offer = cannedOffer({ signature: 'a"b\\c\u0001é', airline: "A\nI" });
    expect(textOf(offer)).toBe(JSON.stringify({ ...CANNED, signature: 'a"b\\c\u0001é', airline: "A\nI" }));
  });

  it("answers proto3 defaults for absent fields and null for the time limit of an offer not on hold", () => {
    const offer = cannedOffer({ refundable: false, airline: "", holdTicketTimeLimit: toTimestamp(new Date()) });
    offer.pricingBreakdown!.commissionPaise = 0n;
    expect(jsonOf(offer)).toStrictEqual({
      ...CANNED,
      refundable: false,
      airline: "",
      pricing_breakdown: { ...CANNED.pricing_breakdown, commission: 0 },
      hold_ticket_time_limit: null,
    });
  });

  it("skips fields it does not know, as a newer search service may send them", () => {
    const newer = new BinaryWriter().raw(toBinary(OfferSchema, cannedOffer())).tag(99, WireType.LengthDelimited).string("later").finish();
    expect(offerJsonText(newer)).toBe(JSON.stringify(CANNED));
  });

  it("gives each offer of a page its own expiry, equal or not to the previous one's", () => {
    const expiries = ["2026-11-22T06:30:00.000Z", "2026-11-22T06:30:00.000Z", "2026-11-22T06:31:00.000Z", "2026-11-22T06:30:00.000Z"];
    const offers = expiries.map((at) => cannedOffer({ expiresAt: toTimestamp(new Date(at)) }));
    expect(offers.map((o) => jsonOf(o).expires_at)).toEqual(expiries);
  });

  it("reads the brand and its inclusions, the same for offers of the same inclusions", () => {
    const saver = cannedOffer({ fareBrand: FareBrand.SAVER, refundable: false });
    saver.inclusions = { ...saver.inclusions!, meal: Inclusion.PAID, seat: Inclusion.PAID, change: Inclusion.PAID, refundable: false };
    const [first, second] = [saver, cannedOffer({ offerId: "off_002", fareBrand: FareBrand.SAVER, inclusions: saver.inclusions })].map(
      jsonOf,
    );
    expect(first).toMatchObject({
      fare_brand: "SAVER",
      inclusions: { checked_baggage_kg: 20, cabin_baggage_kg: 7, meal: "PAID", seat: "PAID", change: "PAID", refundable: false },
    });
    expect(second?.inclusions).toStrictEqual(first?.inclusions);
  });

  it("writes segments and pricing as a booking's are written (segmentJson, pricingJson)", () => {
    const offer = cannedOffer();
    offer.segments.push({ ...offer.segments[0]!, cabin: Cabin.PREMIUM_ECONOMY, direction: Direction.RETURN, seatsAvailable: 0 });
    const json = jsonOf(offer);
    expect(json.segments).toStrictEqual(offer.segments.map(segmentJson));
    expect(json.pricing_breakdown).toStrictEqual(pricingJson(offer.pricingBreakdown!));
  });

  it("gives offerJson, for an Offer message, the same JSON", () => {
    expect(offerJson(cannedOffer())).toStrictEqual(CANNED);
  });

  it("refuses an offer without a brand", () => {
    expect(() => textOf(cannedOffer({ fareBrand: FareBrand.UNSPECIFIED }))).toThrow(/no fare brand/);
  });

  it("refuses an offer without pricing", () => {
    expect(() => textOf(cannedOffer({ pricingBreakdown: undefined }))).toThrow(/lacks pricing, expiry or inclusions/);
  });

  it("refuses an offer that repeats its pricing breakdown rather than answer half of a merged one", () => {
    const repeated = new BinaryWriter()
      .raw(toBinary(OfferSchema, cannedOffer()))
      .tag(OfferSchema.field.pricingBreakdown.number, WireType.LengthDelimited)
      .bytes(new BinaryWriter().tag(1, WireType.Varint).int64(5n).finish())
      .finish();
    expect(() => offerJsonText(repeated)).toThrow(/repeats its pricing_breakdown/);
  });

  it("refuses a string that is not UTF-8, as protobuf-es does", () => {
    const invalid = new BinaryWriter()
      .raw(toBinary(OfferSchema, cannedOffer({ airline: "" })))
      .tag(OfferSchema.field.airline.number, WireType.LengthDelimited)
      .bytes(new Uint8Array([0x41, 0xc3, 0x28]))
      .finish();
    expect(() => fromBinary(OfferSchema, invalid)).toThrow();
    expect(() => offerJsonText(invalid)).toThrow();
  });
});
