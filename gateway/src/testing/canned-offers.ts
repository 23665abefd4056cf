import { create } from "@bufbuild/protobuf";
import { toTimestamp } from "@tarmac/kernel";
import {
  Cabin,
  Direction,
  FareBrand,
  Inclusion,
  type Offer,
  OfferSchema,
  type SearchFlightsResponse,
  SearchFlightsResponseSchema,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";

export const SEARCH_ID = "srch_01JCANNED";
export const EXPIRES_AT = "2026-11-22T06:30:00.000Z";

/** One outbound DEL-BOM offer whose breakdown satisfies the pricing identities. */
export function cannedOffer(overrides: Partial<Offer> = {}): Offer {
  const offer = create(OfferSchema, {
    offerId: "off_001",
    searchId: SEARCH_ID,
    signature: "sig_abc",
    airline: "AI",
    provider: "SANDBOX",
    refundable: true,
    segments: [
      {
        carrier: "AI",
        flightNo: "AI 865",
        origin: "DEL",
        dest: "BOM",
        depTime: "2026-12-01T06:15:00+05:30",
        arrTime: "2026-12-01T08:25:00+05:30",
        cabin: Cabin.ECONOMY,
        bookingClass: "Y",
        seatsAvailable: 9,
        direction: Direction.OUTBOUND,
        durationMinutes: 130,
        aircraft: "320",
      },
    ],
    bestPricePaise: 612_345n,
    currency: "INR",
    pricingBreakdown: {
      baseFarePaise: 500_000n,
      taxesPaise: 90_000n,
      commissionPaise: 10_000n,
      otaMarkupPaise: 20_000n,
      agentMarkupPaise: 12_345n,
      netFarePaise: 600_000n,
      finalPricePaise: 612_345n,
    },
    expiresAt: toTimestamp(new Date(EXPIRES_AT)),
    fareBrand: FareBrand.FLEXI,
    inclusions: {
      checkedBaggageKg: 20,
      cabinBaggageKg: 7,
      meal: Inclusion.INCLUDED,
      seat: Inclusion.INCLUDED,
      change: Inclusion.INCLUDED,
      refundable: true,
    },
  });
  return Object.assign(offer, overrides);
}

export function searchPage(overrides: Partial<SearchFlightsResponse> = {}): SearchFlightsResponse {
  const page = create(SearchFlightsResponseSchema, {
    searchId: SEARCH_ID,
    results: [cannedOffer()],
    cursor: "c2lnbmVkLWN1cnNvcg",
    count: 1,
    totalResults: 2,
  });
  return Object.assign(page, overrides);
}
