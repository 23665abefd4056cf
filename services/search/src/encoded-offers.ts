import { create, toBinary, type UnknownField } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { OfferSchema, SearchFlightsResponseSchema, type SearchFlightsResponse } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { toProtoOffer } from "./offer-mapper.js";
import type { PricedOffer } from "./domain/priced-offer.js";
import type { CachedSearchMeta } from "./store/search-cache-store.js";

/** SearchFlightsResponse.results: the field every page's offers are written under. */
const RESULTS = SearchFlightsResponseSchema.field.results.number;

/**
 * Each offer of a search as it goes on the wire inside a page (its length, then its Offer bytes),
 * made once when the search is cached: a page answer then copies bytes instead of building and
 * encoding a hundred messages per request.
 */
export function encodeOffers(offers: readonly PricedOffer[], meta: CachedSearchMeta): Uint8Array[] {
  return offers.map((offer) => new BinaryWriter().bytes(toBinary(OfferSchema, toProtoOffer(offer, meta))).finish());
}

/**
 * A page whose results are already encoded. They travel as the message's unknown fields under the
 * results field number, which protobuf writes verbatim: the bytes on the wire are those of the
 * same repeated Offer field, after the scalar fields instead of before them (field order on the
 * wire carries no meaning, and every decoder reads them as `results`).
 */
export function encodedPage(
  init: Omit<SearchFlightsResponse, "$typeName" | "results" | "$unknown">,
  encoded: readonly Uint8Array[],
): SearchFlightsResponse {
  const message = create(SearchFlightsResponseSchema, init);
  message.$unknown = encoded.map((data): UnknownField => ({ no: RESULTS, wireType: WireType.LengthDelimited, data }));
  return message;
}
