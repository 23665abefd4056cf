import { createRouterTransport } from "@connectrpc/connect";
import { createPeerClient, DomainError } from "@tarmac/kernel";
import { ManualClock } from "@tarmac/kernel/testing";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { describe, expect, it } from "vitest";
import { FakeWallet } from "./testing/fake-wallet.js";
import { WalletPayments, type Payment } from "./wallet-payments.js";

const payment: Payment = { agentId: "agt_one", amountPaise: 100_000, reference: "bkg_1", description: "a step" };
const refused = new DomainError("PROVIDER_SOLD_OUT", "sold out");

function payments(balance = 1_000_000) {
  const wallet = new FakeWallet(balance);
  const client = createPeerClient(
    WalletService,
    createRouterTransport((router) => router.service(WalletService, wallet.impl())),
  );
  return { wallet, payments: new WalletPayments({ wallet: client, clock: new ManualClock(), holdTtlMs: 60_000 }) };
}

describe("WalletPayments.payFor (hold, airline step, capture)", () => {
  it("holds before the step, captures after it, and answers the step's result", async () => {
    const { wallet, payments: p } = payments();
    const seen: (string | undefined)[] = [];
    const settlement = await p.payFor(payment, async (holdId) => (seen.push(holdId), { done: "PNR123" }));
    expect(settlement).toEqual({ kind: "paid", result: "PNR123" });
    expect(seen).toEqual(["hold_bkg_1"]);
    expect(wallet.calls).toEqual(["hold bkg_1", "capture hold_bkg_1"]);
    expect(wallet.balance).toBe(900_000);
  });

  it("declines without running the step when the wallet cannot cover the amount", async () => {
    const { wallet, payments: p } = payments(99_999);
    let asked = false;
    const settlement = await p.payFor(payment, async () => ((asked = true), { done: 1 }));
    expect([settlement.kind, "error" in settlement && settlement.error.code, asked]).toEqual([
      "declined",
      "WALLET_INSUFFICIENT_FUNDS",
      false,
    ]);
    expect(wallet.calls).toEqual(["hold bkg_1"]);
  });

  it("voids the hold when the step surely did nothing, and never captures", async () => {
    const { wallet, payments: p } = payments();
    expect(await p.payFor(payment, async () => ({ nothingDone: refused }))).toEqual({ kind: "not-done", error: refused });
    expect(wallet.calls).toEqual(["hold bkg_1", "void hold_bkg_1"]);
    expect([wallet.held, wallet.balance]).toEqual([0, 1_000_000]);
  });

  it("keeps the hold for the recovery sweep when the step's outcome is unknown (it throws)", async () => {
    const { wallet, payments: p } = payments();
    const unknown = new Error("no answer");
    await expect(p.payFor(payment, () => Promise.reject(unknown))).rejects.toBe(unknown);
    expect(wallet.calls).toEqual(["hold bkg_1"]);
    expect(wallet.held).toBe(100_000);
  });

  it("answers unpaid, with the step's result, when the hold is gone before the capture", async () => {
    const { wallet, payments: p } = payments();
    const settlement = await p.payFor(payment, async (holdId) => {
      await p.void(holdId!);
      return { done: "PNR123" };
    });
    expect(settlement).toMatchObject({ kind: "unpaid", result: "PNR123", error: { code: "VALIDATION_FAILED" } });
    expect(wallet.captured).toEqual([]);
  });

  it("runs the step alone when there is nothing to pay", async () => {
    const { wallet, payments: p } = payments();
    expect(await p.payFor({ ...payment, amountPaise: 0 }, async (holdId) => ({ done: holdId }))).toEqual({
      kind: "paid",
      result: undefined,
    });
    expect(await p.payFor({ ...payment, amountPaise: 0 }, async () => ({ nothingDone: refused }))).toEqual({
      kind: "not-done",
      error: refused,
    });
    expect(wallet.calls).toEqual([]);
  });
});

describe("WalletPayments.voidAnyHold (unwinding an interrupted step)", () => {
  it("voids the hold the step made under the reference, and holds nothing when the wallet cannot", async () => {
    const { wallet, payments: p } = payments();
    await p.hold(payment);
    await p.voidAnyHold(payment);
    // Asked again under the same reference, the wallet answers the same hold; it is voided, never captured.
    expect(wallet.calls).toEqual(["hold bkg_1", "hold bkg_1", "void hold_bkg_1"]);
    expect(wallet.balance).toBe(1_000_000);
    const poor = payments(99_999);
    await expect(poor.payments.voidAnyHold(payment)).resolves.toBeUndefined();
    expect(poor.wallet.balance).toBe(99_999);
  });
});
