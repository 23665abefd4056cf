import { MemoryOutbox } from "@tarmac/events";
import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { MemoryWalletStore } from "./memory-wallet-store.js";
import { walletStoreContract } from "./wallet-store.contract.js";

describe("MemoryWalletStore", () => {
  walletStoreContract(async () => {
    const clock = new ManualClock();
    return { store: new MemoryWalletStore({ clock }), clock };
  });

  it("appends to the outbox it was given, in the same step as the change", async () => {
    const clock = new ManualClock();
    const outbox = new MemoryOutbox();
    const store = new MemoryWalletStore({ clock, outbox });
    expect(store.outbox).toBe(outbox);
    let seenBalance: number | undefined;
    // A listener runs synchronously on append: the change must already be there with its event.
    outbox.onAppend(() => {
      void store.findAccount("agt_1").then((a) => (seenBalance = a?.balancePaise));
    });
    await store.execute({ type: "openAccount", agentId: "agt_1", currency: "INR", creditLimitPaise: 0 });
    await store.execute({ type: "topUp", agentId: "agt_1", amountPaise: 700, reference: "r1", description: "" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seenBalance).toBe(700);
    expect((await outbox.backlog()).pending).toBe(1);
  });

  it("leaves nothing behind when the outbox refuses the append", async () => {
    const clock = new ManualClock();
    const outbox = new MemoryOutbox();
    const store = new MemoryWalletStore({ clock, outbox });
    await store.execute({ type: "openAccount", agentId: "agt_1", currency: "INR", creditLimitPaise: 0 });
    const append = outbox.append.bind(outbox);
    outbox.append = () => {
      throw new Error("outbox down");
    };
    await expect(store.execute({ type: "topUp", agentId: "agt_1", amountPaise: 700, reference: "r1", description: "" })).rejects.toThrow(
      "outbox down",
    );
    outbox.append = append;
    expect((await store.findAccount("agt_1"))?.balancePaise).toBe(0);
    expect(await store.listTransactions("agt_1")).toEqual([]);
    // The reference was not consumed.
    const retried = await store.execute({ type: "topUp", agentId: "agt_1", amountPaise: 700, reference: "r1", description: "" });
    expect(retried.replayed).toBe(false);
    expect(retried.account.balancePaise).toBe(700);
  });
});
