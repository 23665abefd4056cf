import { describeOnMongo, ManualClock } from "@tarmac/kernel/testing";
import { beforeAll, expect, it } from "vitest";
import { idempotencyStoreContract } from "./idempotency-store.contract.js";
import { MongoIdempotencyStore } from "./mongo-idempotency-store.js";

describeOnMongo("MongoIdempotencyStore", (mongo) => {
  beforeAll(async () => {
    await new MongoIdempotencyStore(mongo.db).ensureIndexes();
  });

  idempotencyStoreContract(async () => ({
    store: new MongoIdempotencyStore(mongo.db, 5_000),
    // Real time: the server's TTL monitor runs on its own clock and would reap a record dated in the past.
    clock: new ManualClock(new Date()),
    leaseMs: 5_000,
  }));

  it("creates the unique scope index and the 24-hour TTL index", async () => {
    const indexes = await mongo.db.collection("idempotency_keys").indexes();
    const byName = new Map(indexes.map((i) => [i.name, i]));
    expect(byName.get("agentId_operation_key")).toMatchObject({ key: { agentId: 1, operation: 1, key: 1 }, unique: true });
    expect(byName.get("createdAt_ttl")).toMatchObject({ key: { createdAt: 1 }, expireAfterSeconds: 86_400 });
  });

  it("guards begin with the unique index across store instances (as across gateway processes)", async () => {
    const clock = new ManualClock(new Date());
    const stores = Array.from({ length: 5 }, () => new MongoIdempotencyStore(mongo.db));
    const scope = { agentId: "agent_multi", operation: "booking.create", key: `multi-${Date.now()}` };
    const results = await Promise.all(stores.flatMap((s) => [1, 2, 3].map(() => s.begin(scope, "fp-a", clock.now()))));
    expect(results.filter((r) => r.state === "started")).toHaveLength(1);
  });
});
