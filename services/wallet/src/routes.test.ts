import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { errorInterceptor, fromConnectError } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { EntryKind, WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import { walletRoutes } from "./routes.js";
import { walletHarness, type WalletHarness } from "./testing/wallet-harness.js";

describe("wallet routes through a Connect router transport", () => {
  let h: WalletHarness;
  beforeEach(() => {
    h = walletHarness();
  });
  const client = () =>
    createClient(
      WalletService,
      createRouterTransport(walletRoutes(h.service), { router: { interceptors: [errorInterceptor(silentLogger())] } }),
    );

  it("runs a booking's money through every RPC", async () => {
    const wallet = client();
    const opened = await wallet.openAccount({ agentId: "agt_router", creditLimitPaise: 2_500n });
    expect(opened.balance).toMatchObject({ agentId: "agt_router", currency: "INR", availablePaise: 2_500n });
    await wallet.topUp({ agentId: "agt_router", amountPaise: 10_000n, reference: "neft-1", description: "NEFT" });
    const { holdId, balance } = await wallet.hold({ agentId: "agt_router", amountPaise: 12_500n, reference: "bkg_router" });
    expect(balance).toMatchObject({ balancePaise: 10_000n, heldPaise: 12_500n, availablePaise: 0n });
    expect((await wallet.hold({ agentId: "agt_router", amountPaise: 12_500n, reference: "bkg_router" })).holdId).toBe(holdId);
    expect((await wallet.capture({ holdId })).balance).toMatchObject({ balancePaise: -2_500n, heldPaise: 0n, availablePaise: 0n });
    expect((await wallet.credit({ agentId: "agt_router", amountPaise: 2_500n, reference: "bkg_router:cancel" })).balance).toMatchObject({
      balancePaise: 0n,
    });
    expect((await wallet.setCreditLimit({ agentId: "agt_router", creditLimitPaise: 0n, reference: "lim" })).balance).toMatchObject({
      availablePaise: 0n,
    });
    const statement = await wallet.listStatement({ agentId: "agt_router", limit: 10 });
    expect(statement.lines.map((l) => [l.kind, l.amountPaise, l.balanceAfterPaise])).toEqual([
      [EntryKind.REFUND, 2_500n, 0n],
      [EntryKind.CAPTURE, -12_500n, -2_500n],
      [EntryKind.HOLD, -12_500n, 10_000n],
      [EntryKind.TOP_UP, 10_000n, 10_000n],
    ]);
    expect(statement.count).toBe(4);
    expect(statement.cursor).toBe("");
  });

  it("carries catalogue codes, statuses and field errors to the client", async () => {
    const wallet = client();
    await wallet.openAccount({ agentId: "agt_router" });
    const poor = await wallet.hold({ agentId: "agt_router", amountPaise: 1n, reference: "bkg_1" }).catch((e: unknown) => e);
    expect(ConnectError.from(poor).code).toBe(Code.FailedPrecondition);
    expect(fromConnectError(poor)).toMatchObject({
      code: "WALLET_INSUFFICIENT_FUNDS",
      status: 402,
      message: "Insufficient wallet funds: available 0.00 INR, needed 0.01 INR",
    });
    const missing = await wallet.listStatement({ agentId: "agt_nobody" }).catch((e: unknown) => e);
    expect(ConnectError.from(missing).code).toBe(Code.NotFound);
    expect(fromConnectError(missing)).toMatchObject({ code: "WALLET_ACCOUNT_NOT_FOUND", status: 404 });
    await wallet.topUp({ agentId: "agt_router", amountPaise: 5n, reference: "t" });
    const reused = await wallet.topUp({ agentId: "agt_router", amountPaise: 6n, reference: "t" }).catch((e: unknown) => e);
    expect(fromConnectError(reused)).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", status: 422 });
    const invalid = await wallet.hold({ agentId: "", amountPaise: 0n, reference: "" }).catch((e: unknown) => e);
    expect(ConnectError.from(invalid).code).toBe(Code.InvalidArgument);
    expect(fromConnectError(invalid).errors.map((e) => [e.field, e.code])).toEqual([
      ["agent_id", "REQUIRED"],
      ["amount_paise", "OUT_OF_RANGE"],
      ["reference", "REQUIRED"],
    ]);
    const cursor = await wallet.listStatement({ agentId: "agt_router", cursor: "forged" }).catch((e: unknown) => e);
    expect(fromConnectError(cursor)).toMatchObject({ code: "WALLET_CURSOR_INVALID", status: 400 });
  });
});
