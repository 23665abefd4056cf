import { ManualClock } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it } from "vitest";
import { idempotencyStoreContract } from "./idempotency-store.contract.js";
import { IDEMPOTENCY_RETENTION_MS } from "./idempotency-store.js";
import { MemoryIdempotencyStore } from "./memory-idempotency-store.js";

describe("MemoryIdempotencyStore", () => {
  const opened: MemoryIdempotencyStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  const open = (leaseMs?: number) => {
    const store = new MemoryIdempotencyStore(leaseMs === undefined ? {} : { leaseMs });
    opened.push(store);
    return store;
  };

  idempotencyStoreContract(async () => ({ store: open(5_000), clock: new ManualClock(), leaseMs: 5_000 }));

  it("sweeps records past their 24 hours out of memory", async () => {
    const clock = new ManualClock();
    const store = open();
    const scope = { agentId: "agent_1", operation: "booking.create", key: "k" };
    await store.begin(scope, "fp-a", clock.now());
    await store.complete(scope, "fp-a", { statusCode: 200, headers: {}, body: "{}" });
    store.sweep(new Date(clock.now().getTime() + IDEMPOTENCY_RETENTION_MS - 1));
    expect(await store.begin(scope, "fp-b", clock.now())).toEqual({ state: "mismatch" });
    store.sweep(new Date(clock.now().getTime() + IDEMPOTENCY_RETENTION_MS));
    // Asked at the original time, a record still there would answer mismatch: it is gone.
    expect(await store.begin(scope, "fp-b", clock.now())).toMatchObject({ state: "started" });
  });
});
