import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { WireType } from "@bufbuild/protobuf/wire";
import {
  OfferSchema,
  SearchFlightsResponseSchema,
  type Offer,
  type SearchFlightsResponse,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { withEncoding } from "@tarmac/kernel";
import type { PricedOffer } from "./domain/priced-offer.js";
import { toProtoOffer } from "./offer-mapper.js";
import type { CachedSearchMeta } from "./store/search-cache-store.js";

/** SearchFlightsResponse.results: the field every page's offers are written under. */
const RESULTS = SearchFlightsResponseSchema.field.results.number;
/** Its tag, one byte (field numbers below 16 take one). */
const RESULTS_TAG = (RESULTS << 3) | WireType.LengthDelimited;

/** A search's offers as a page carries them on the wire, one after the other in one buffer. */
export interface EncodedOffers {
  /** Each offer as a `results` entry: tag, length, Offer bytes. */
  readonly bytes: Uint8Array;
  /** Where offer i's entry starts; one more entry, the buffer's length, closes the last. */
  readonly starts: Uint32Array;
}

/**
 * Encodes a search's offers once, when it is cached: a page answer then copies one slice of bytes
 * instead of building and encoding a hundred messages per request.
 */
export function encodeOffers(offers: readonly PricedOffer[], meta: CachedSearchMeta): EncodedOffers {
  const encoded = offers.map((offer) => toBinary(OfferSchema, toProtoOffer(offer, meta)));
  const starts = new Uint32Array(offers.length + 1);
  let length = 0;
  for (const [i, bytes] of encoded.entries()) {
    starts[i] = length;
    length += 1 + varintLength(bytes.length) + bytes.length;
  }
  starts[offers.length] = length;
  const bytes = new Uint8Array(length);
  for (const [i, offer] of encoded.entries()) {
    let at = starts[i] ?? 0;
    bytes[at++] = RESULTS_TAG;
    for (let n = offer.length; ; n >>>= 7) {
      if (n < 0x80) {
        bytes[at++] = n;
        break;
      }
      bytes[at++] = (n & 0x7f) | 0x80;
    }
    bytes.set(offer, at);
  }
  return { bytes, starts };
}

/** The entries of offers [from, to): a view, not a copy. */
export function encodedSlice(offers: EncodedOffers, from: number, to: number): Uint8Array {
  const last = offers.starts.length - 1;
  return offers.bytes.subarray(offers.starts[Math.min(from, last)], offers.starts[Math.min(to, last)]);
}

/** The offers of `results` entries (encodedSlice), as messages. */
export function decodeEntries(entries: Uint8Array): Offer[] {
  return fromBinary(SearchFlightsResponseSchema, entries).results;
}

/** The number of offers in an encoded search. */
export const encodedCount = (offers: EncodedOffers): number => offers.starts.length - 1;

/**
 * A page whose results are already encoded. They travel as the message's unknown fields, which
 * protobuf writes verbatim after the tag it writes itself: the bytes on the wire are those of the
 * same repeated `results` field, after the scalar fields instead of before them (field order on
 * the wire carries no meaning, and every decoder reads them as `results`).
 */
export function encodedPage(
  init: Omit<SearchFlightsResponse, "$typeName" | "results" | "$unknown">,
  entries: Uint8Array,
): SearchFlightsResponse {
  const message = create(SearchFlightsResponseSchema, init);
  // Written before the unknown field: the page's own fields, then its offers as they are.
  const fields = toBinary(SearchFlightsResponseSchema, message);
  // The first entry's tag is the one protobuf writes for the unknown field; the others are in the data.
  if (entries.length > 0) message.$unknown = [{ no: RESULTS, wireType: WireType.LengthDelimited, data: entries.subarray(1) }];
  return withEncoding(message, [fields, entries]);
}

function varintLength(n: number): number {
  let length = 1;
  while (n >= 0x80) {
    n >>>= 7;
    length++;
  }
  return length;
}
