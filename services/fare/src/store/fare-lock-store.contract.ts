import type { JsonObject } from "@bufbuild/protobuf";
import type { ManualClock } from "@tarmac/kernel/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { fareLock } from "./fare-lock-fixture.js";
import type { FareLock, FareLockStore, LockedPax } from "./fare-lock-store.js";

export interface ContractSubject {
  readonly store: FareLockStore;
  /** The clock the store reads "now" from. */
  readonly clock: ManualClock;
}

/** A lock without its readonly modifiers, to play a caller that mutates its objects (the offer JSON is mutable already). */
type MutableLock = { -readonly [K in keyof Omit<FareLock, "pax">]: FareLock[K] } & {
  pax: { -readonly [K in keyof LockedPax]: number };
};

/** The behaviour every FareLockStore adapter must show; each adapter's test calls this. */
export function fareLockStoreContract(open: () => Promise<ContractSubject>): void {
  let store: FareLockStore;
  let clock: ManualClock;

  beforeEach(async () => {
    ({ store, clock } = await open());
  });

  /** A fresh lock (unique id) created now by the store's clock. */
  const newLock = (overrides: Partial<FareLock> = {}) => fareLock({ createdAt: clock.now(), ...overrides });

  describe("fare lock store contract", () => {
    it("saves and finds a lock with every field intact", async () => {
      const lock = newLock({ pax: { adult: 3, child: 2, infant: 1 } });
      await store.save(lock);
      const found = await store.find(lock.lockId);
      expect(found).toEqual(lock);
      expect(found?.createdAt).toBeInstanceOf(Date);
      expect(found?.createdAt.getTime()).toBe(lock.createdAt.getTime());
      expect(found?.lockedUntil.getTime()).toBe(lock.lockedUntil.getTime());
      expect(found?.pax).toEqual({ adult: 3, child: 2, infant: 1 });
      expect(found?.offer).toStrictEqual(lock.offer);
    });

    it("finds nothing for an unknown lock id", async () => {
      expect(await store.find("flk_01NEVERSAVED0000000000000")).toBeUndefined();
    });

    it("finds a lock until just before lockedUntil, and not at or after it", async () => {
      const lock = newLock();
      await store.save(lock);
      clock.set(new Date(lock.lockedUntil.getTime() - 1));
      expect((await store.find(lock.lockId))?.lockId).toBe(lock.lockId);
      clock.set(lock.lockedUntil);
      expect(await store.find(lock.lockId)).toBeUndefined();
      clock.advance(5 * 60_000);
      expect(await store.find(lock.lockId)).toBeUndefined();
    });

    it("rejects a second lock with the same id and keeps the first unchanged", async () => {
      const first = newLock();
      await store.save(first);
      const second = newLock({ lockId: first.lockId, agentId: "agt_other", finalPricePaise: 1, offerId: "off_other" });
      await expect(store.save(second)).rejects.toThrow();
      expect(await store.find(first.lockId)).toEqual(first);
    });

    it("keeps locks apart", async () => {
      const first = newLock();
      const second = newLock({ agentId: "agt_two", offerId: "off_two", finalPricePaise: 999_900 });
      await store.save(first);
      await store.save(second);
      expect(await store.find(first.lockId)).toEqual(first);
      expect(await store.find(second.lockId)).toEqual(second);
      // Each lock expires by its own lockedUntil.
      const later = newLock({ lockedUntil: new Date(first.lockedUntil.getTime() + 60_000) });
      await store.save(later);
      clock.set(first.lockedUntil);
      expect(await store.find(first.lockId)).toBeUndefined();
      expect((await store.find(later.lockId))?.lockId).toBe(later.lockId);
    });

    it("is not changed by mutating the saved object afterwards", async () => {
      const lock = newLock();
      const expected = structuredClone(lock);
      const mutable = lock as MutableLock;
      await store.save(lock);
      mutable.agentId = "agt_mutated";
      mutable.pax.adult = 9;
      mutable.offer.offerId = "off_mutated";
      (mutable.offer.segments as JsonObject[])[0]!.carrier = "ZZ";
      mutable.createdAt.setTime(0);
      mutable.lockedUntil.setTime(0);
      expect(await store.find(expected.lockId)).toEqual(expected);
    });

    it("is not changed by mutating a found lock", async () => {
      const lock = newLock();
      await store.save(lock);
      const found = (await store.find(lock.lockId)) as MutableLock;
      found.pax.child = 7;
      found.offer.currency = "USD";
      found.lockedUntil.setTime(0);
      expect(await store.find(lock.lockId)).toEqual(lock);
    });
  });
}
