import type { Clock } from "@tarmac/kernel";
import type { PricedOffer } from "../domain/priced-offer.js";
import { encodedSlice, type EncodedOffers } from "../encoded-offers.js";
import type { CachedSearch, CachedSearchMeta, FoundOffer, SearchCacheStore, SearchPage } from "./search-cache-store.js";

interface Entry {
  readonly meta: CachedSearchMeta;
  readonly offers: readonly PricedOffer[];
  readonly encoded: EncodedOffers | undefined;
  readonly positionById: ReadonlyMap<string, number>;
}

export interface MemorySearchCacheStoreOptions {
  readonly clock: Clock;
  /** How often expired searches are dropped; reads ignore them in between. */
  readonly sweepIntervalMs?: number;
}

/** In-process search cache for development and tests: one map entry per search, pages are array slices. */
export class MemorySearchCacheStore implements SearchCacheStore {
  private readonly searches = new Map<string, Entry>();
  private readonly searchOfOffer = new Map<string, string>();
  private readonly clock: Clock;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: MemorySearchCacheStoreOptions) {
    this.clock = options.clock;
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    // The sweep must never keep a process alive on its own.
    this.sweeper.unref();
  }

  async save(search: CachedSearch): Promise<void> {
    const offers = [...search.offers];
    this.searches.set(search.meta.searchId, {
      meta: search.meta,
      offers,
      encoded: search.encoded,
      positionById: new Map(offers.map((o, i) => [o.offerId, i])),
    });
    for (const offer of offers) this.searchOfOffer.set(offer.offerId, search.meta.searchId);
  }

  async findOfferById(offerId: string): Promise<FoundOffer | undefined> {
    const searchId = this.searchOfOffer.get(offerId);
    return searchId === undefined ? undefined : this.findOffer(searchId, offerId);
  }

  async page(searchId: string, offset: number, limit: number): Promise<SearchPage | undefined> {
    const entry = this.live(searchId);
    if (!entry) return undefined;
    const end = offset + limit;
    const offers = entry.offers.slice(offset, end);
    return entry.encoded ? { meta: entry.meta, offers, encoded: encodedSlice(entry.encoded, offset, end) } : { meta: entry.meta, offers };
  }

  async findOffer(searchId: string, offerId: string): Promise<FoundOffer | undefined> {
    const entry = this.live(searchId);
    if (!entry) return undefined;
    const position = entry.positionById.get(offerId);
    const offer = position === undefined ? undefined : entry.offers[position];
    return offer && position !== undefined ? { meta: entry.meta, offer, position } : undefined;
  }

  /** Drops every expired search now (the timer calls this periodically). */
  sweep(): void {
    const now = this.clock.now().getTime();
    for (const [id, entry] of this.searches) {
      if (entry.meta.expiresAt.getTime() > now) continue;
      this.searches.delete(id);
      for (const offerId of entry.positionById.keys()) this.searchOfOffer.delete(offerId);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.searches.clear();
    this.searchOfOffer.clear();
  }

  private live(searchId: string): Entry | undefined {
    const entry = this.searches.get(searchId);
    return entry && entry.meta.expiresAt.getTime() > this.clock.now().getTime() ? entry : undefined;
  }
}
