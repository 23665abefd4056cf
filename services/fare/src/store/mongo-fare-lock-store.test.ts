import { describeOnMongo, ManualClock } from "@tarmac/kernel/testing";
import { MongoServerError } from "mongodb";
import { beforeAll, expect, it } from "vitest";
import { fareLock } from "./fare-lock-fixture.js";
import { fareLockStoreContract } from "./fare-lock-store.contract.js";
import { MongoFareLockStore } from "./mongo-fare-lock-store.js";

describeOnMongo("MongoFareLockStore", (mongo) => {
  beforeAll(async () => {
    await new MongoFareLockStore(mongo.db, new ManualClock()).ensureIndexes();
  });

  // Clocks start at the real time: the server's TTL monitor runs on real time, and locks dated in
  // the past could be deleted between a test's save and its find.
  const realNowClock = () => new ManualClock(new Date());

  fareLockStoreContract(async () => {
    const clock = realNowClock();
    return { store: new MongoFareLockStore(mongo.db, clock), clock };
  });

  it("creates the TTL and agent indexes", async () => {
    const byName = new Map((await mongo.db.collection("fare_locks").indexes()).map((i) => [i.name, i]));
    expect(byName.get("lockedUntil_ttl")).toMatchObject({ key: { lockedUntil: 1 }, expireAfterSeconds: 3600 });
    const agent = byName.get("agentId_createdAt");
    expect(agent).toMatchObject({ key: { agentId: 1, createdAt: -1 } });
    expect(agent?.unique).toBeUndefined();
    expect(agent?.expireAfterSeconds).toBeUndefined();
  });

  it("creates the indexes idempotently", async () => {
    await expect(new MongoFareLockStore(mongo.db, realNowClock()).ensureIndexes()).resolves.toBeUndefined();
  });

  it("stores dates as BSON dates and the offer as a sub-document", async () => {
    const clock = realNowClock();
    const lock = fareLock({ createdAt: clock.now() });
    await new MongoFareLockStore(mongo.db, clock).save(lock);
    const typed = await mongo.db.collection("fare_locks").countDocuments({
      _id: lock.lockId as never,
      createdAt: { $type: "date" },
      lockedUntil: { $type: "date" },
      offer: { $type: "object" },
      "offer.segments": { $type: "array" },
      "pax.adult": { $type: "number" },
    });
    expect(typed).toBe(1);
  });

  it("keeps an expired lock on record for support while reads ignore it", async () => {
    const clock = realNowClock();
    const store = new MongoFareLockStore(mongo.db, clock);
    const lock = fareLock({ createdAt: clock.now() });
    await store.save(lock);
    clock.set(lock.lockedUntil);
    expect(await store.find(lock.lockId)).toBeUndefined();
    expect(await mongo.db.collection("fare_locks").countDocuments({ _id: lock.lockId as never })).toBe(1);
  });

  it("rejects a duplicate lock id with the server's duplicate key error", async () => {
    const clock = realNowClock();
    const store = new MongoFareLockStore(mongo.db, clock);
    const lock = fareLock({ createdAt: clock.now() });
    await store.save(lock);
    const error: unknown = await store.save(fareLock({ createdAt: clock.now(), lockId: lock.lockId })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect((error as MongoServerError).code).toBe(11000);
  });
});
