import { flatString, type Clock } from "@tarmac/kernel";
import { decodeEntries, encodedCount, encodedSlice, encodeOffers, type EncodedOffers } from "../encoded-offers.js";
import { besideWire, fromProtoOffer, type OfferBesideWire } from "../offer-from-proto.js";
import type { CachedSearch, CachedSearchMeta, FoundOffer, SearchCacheStore, SearchPage } from "./search-cache-store.js";

/**
 * A search's offers are kept once, in the bytes a page sends, plus what those bytes do not carry:
 * objects for a hundred thousand offers would double the cache's memory (issue 17). Finding one
 * offer decodes it.
 */
interface Entry {
  readonly meta: CachedSearchMeta;
  readonly encoded: EncodedOffers;
  readonly beside: readonly OfferBesideWire[];
  readonly positionById: ReadonlyMap<string, number>;
}

export interface MemorySearchCacheStoreOptions {
  readonly clock: Clock;
  /** How often expired searches are dropped; reads ignore them in between. */
  readonly sweepIntervalMs?: number;
  /**
   * Offers kept across all live searches. Past it the oldest searches are dropped (their cursors
   * then answer SEARCH_CURSOR_EXPIRED), so a burst of large searches cannot grow the process
   * without bound within one TTL. A search larger than the bound alone is still kept.
   */
  readonly maxOffers?: number;
}

/** About 1 KB of memory per offer (encoded bytes, provider key, indexes): some 100 MB. */
export const DEFAULT_MAX_CACHED_OFFERS = 100_000;

/** In-process search cache for development and tests: one map entry per search, pages are slices of its bytes. */
export class MemorySearchCacheStore implements SearchCacheStore {
  private readonly searches = new Map<string, Entry>();
  private readonly searchOfOffer = new Map<string, string>();
  private readonly clock: Clock;
  private readonly sweeper: NodeJS.Timeout;
  private readonly maxOffers: number;
  private offerCount = 0;

  constructor(options: MemorySearchCacheStoreOptions) {
    this.clock = options.clock;
    this.maxOffers = options.maxOffers ?? DEFAULT_MAX_CACHED_OFFERS;
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    // The sweep must never keep a process alive on its own.
    this.sweeper.unref();
  }

  async save(search: CachedSearch): Promise<void> {
    const { offers } = search;
    this.drop(search.meta.searchId);
    // Maps iterate in insertion order: the first entries are the oldest searches.
    for (const id of this.searches.keys()) {
      if (this.offerCount + offers.length <= this.maxOffers) break;
      this.drop(id);
    }
    this.offerCount += offers.length;
    // The ids and provider keys stay as long as the search: kept flat, not as the trees of parts
    // they were built from (flatString).
    const ids = offers.map((o) => flatString(o.offerId));
    this.searches.set(search.meta.searchId, {
      meta: search.meta,
      encoded: encodeOffers(offers, search.meta),
      beside: offers.map((o) => besideWire({ ...o, providerKey: flatString(o.providerKey) })),
      positionById: new Map(ids.map((id, i) => [id, i])),
    });
    for (const id of ids) this.searchOfOffer.set(id, search.meta.searchId);
  }

  async findOfferById(offerId: string): Promise<FoundOffer | undefined> {
    const searchId = this.searchOfOffer.get(offerId);
    return searchId === undefined ? undefined : this.findOffer(searchId, offerId);
  }

  async page(searchId: string, offset: number, limit: number): Promise<SearchPage | undefined> {
    const entry = this.live(searchId);
    if (!entry) return undefined;
    const total = encodedCount(entry.encoded);
    const [from, to] = [Math.min(offset, total), Math.min(offset + limit, total)];
    return { meta: entry.meta, encoded: encodedSlice(entry.encoded, from, to), count: to - from };
  }

  async findOffer(searchId: string, offerId: string): Promise<FoundOffer | undefined> {
    const entry = this.live(searchId);
    if (!entry) return undefined;
    const position = entry.positionById.get(offerId);
    const beside = position === undefined ? undefined : entry.beside[position];
    if (position === undefined || !beside) return undefined;
    const [message] = decodeEntries(encodedSlice(entry.encoded, position, position + 1));
    return message && { meta: entry.meta, offer: fromProtoOffer(message, beside), position };
  }

  /** Drops every expired search now (the timer calls this periodically). */
  sweep(): void {
    const now = this.clock.now().getTime();
    for (const [id, entry] of this.searches) {
      if (entry.meta.expiresAt.getTime() > now) continue;
      this.drop(id);
    }
  }

  /** Searches and offers held now (expired ones included until the next sweep). */
  size(): { searches: number; offers: number } {
    return { searches: this.searches.size, offers: this.offerCount };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.searches.clear();
    this.searchOfOffer.clear();
    this.offerCount = 0;
  }

  private drop(searchId: string): void {
    const entry = this.searches.get(searchId);
    if (!entry) return;
    this.searches.delete(searchId);
    this.offerCount -= entry.beside.length;
    for (const offerId of entry.positionById.keys()) this.searchOfOffer.delete(offerId);
  }

  private live(searchId: string): Entry | undefined {
    const entry = this.searches.get(searchId);
    return entry && entry.meta.expiresAt.getTime() > this.clock.now().getTime() ? entry : undefined;
  }
}
