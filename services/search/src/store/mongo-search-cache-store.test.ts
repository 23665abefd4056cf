import { ManualClock } from "@tarmac/kernel/testing";
import { MongoClient, type Db } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MongoSearchCacheStore } from "./mongo-search-cache-store.js";
import { searchCacheStoreContract } from "./search-cache-store.contract.js";

const uri = process.env.MONGODB_URI;
if (!uri) console.info("MongoSearchCacheStore contract skipped: set MONGODB_URI to run it against MongoDB");

describe.skipIf(!uri)("MongoSearchCacheStore", () => {
  const dbName = `tarmac_search_test_${process.pid}_${Date.now()}`;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    client = new MongoClient(uri!, { serverSelectionTimeoutMS: 5_000 });
    await client.connect();
    db = client.db(dbName);
    await new MongoSearchCacheStore(db, new ManualClock()).ensureIndexes();
  });

  afterAll(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  searchCacheStoreContract(async () => {
    // Real time: the server's TTL monitor runs on its own clock and would reap a search dated in the past.
    const clock = new ManualClock(new Date());
    return { store: new MongoSearchCacheStore(db, clock), clock };
  });

  it("creates the unique and TTL indexes", async () => {
    const offers = await db.collection("search_offers").indexes();
    const byName = new Map(offers.map((i) => [i.name, i]));
    expect(byName.get("searchId_position")).toMatchObject({ key: { searchId: 1, position: 1 }, unique: true });
    expect(byName.get("searchId_offerId")).toMatchObject({ key: { searchId: 1, offerId: 1 }, unique: true });
    expect(byName.get("expiresAt_ttl")).toMatchObject({ expireAfterSeconds: 0 });
    const searches = await db.collection("searches").indexes();
    expect(searches.find((i) => i.name === "expiresAt_ttl")).toMatchObject({ expireAfterSeconds: 0 });
  });
});
