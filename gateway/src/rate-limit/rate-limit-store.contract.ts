import { beforeEach, describe, expect, it } from "vitest";
import type { RateLimitStore } from "./rate-limit-store.js";

export interface RateLimitContractSubject {
  readonly store: RateLimitStore;
  /** Moves the store's clock forward. The store's time starts at a multiple of WINDOW_MS. */
  readonly advance: (ms: number) => void;
}

/** The window every contract case uses; each adapter's test aligns its clock to it. */
export const CONTRACT_WINDOW_MS = 1_000;

/** The behaviour every RateLimitStore adapter must show; each adapter's test calls this. */
export function rateLimitStoreContract(subject: () => Promise<RateLimitContractSubject>): void {
  let store: RateLimitStore;
  let advance: (ms: number) => void;
  let seq = 0;
  // Unique per test, so a shared database never mixes tests.
  const newKey = () => `key:contract-${process.pid}-${Date.now()}-${++seq}|default`;
  const hit = (key: string) => store.increment(key, CONTRACT_WINDOW_MS);

  beforeEach(async () => {
    ({ store, advance } = await subject());
  });

  describe("rate limit store contract", () => {
    it("counts a key's hits within a window, with the time left until it resets", async () => {
      const key = newKey();
      expect(await hit(key)).toEqual({ current: 1, resetInMs: CONTRACT_WINDOW_MS });
      advance(300);
      expect(await hit(key)).toEqual({ current: 2, resetInMs: CONTRACT_WINDOW_MS - 300 });
      advance(699);
      expect(await hit(key)).toEqual({ current: 3, resetInMs: 1 });
    });

    it("starts again at 1 in the next window", async () => {
      const key = newKey();
      for (let i = 0; i < 5; i++) await hit(key);
      advance(CONTRACT_WINDOW_MS);
      expect(await hit(key)).toEqual({ current: 1, resetInMs: CONTRACT_WINDOW_MS });
      expect((await hit(key)).current).toBe(2);
    });

    it("keeps keys apart", async () => {
      const [a, b] = [newKey(), newKey()];
      for (let i = 0; i < 3; i++) await hit(a);
      expect((await hit(b)).current).toBe(1);
      expect((await hit(`${a}x`)).current).toBe(1);
      expect((await hit(a)).current).toBe(4);
    });

    it("counts every one of many concurrent hits exactly once", async () => {
      const key = newKey();
      const hits = await Promise.all(Array.from({ length: 50 }, () => hit(key)));
      expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect((await hit(key)).current).toBe(51);
    });
  });
}
