import { describe, expect, it } from "vitest";
import type { LeaseStore } from "./lease.js";

/**
 * The behaviour every LeaseStore adapter must show. `expire` makes time pass for the store by
 * more than the test's ttl (a clock for memory; a real wait for MongoDB, whose server clock decides).
 */
export function leaseStoreContract(open: () => Promise<{ store: LeaseStore; expire: () => Promise<void>; ttlMs: number }>): void {
  describe("lease store contract", () => {
    it("grants a lease to one owner at a time, renews it for its owner, and lets another take it once expired", async () => {
      const { store, expire, ttlMs } = await open();
      const name = `loop-${Math.random()}`;
      expect(await store.acquire(name, "pod-a", ttlMs)).toBe(true);
      expect(await store.acquire(name, "pod-b", ttlMs)).toBe(false);
      expect(await store.acquire(name, "pod-a", ttlMs)).toBe(true);
      expect(await store.acquire(`${name}-other`, "pod-b", ttlMs)).toBe(true);
      await expire();
      expect(await store.acquire(name, "pod-b", ttlMs)).toBe(true);
      expect(await store.acquire(name, "pod-a", ttlMs)).toBe(false);
    });

    it("lets only the owner release it, and then anyone take it at once", async () => {
      const { store, ttlMs } = await open();
      const name = `loop-${Math.random()}`;
      await store.acquire(name, "pod-a", ttlMs);
      await store.release(name, "pod-b");
      expect(await store.acquire(name, "pod-b", ttlMs)).toBe(false);
      await store.release(name, "pod-a");
      expect(await store.acquire(name, "pod-b", ttlMs)).toBe(true);
    });

    it("gives a lease to exactly one of many owners asking at once", async () => {
      const { store, ttlMs } = await open();
      const name = `loop-${Math.random()}`;
      const granted = await Promise.all(Array.from({ length: 12 }, (_, i) => store.acquire(name, `pod-${i}`, ttlMs)));
      expect(granted.filter(Boolean)).toHaveLength(1);
    });
  });
}
