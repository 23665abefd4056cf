import { create } from "@bufbuild/protobuf";
import { DomainError } from "@tarmac/kernel";
import {
  GetBalanceRequestSchema,
  OpenAccountRequestSchema,
  SetCreditLimitRequestSchema,
  TopUpRequestSchema,
} from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, balance, fakeServices, FAKE_URLS } from "../testing/fakes.js";
import { run } from "../testing/run.js";

function services() {
  return fakeServices({
    wallet: {
      topUp: (req) => ({ balance: balance({ balancePaise: req.amountPaise, availablePaise: req.amountPaise }) }),
      setCreditLimit: (req) => ({ balance: balance({ creditLimitPaise: req.creditLimitPaise, availablePaise: req.creditLimitPaise }) }),
      getBalance: () => ({
        balance: balance({ balancePaise: 5_000_005n, creditLimitPaise: 10_000_000n, heldPaise: 1_234_56n, availablePaise: 14_876_449n }),
      }),
      openAccount: (req) => ({ balance: balance({ agentId: req.agentId }) }),
    },
  });
}

describe("wallet commands", () => {
  it("tops up exact paise with the reference", async () => {
    const { clients, calls } = services();
    const result = await run(["wallet", "topup", AGENT_ID, "50000.05", "--reference", "NEFT-001", "--description", "November advance"], {
      clients,
    });
    expect(calls).toEqual([
      {
        method: "WalletService.TopUp",
        request: create(TopUpRequestSchema, {
          agentId: AGENT_ID,
          amountPaise: 5_000_005n,
          reference: "NEFT-001",
          description: "November advance",
        }),
      },
    ]);
    expect(result.stdout).toMatch(/^Topped up INR 50000\.05 \(reference NEFT-001\):\n[\s\S]*balance\s+INR 50000\.05/);
  });

  it("answers the top-up as one JSON object", async () => {
    const { clients } = services();
    const result = await run(["--json", "wallet", "topup", AGENT_ID, "0.29", "--reference", "R1"], { clients });
    expect(JSON.parse(result.stdout)).toEqual({
      amount_paise: 29,
      reference: "R1",
      balance: { agent_id: AGENT_ID, currency: "INR", balance_paise: 29, credit_limit_paise: 0, held_paise: 0, available_paise: 29 },
    });
  });

  it("sets a credit limit, zero included", async () => {
    const { clients, calls } = services();
    expect((await run(["wallet", "credit-limit", AGENT_ID, "100000", "--reference", "CL-1"], { clients })).code).toBe(0);
    expect((await run(["wallet", "credit-limit", AGENT_ID, "0", "--reference", "CL-2", "--json"], { clients })).stdout).toContain(
      '"credit_limit_paise":0',
    );
    expect(calls.map((c) => c.request)).toEqual([
      create(SetCreditLimitRequestSchema, { agentId: AGENT_ID, creditLimitPaise: 10_000_000n, reference: "CL-1" }),
      create(SetCreditLimitRequestSchema, { agentId: AGENT_ID, creditLimitPaise: 0n, reference: "CL-2" }),
    ]);
  });

  it("shows the balance", async () => {
    const { clients, calls } = services();
    const result = await run(["wallet", "balance", AGENT_ID], { clients });
    expect(calls).toEqual([{ method: "WalletService.GetBalance", request: create(GetBalanceRequestSchema, { agentId: AGENT_ID }) }]);
    expect(result.stdout.split("\n")).toEqual([
      `  agent         ${AGENT_ID}`,
      "  balance       INR 50000.05",
      "  credit limit  INR 100000.00",
      "  held          INR 1234.56",
      "  available     INR 148764.49",
    ]);
    expect(JSON.parse((await run(["wallet", "balance", AGENT_ID, "--json"], { clients })).stdout)).toEqual({
      balance: {
        agent_id: AGENT_ID,
        currency: "INR",
        balance_paise: 5_000_005,
        credit_limit_paise: 10_000_000,
        held_paise: 123_456,
        available_paise: 14_876_449,
      },
    });
  });

  it("opens a wallet as agents create does", async () => {
    const { clients, calls } = services();
    expect((await run(["wallet", "open", AGENT_ID], { clients })).stdout).toMatch(/^Wallet open:/);
    expect(calls[0]?.request).toEqual(create(OpenAccountRequestSchema, { agentId: AGENT_ID, currency: "INR", creditLimitPaise: 0n }));
  });

  it.each([
    [["topup", AGENT_ID, "100.001", "--reference", "R"], '<amount>: "100.001" has more than 2 decimal places'],
    [["topup", AGENT_ID, "0", "--reference", "R"], "<amount>: must be at least 0.01 rupees"],
    [["topup", AGENT_ID, "5e3", "--reference", "R"], '<amount>: "5e3" must be an amount in rupees'],
    [["topup", AGENT_ID, "50,000", "--reference", "R"], "without separators, e.g. 50000"],
    [["topup", AGENT_ID, "-100", "--reference", "R"], "amounts must not be negative (-100)"],
    [["topup", AGENT_ID, "--reference", "R", "--", "-100"], '<amount>: "-100" must not be negative'],
    [["topup", AGENT_ID, "100"], "--reference: is required"],
    [["topup", AGENT_ID, "100", "--reference", " R "], "--reference: must be printable ASCII"],
    [["topup", AGENT_ID], "missing <amount>"],
    [["credit-limit", AGENT_ID, "-1", "--reference", "R"], "amounts must not be negative"],
    [["credit-limit", AGENT_ID, "1.5.0", "--reference", "R"], "must be an amount in rupees"],
    [["balance"], "missing <agent id>"],
  ])("refuses wallet %j with exit code 2", async (argv, message) => {
    const result = await run(["wallet", ...argv]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.connected).toEqual([]);
  });

  it("reports an unknown wallet as the wallet's refusal, naming nothing secret", async () => {
    const { clients } = fakeServices({
      wallet: {
        getBalance: (req) => {
          throw new DomainError("WALLET_ACCOUNT_NOT_FOUND", `No wallet is open for agent ${req.agentId}`);
        },
      },
    });
    const result = await run(["wallet", "balance", "agt_x", "--json"], { clients });
    expect(result).toMatchObject({ code: 1, stderr: "error: WALLET_ACCOUNT_NOT_FOUND: No wallet is open for agent agt_x" });
    expect(JSON.parse(result.stdout)).toEqual({
      error: {
        code: "WALLET_ACCOUNT_NOT_FOUND",
        message: "No wallet is open for agent agt_x",
        errors: [],
        service: "wallet",
        url: FAKE_URLS.wallet,
        method: "WalletService.GetBalance",
      },
    });
  });
});
