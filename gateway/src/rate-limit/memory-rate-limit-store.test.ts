import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import { CONTRACT_WINDOW_MS, rateLimitStoreContract } from "./rate-limit-store.contract.js";

describe("MemoryRateLimitStore", () => {
  // @fastify/rate-limit's LocalStore reads Date.now(); only Date is faked, timers stay real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / CONTRACT_WINDOW_MS) * CONTRACT_WINDOW_MS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  rateLimitStoreContract(async () => ({
    store: new MemoryRateLimitStore(),
    advance: (ms) => vi.setSystemTime(Date.now() + ms),
  }));

  it("keeps at most maxKeys buckets, dropping the least recently used", async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 2 });
    await store.increment("a", 1_000);
    await store.increment("a", 1_000);
    await store.increment("b", 1_000);
    await store.increment("c", 1_000);
    expect((await store.increment("a", 1_000)).current).toBe(1);
  });
});
