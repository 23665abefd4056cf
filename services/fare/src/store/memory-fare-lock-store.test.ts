import { ManualClock } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it } from "vitest";
import { fareLock } from "./fare-lock-fixture.js";
import { fareLockStoreContract } from "./fare-lock-store.contract.js";
import { MemoryFareLockStore } from "./memory-fare-lock-store.js";

describe("MemoryFareLockStore", () => {
  const opened: MemoryFareLockStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  const open = (clock: ManualClock) => {
    const store = new MemoryFareLockStore({ clock });
    opened.push(store);
    return store;
  };

  fareLockStoreContract(async () => {
    const clock = new ManualClock();
    return { store: open(clock), clock };
  });

  it("sweeps expired locks out of memory and keeps live ones", async () => {
    const clock = new ManualClock();
    const store = open(clock);
    const expiring = fareLock({ createdAt: clock.now() });
    const later = fareLock({ createdAt: new Date(clock.now().getTime() + 60_000) });
    await store.save(expiring);
    await store.save(later);
    clock.set(expiring.lockedUntil);
    store.sweep();
    // Moving the clock back shows the lock is physically gone, not just hidden by the read check.
    clock.set(expiring.createdAt);
    expect(await store.find(expiring.lockId)).toBeUndefined();
    expect(await store.find(later.lockId)).toEqual(later);
  });

  it("sweeps on its own timer", async () => {
    const clock = new ManualClock();
    const store = new MemoryFareLockStore({ clock, sweepIntervalMs: 5 });
    opened.push(store);
    const lock = fareLock({ createdAt: clock.now() });
    await store.save(lock);
    clock.set(lock.lockedUntil);
    await new Promise((resolve) => setTimeout(resolve, 30));
    clock.set(lock.createdAt);
    expect(await store.find(lock.lockId)).toBeUndefined();
  });
});
