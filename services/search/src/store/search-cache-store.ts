import type { PassengerCounts } from "@tarmac/airline-port";
import type { PricedOffer } from "../domain/priced-offer.js";
import type { SearchedRoute } from "../domain/search-criteria.js";

export interface CachedSearchMeta {
  readonly searchId: string;
  readonly agentId: string;
  readonly criteria: SearchedRoute;
  readonly pax: PassengerCounts;
  /** Number of offers in the search. */
  readonly total: number;
  readonly createdAt: Date;
  /** The search, its offers and its cursors are gone after this instant. */
  readonly expiresAt: Date;
}

export interface CachedSearch {
  readonly meta: CachedSearchMeta;
  /** Priced and already sorted: an offer's index is its position in every page. */
  readonly offers: readonly PricedOffer[];
}

/**
 * Offers at some positions of a search, in the form the adapter keeps them: priced objects, or
 * the `results` entries a page writes on the wire (encodedSlice; the memory store keeps only those).
 * page-offers.ts reads either.
 */
export type SearchPage =
  | { readonly meta: CachedSearchMeta; readonly offers: readonly PricedOffer[] }
  | { readonly meta: CachedSearchMeta; readonly encoded: Uint8Array; readonly count: number };

export interface FoundOffer {
  readonly meta: CachedSearchMeta;
  readonly offer: PricedOffer;
  readonly position: number;
}

/**
 * The search cache (30 minutes). Every read ignores expired searches, whether or not the adapter
 * has physically removed them yet. Reading page k costs the same as reading page 1.
 */
export interface SearchCacheStore {
  save(search: CachedSearch): Promise<void>;
  /** Offers at positions [offset, offset + limit) with the search's meta; undefined if unknown or expired. */
  page(searchId: string, offset: number, limit: number): Promise<SearchPage | undefined>;
  findOffer(searchId: string, offerId: string): Promise<FoundOffer | undefined>;
  /** An offer by its id alone, in whichever live search holds it (offer ids are unique across searches). */
  findOfferById(offerId: string): Promise<FoundOffer | undefined>;
}
