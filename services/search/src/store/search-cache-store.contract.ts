import type { ManualClock } from "@tarmac/kernel/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { toProtoOffer } from "../offer-mapper.js";
import { pageMessages } from "../page-offers.js";
import { cachedSearch } from "../testing/fixtures.js";
import type { CachedSearch, SearchCacheStore, SearchPage } from "./search-cache-store.js";

/** A page's offers as callers receive them, and the same for saved offers. */
const sent = (page: SearchPage | undefined) => (page ? pageMessages(page) : undefined);
const messages = (search: CachedSearch, from: number, to?: number) =>
  search.offers.slice(from, to).map((offer) => toProtoOffer(offer, search.meta));

export interface ContractSubject {
  readonly store: SearchCacheStore;
  /** The clock the store reads "now" from. */
  readonly clock: ManualClock;
}

/** The behaviour every SearchCacheStore adapter must show; each adapter's test calls this. */
export function searchCacheStoreContract(subject: () => Promise<ContractSubject>): void {
  let store: SearchCacheStore;
  let clock: ManualClock;
  let seq = 0;
  const newSearchId = () => `srch_contract_${Date.now()}_${++seq}`;

  beforeEach(async () => {
    ({ store, clock } = await subject());
  });

  describe("search cache store contract", () => {
    it("returns the page at any offset, in saved order, with the search's meta", async () => {
      const search = cachedSearch(newSearchId(), 25, clock.now(), {
        criteria: { origin: "DEL", dest: "BOM", departureDate: "2026-12-01", returnDate: "2026-12-05", cabin: "BUSINESS" },
        pax: { adult: 2, child: 1, infant: 1 },
      });
      await store.save(search);
      const page = await store.page(search.meta.searchId, 10, 5);
      expect(page?.meta).toEqual(search.meta);
      expect(sent(page)).toEqual(messages(search, 10, 15));
      expect(sent(await store.page(search.meta.searchId, 20, 100))).toEqual(messages(search, 20));
      expect(sent(await store.page(search.meta.searchId, 25, 10))).toEqual([]);
    });

    it("yields every offer of a large search exactly once when paged to the end", async () => {
      const search = cachedSearch(newSearchId(), 1234, clock.now());
      await store.save(search);
      const seen: string[] = [];
      for (let offset = 0; offset < 1234; offset += 500) {
        const page = await store.page(search.meta.searchId, offset, 500);
        seen.push(...(sent(page)?.map((o) => o.offerId) ?? []));
      }
      expect(seen).toEqual(search.offers.map((o) => o.offerId));
    });

    it("keeps a search without offers, so its meta can be read", async () => {
      const search = cachedSearch(newSearchId(), 0, clock.now());
      await store.save(search);
      const page = await store.page(search.meta.searchId, 0, 100);
      expect(page?.meta).toEqual(search.meta);
      expect(sent(page)).toEqual([]);
    });

    it("finds one offer by id, with its position", async () => {
      const search = cachedSearch(newSearchId(), 12, clock.now());
      await store.save(search);
      const offer = search.offers[7]!;
      const expected = { meta: search.meta, offer, position: 7 };
      expect(await store.findOffer(search.meta.searchId, offer.offerId)).toEqual(expected);
      expect(await store.findOffer(search.meta.searchId, "off_unknown")).toBeUndefined();
      expect(await store.findOfferById(offer.offerId)).toEqual(expected);
      expect(await store.findOfferById("off_unknown")).toBeUndefined();
    });

    it("keeps searches apart", async () => {
      const first = cachedSearch(newSearchId(), 3, clock.now());
      const second = cachedSearch(newSearchId(), 4, clock.now(), { agentId: "agt_two" });
      await store.save(first);
      await store.save(second);
      expect(sent(await store.page(second.meta.searchId, 0, 10))).toEqual(messages(second, 0));
      expect(await store.findOffer(second.meta.searchId, first.offers[0]!.offerId)).toBeUndefined();
      expect(await store.page("srch_never_saved", 0, 10)).toBeUndefined();
    });

    it("forgets a search at its expiry, before any cleanup runs", async () => {
      const old = cachedSearch(newSearchId(), 3, clock.now());
      await store.save(old);
      clock.advance(20 * 60_000);
      const fresh = cachedSearch(newSearchId(), 3, clock.now());
      await store.save(fresh);
      clock.set(old.meta.expiresAt);
      expect(await store.page(old.meta.searchId, 0, 10)).toBeUndefined();
      expect(await store.findOffer(old.meta.searchId, old.offers[0]!.offerId)).toBeUndefined();
      expect(await store.findOfferById(old.offers[0]!.offerId)).toBeUndefined();
      expect(sent(await store.page(fresh.meta.searchId, 0, 10))).toHaveLength(3);
      expect((await store.findOfferById(fresh.offers[2]!.offerId))?.position).toBe(2);
    });
  });
}
