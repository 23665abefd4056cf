import { describe, expect, it } from "vitest";
import { LeaseHolder, MemoryLeaseStore, type LeaseStore } from "./lease.js";
import { leaseStoreContract } from "./lease.contract.js";
import { MongoLeaseStore } from "./mongo-lease-store.js";
import { describeOnMongo } from "./testing/describe-on-mongo.js";
import { ManualClock } from "./testing/manual-clock.js";

describe("MemoryLeaseStore", () => {
  leaseStoreContract(async () => {
    const clock = new ManualClock();
    return { store: new MemoryLeaseStore(clock), ttlMs: 1_000, expire: async () => clock.advance(1_001) };
  });
});

describeOnMongo("MongoLeaseStore", (mongo) => {
  // The server's clock decides expiry: the test waits it out.
  leaseStoreContract(async () => ({
    store: new MongoLeaseStore(mongo.fresh()),
    ttlMs: 300,
    expire: () => new Promise((resolve) => setTimeout(resolve, 400)),
  }));
});

describe("LeaseHolder", () => {
  it("lets one of two replicas work, hands over when the worker stops or stalls, and renews without a write per round", async () => {
    const clock = new ManualClock();
    const store = new MemoryLeaseStore(clock);
    const writes: string[] = [];
    const counting: LeaseStore = {
      acquire: (name, owner, ttl) => (writes.push(owner), store.acquire(name, owner, ttl)),
      release: (name, owner) => store.release(name, owner),
    };
    const a = new LeaseHolder(counting, "outbox:booking", clock, 9_000, "pod-a");
    const b = new LeaseHolder(counting, "outbox:booking", clock, 9_000, "pod-b");
    expect([await a.held(), await b.held()]).toEqual([true, false]);
    writes.length = 0;
    for (let i = 0; i < 10; i++) expect(await a.held()).toBe(true);
    expect(writes).toEqual([]);
    clock.advance(3_001);
    expect(await a.held()).toBe(true);
    expect(writes).toEqual(["pod-a"]);
    // a stalls past the expiry: b takes over, and a learns it lost the lease at its next renewal.
    clock.advance(9_001);
    expect(await b.held()).toBe(true);
    expect(await a.held()).toBe(false);
    await b.release();
    expect(await a.held()).toBe(true);
  });

  it("says no when the store cannot answer", async () => {
    const broken: LeaseStore = { acquire: () => Promise.reject(new Error("no primary")), release: () => Promise.resolve() };
    expect(await new LeaseHolder(broken, "sweep", new ManualClock()).held()).toBe(false);
  });
});
