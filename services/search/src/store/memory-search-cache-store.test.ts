import { ManualClock } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it } from "vitest";
import { cachedSearch } from "../testing/fixtures.js";
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

  it("sweeps expired searches out of memory", async () => {
    const clock = new ManualClock();
    const store = open(clock);
    const search = cachedSearch("srch_sweep", 2, clock.now());
    await store.save(search);
    clock.set(search.meta.expiresAt);
    store.sweep();
    // Moving the clock back shows the entry is physically gone, not just hidden by the read check.
    clock.set(search.meta.createdAt);
    expect(await store.page("srch_sweep", 0, 10)).toBeUndefined();
  });
});
