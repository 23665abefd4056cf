import { describeOnMongo, ManualClock } from "@tarmac/kernel/testing";
import { beforeAll, expect, it } from "vitest";
import { MongoSearchCacheStore } from "./mongo-search-cache-store.js";
import { searchCacheStoreContract } from "./search-cache-store.contract.js";

describeOnMongo("MongoSearchCacheStore", (mongo) => {
  beforeAll(async () => {
    await new MongoSearchCacheStore(mongo.db, new ManualClock()).ensureIndexes();
  });

  searchCacheStoreContract(async () => {
    // Real time: the server's TTL monitor runs on its own clock and would reap a search dated in the past.
    const clock = new ManualClock(new Date());
    return { store: new MongoSearchCacheStore(mongo.db, clock), clock };
  });

  it("creates the unique and TTL indexes", async () => {
    const offers = await mongo.db.collection("search_offers").indexes();
    const byName = new Map(offers.map((i) => [i.name, i]));
    expect(byName.get("searchId_position")).toMatchObject({ key: { searchId: 1, position: 1 }, unique: true });
    expect(byName.get("searchId_offerId")).toMatchObject({ key: { searchId: 1, offerId: 1 }, unique: true });
    expect(byName.has("searchId_signature")).toBe(false);
    expect(byName.get("expiresAt_ttl")).toMatchObject({ expireAfterSeconds: 0 });
    const searches = await mongo.db.collection("searches").indexes();
    expect(searches.find((i) => i.name === "expiresAt_ttl")).toMatchObject({ expireAfterSeconds: 0 });
  });
});
