import { LeaseHolder } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { HoldSweeper } from "./hold-sweeper.js";
import { MemoryWalletStore } from "./store/memory-wallet-store.js";
import type { WalletStore } from "./store/wallet-store.js";

async function withHolds(count: number, ttlMs = 60_000) {
  const clock = new ManualClock();
  const store = new MemoryWalletStore({ clock });
  await store.execute({ type: "openAccount", agentId: "agt_1", currency: "INR", creditLimitPaise: 1_000_000 });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await store.execute({
      type: "hold",
      agentId: "agt_1",
      amountPaise: 100,
      reference: `b${i}`,
      expiresAt: new Date(clock.now().getTime() + ttlMs),
      description: "",
    });
    ids.push(r.hold!.holdId);
  }
  return { clock, store, ids };
}

describe("HoldSweeper", () => {
  it("runs in one replica at a time: the lease holder voids every expired hold, the other sweeps nothing until it stops", async () => {
    const { clock, store, ids } = await withHolds(12);
    clock.advance(60_000);
    const replica = (owner: string) =>
      new HoldSweeper({
        store,
        clock,
        logger: silentLogger(),
        intervalMs: 1_000_000,
        lease: new LeaseHolder(store.leases, "hold-sweeper", clock, 30_000, owner),
      });
    const [a, b] = [replica("pod-a"), replica("pod-b")];
    expect(await a.sweep()).toBe(12);
    expect(await b.sweep()).toBe(0);
    for (const id of ids) expect((await store.findHold(id))?.state).toBe("VOIDED");
    await a.stop();
    await store.execute({
      type: "hold",
      agentId: "agt_1",
      amountPaise: 100,
      reference: "late",
      expiresAt: new Date(clock.now().getTime() + 1_000),
      description: "",
    });
    clock.advance(1_000);
    expect(await b.sweep()).toBe(1);
  });

  it("voids every expired hold in batches and leaves the rest", async () => {
    const { clock, store, ids } = await withHolds(25);
    const later = await store.execute({
      type: "hold",
      agentId: "agt_1",
      amountPaise: 100,
      reference: "later",
      expiresAt: new Date(clock.now().getTime() + 120_000),
      description: "",
    });
    clock.advance(60_000);
    const sweeper = new HoldSweeper({ store, clock, logger: silentLogger(), intervalMs: 1_000_000, batchSize: 10 });
    expect(await sweeper.sweep()).toBe(25);
    for (const id of ids) expect((await store.findHold(id))?.state).toBe("VOIDED");
    expect((await store.findHold(later.hold!.holdId))?.state).toBe("HELD");
    expect((await store.findAccount("agt_1"))?.heldPaise).toBe(100);
    expect(await sweeper.sweep()).toBe(0);
  });

  it("never runs two sweeps at once", async () => {
    const { clock, store } = await withHolds(5);
    clock.advance(60_000);
    const sweeper = new HoldSweeper({ store, clock, logger: silentLogger(), intervalMs: 1_000_000 });
    const [a, b] = [sweeper.sweep(), sweeper.sweep()];
    expect(a).toBe(b);
    expect(await a).toBe(5);
  });

  it("skips a hold it cannot void and carries on", async () => {
    const { clock, store, ids } = await withHolds(3);
    clock.advance(60_000);
    const failing: WalletStore = Object.assign(Object.create(store) as WalletStore, {
      execute: (command: Parameters<WalletStore["execute"]>[0]) =>
        command.type === "void" && command.holdId === ids[1] ? Promise.reject(new Error("disk on fire")) : store.execute(command),
    });
    const sweeper = new HoldSweeper({ store: failing, clock, logger: silentLogger(), intervalMs: 1_000_000 });
    expect(await sweeper.sweep()).toBe(2);
    expect((await store.findHold(ids[1]!))?.state).toBe("HELD");
  });

  it("stops its timer", async () => {
    const { clock, store, ids } = await withHolds(1);
    const sweeper = new HoldSweeper({ store, clock, logger: silentLogger(), intervalMs: 5 });
    sweeper.start();
    await sweeper.stop();
    clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await store.findHold(ids[0]!))?.state).toBe("HELD");
  });
});
