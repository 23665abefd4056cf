import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { toTimestamp } from "@tarmac/kernel";
import { Cabin, Direction, FareBrand, Inclusion, OfferSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { describe, expect, it } from "vitest";
import { cannedOffer } from "../../testing/canned-offers.js";
import { offerJson } from "./offer-json.js";
import { offerJsonTextFromWire } from "./offer-wire-json.js";

/** The offer's JSON as the route writes it, parsed back. */
const offerJsonFromWire = (bytes: Uint8Array) => JSON.parse(offerJsonTextFromWire(bytes)) as ReturnType<typeof offerJson>;
/** What the response schema's serializer writes for offerJson (properties in the schema's order, as offerJson builds them). */
const serialized = (offer: Parameters<typeof offerJson>[0]) => JSON.stringify(offerJson(offer));

describe("an offer's JSON text written from its wire bytes", () => {
  it("is offerJson's text, byte for byte, for a return offer on hold with fare rules and a sub-millisecond expiry", () => {
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
    expect(offerJsonTextFromWire(toBinary(OfferSchema, offer))).toBe(serialized(offer));
  });

  it("escapes strings as JSON does", () => {
    const offer = cannedOffer({ signature: 'a"b\\c\u0001é', airline: "A\nI" });
    expect(offerJsonTextFromWire(toBinary(OfferSchema, offer))).toBe(serialized(offer));
  });

  it("answers proto3 defaults for absent fields and null for the time limit of an offer not on hold", () => {
    const offer = cannedOffer({ refundable: false, airline: "", holdTicketTimeLimit: toTimestamp(new Date()) });
    offer.pricingBreakdown!.commissionPaise = 0n;
    const json = offerJsonFromWire(toBinary(OfferSchema, offer));
    expect(json).toStrictEqual(offerJson(offer));
    expect(json).toMatchObject({ refundable: false, airline: "", hold_ticket_time_limit: null });
  });

  it("skips fields it does not know, as a newer search service may send them", () => {
    const offer = cannedOffer();
    const newer = new BinaryWriter().raw(toBinary(OfferSchema, offer)).tag(99, WireType.LengthDelimited).string("later").finish();
    expect(offerJsonTextFromWire(newer)).toBe(serialized(offer));
  });

  it("gives each offer of a page its own expiry, equal or not to the previous one's", () => {
    const expiries = ["2026-11-22T06:30:00.000Z", "2026-11-22T06:30:00.000Z", "2026-11-22T06:31:00.000Z", "2026-11-22T06:30:00.000Z"];
    const offers = expiries.map((at) => cannedOffer({ expiresAt: toTimestamp(new Date(at)) }));
    expect(offers.map((o) => offerJsonFromWire(toBinary(OfferSchema, o)).expires_at)).toEqual(expiries);
  });

  it("reads the brand and its inclusions, the same for offers of the same inclusions", () => {
    const saver = cannedOffer({ fareBrand: FareBrand.SAVER, refundable: false });
    saver.inclusions = { ...saver.inclusions!, meal: Inclusion.PAID, seat: Inclusion.PAID, change: Inclusion.PAID, refundable: false };
    const [first, second] = [saver, cannedOffer({ offerId: "off_002", fareBrand: FareBrand.SAVER, inclusions: saver.inclusions })].map(
      (o) => offerJsonFromWire(toBinary(OfferSchema, o)),
    );
    expect(first).toStrictEqual(offerJson(saver));
    expect(first).toMatchObject({
      fare_brand: "SAVER",
      inclusions: { checked_baggage_kg: 20, cabin_baggage_kg: 7, meal: "PAID", seat: "PAID", change: "PAID", refundable: false },
    });
    expect(second?.inclusions).toStrictEqual(first?.inclusions);
  });

  it("refuses an offer without a brand, as offerJson does", () => {
    const offer = cannedOffer({ fareBrand: FareBrand.UNSPECIFIED });
    expect(() => offerJsonFromWire(toBinary(OfferSchema, offer))).toThrow(/no fare brand/);
    expect(() => offerJson(offer)).toThrow(/no fare brand/);
  });

  it("refuses an offer without pricing, as offerJson does", () => {
    const offer = cannedOffer({ pricingBreakdown: undefined });
    expect(() => offerJsonFromWire(toBinary(OfferSchema, offer))).toThrow(/lacks pricing, expiry or inclusions/);
  });

  it("refuses an offer that repeats its pricing breakdown rather than answer half of a merged one", () => {
    const offer = cannedOffer();
    const repeated = new BinaryWriter()
      .raw(toBinary(OfferSchema, offer))
      .tag(OfferSchema.field.pricingBreakdown.number, WireType.LengthDelimited)
      .bytes(new BinaryWriter().tag(1, WireType.Varint).int64(5n).finish())
      .finish();
    expect(() => offerJsonTextFromWire(repeated)).toThrow(/repeats its pricing_breakdown/);
  });

  it("refuses a string that is not UTF-8, as protobuf-es does", () => {
    const offer = cannedOffer({ airline: "" });
    const invalid = new BinaryWriter()
      .raw(toBinary(OfferSchema, offer))
      .tag(OfferSchema.field.airline.number, WireType.LengthDelimited)
      .bytes(new Uint8Array([0x41, 0xc3, 0x28]))
      .finish();
    expect(() => fromBinary(OfferSchema, invalid)).toThrow();
    expect(() => offerJsonTextFromWire(invalid)).toThrow();
  });
});
