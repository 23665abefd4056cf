import { createMetricsRegistry, type MetricsRegistry } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { calls, walletHarness } from "./testing/wallet-harness.js";
import { WalletServiceImpl } from "./wallet-service.js";
import { failureOf } from "@tarmac/kernel/testing";

async function operations(metrics: MetricsRegistry) {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === "wallet_operations_total");
  return Object.fromEntries((metric?.values ?? []).map((v) => [`${v.labels.operation} ${v.labels.outcome}`, v.value]));
}

describe("wallet_operations_total", () => {
  it("counts commands by operation and outcome: ok, replayed, and refusals by their code", async () => {
    const metrics = createMetricsRegistry();
    const call = calls(new WalletServiceImpl({ ...walletHarness().deps, metrics }));
    await call.openAccount({ agentId: "agt_m", currency: "INR", creditLimitPaise: 0n });
    await call.topUp({ agentId: "agt_m", amountPaise: 1_000n, reference: "seed" });
    await call.topUp({ agentId: "agt_m", amountPaise: 1_000n, reference: "seed" });
    const { holdId } = await call.hold({ agentId: "agt_m", amountPaise: 600n, reference: "bkg_1" });
    expect((await failureOf(call.hold({ agentId: "agt_m", amountPaise: 600n, reference: "bkg_2" }))).code).toBe(
      "WALLET_INSUFFICIENT_FUNDS",
    );
    expect((await failureOf(call.hold({ agentId: "agt_none", amountPaise: 1n, reference: "bkg_3" }))).code).toBe(
      "WALLET_ACCOUNT_NOT_FOUND",
    );
    await call.capture({ holdId });
    expect((await failureOf(call.void({ holdId }))).code).toBe("VALIDATION_FAILED");
    // A request that fails its own validation never reaches the ledger: the RPC metrics count it.
    await failureOf(call.hold({ agentId: "", amountPaise: 1n, reference: "x" }));

    expect(await operations(metrics)).toEqual({
      "open_account ok": 1,
      "top_up ok": 1,
      "top_up replayed": 1,
      "hold ok": 1,
      "hold wallet_insufficient_funds": 1,
      "hold wallet_account_not_found": 1,
      "capture ok": 1,
      "void validation_failed": 1,
    });
  });
});
