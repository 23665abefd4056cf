import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { DEMO_SUB_WALLETS, DEMO_WALLET, seedDemoWallet } from "./dev-seed.js";
import { MemoryWalletStore } from "./store/memory-wallet-store.js";

describe("seedDemoWallet", () => {
  it("funds the demo agency and its two sub-agents once, and a booking over 5,000.00 at Pune crosses its alert", async () => {
    const clock = new ManualClock();
    const store = new MemoryWalletStore({ clock });
    await seedDemoWallet(store, silentLogger());
    await seedDemoWallet(store, silentLogger());
    expect(await store.findAccount(DEMO_WALLET.agentId)).toMatchObject({ balancePaise: 50_000_000, creditLimitPaise: 10_000_000 });
    for (const sub of DEMO_SUB_WALLETS) {
      expect(await store.findAccount(sub.agentId)).toMatchObject({ balancePaise: 2_500_000, creditLimitPaise: 0 });
    }
    const alerts = async () => (await store.outbox.pending(1_000)).filter((e) => e.type === "wallet.low_balance");
    const hold = (amountPaise: number, reference: string) =>
      store.execute({
        type: "hold",
        agentId: "agt_demo_pune",
        amountPaise,
        reference,
        expiresAt: new Date(clock.now().getTime() + 60_000),
        description: "",
      });
    await hold(500_000, "bkg_small");
    expect(await alerts()).toEqual([]);
    await hold(1, "bkg_one_paisa_more");
    expect((await alerts()).map((e) => [e.agentId, e.data])).toEqual([
      [
        "agt_demo_pune",
        { available_paise: 1_999_999, threshold_paise: 2_000_000, balance_paise: 2_500_000, credit_limit_paise: 0, held_paise: 500_001 },
      ],
    ]);
  });
});
