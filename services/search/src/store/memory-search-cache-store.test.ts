import { ManualClock } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it } from "vitest";
import { cachedSearch } from "../testing/fixtures.js";
import { pageCount } from "../page-offers.js";
import { MemorySearchCacheStore } from "./memory-search-cache-store.js";
import { searchCacheStoreContract } from "./search-cache-store.contract.js";

describe("MemorySearchCacheStore", () => {
  const opened: MemorySearchCacheStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  const open = (clock: ManualClock) => {
    const store = new MemorySearchCacheStore({ clock });
    opened.push(store);
    return store;
  };

  searchCacheStoreContract(async () => {
    const clock = new ManualClock();
    return { store: open(clock), clock };
  });

  it("drops the oldest searches once the offers held pass the bound, and keeps the newest", async () => {
    const clock = new ManualClock();
    const store = new MemorySearchCacheStore({ clock, maxOffers: 5 });
    opened.push(store);
    const [first, second, third] = ["srch_a", "srch_b", "srch_c"].map((id) => cachedSearch(id, 2, clock.now()));
    for (const search of [first!, second!, third!]) await store.save(search);
    expect(store.size()).toEqual({ searches: 2, offers: 4 });
    expect(await store.page("srch_a", 0, 10)).toBeUndefined();
    expect(await store.findOfferById(first!.offers[0]!.offerId)).toBeUndefined();
    expect(pageCount((await store.page("srch_b", 0, 10))!)).toBe(2);
    expect(pageCount((await store.page("srch_c", 0, 10))!)).toBe(2);
  });

  it("keeps a search larger than the bound on its own, and counts a saved-again search once", async () => {
    const clock = new ManualClock();
    const store = new MemorySearchCacheStore({ clock, maxOffers: 3 });
    opened.push(store);
    await store.save(cachedSearch("srch_small", 2, clock.now()));
    await store.save(cachedSearch("srch_small", 2, clock.now()));
    expect(store.size()).toEqual({ searches: 1, offers: 2 });
    await store.save(cachedSearch("srch_big", 4, clock.now()));
    expect(store.size()).toEqual({ searches: 1, offers: 4 });
    expect(pageCount((await store.page("srch_big", 0, 10))!)).toBe(4);
  });

  it("sweeps expired searches out of memory", async () => {
    const clock = new ManualClock();
    const store = open(clock);
    const search = cachedSearch("srch_sweep", 2, clock.now());
    await store.save(search);
    clock.set(search.meta.expiresAt);
    store.sweep();
    expect(store.size()).toEqual({ searches: 0, offers: 0 });
    // Moving the clock back shows the entry is physically gone, not just hidden by the read check.
    clock.set(search.meta.createdAt);
    expect(await store.page("srch_sweep", 0, 10)).toBeUndefined();
  });
});
