import { createRouterTransport } from "@connectrpc/connect";
import { createPeerClient, DomainError, toConnectError } from "@tarmac/kernel";
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

/** A wallet client whose first `refusals` hold calls never reach the wallet (connection refused), as while its pod restarts. */
function unreachableFor(refusals: number) {
  const wallet = new FakeWallet(1_000_000);
  const client = createPeerClient(
    WalletService,
    createRouterTransport((router) => router.service(WalletService, wallet.impl())),
  );
  let calls = 0;
  const refused = () =>
    new DomainError("UNAVAILABLE", "A backing service is unavailable, please retry", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:50053"), { code: "ECONNREFUSED" }),
    });
  const flaky = {
    ...client,
    hold: (...args: Parameters<typeof client.hold>) => (++calls <= refusals ? Promise.reject(refused()) : client.hold(...args)),
  };
  return { wallet, calls: () => calls, payments: new WalletPayments({ wallet: flaky, clock: new ManualClock(), holdTtlMs: 60_000 }) };
}

describe("WalletPayments.payFor (hold, airline step, capture)", () => {
  it("asks again at once when the wallet's connection was refused, and pays", async () => {
    const { wallet, payments: p, calls } = unreachableFor(2);
    expect(await p.payFor(payment, async () => ({ done: "PNR123" }))).toEqual({ kind: "paid", result: "PNR123" });
    expect(calls()).toBe(3);
    expect(wallet.balance).toBe(900_000);
  });

  it("declines at once, retryable and with nothing held, when the wallet stays unreachable", async () => {
    const { wallet, payments: p } = unreachableFor(Infinity);
    let asked = false;
    const settlement = await p.payFor(payment, async () => ((asked = true), { done: 1 }));
    expect(settlement.kind).toBe("declined");
    const error = (settlement as { error: DomainError }).error;
    expect([error.code, error.retryAfterSeconds, asked, wallet.held]).toEqual(["UNAVAILABLE", 1, false, 0]);
    expect(error.message).toContain("nothing was charged");
  });

  it("declines a hold the wallet refused for any reason, not only for funds", async () => {
    const client = createPeerClient(
      WalletService,
      createRouterTransport((router) =>
        router.service(WalletService, {
          hold: () => {
            throw toConnectError(new DomainError("WALLET_ACCOUNT_NOT_FOUND", "No wallet account for agent agt_unknown"));
          },
        }),
      ),
    );
    let asked = false;
    const p = new WalletPayments({ wallet: client, clock: new ManualClock(), holdTtlMs: 60_000 });
    const settlement = await p.payFor(payment, async () => ((asked = true), { done: 1 }));
    expect([settlement.kind, (settlement as { error: DomainError }).error.code, asked]).toEqual([
      "declined",
      "WALLET_ACCOUNT_NOT_FOUND",
      false,
    ]);
  });

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
