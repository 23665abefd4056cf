import { create } from "@bufbuild/protobuf";
import { DomainError } from "@tarmac/kernel";
import { failureOf } from "@tarmac/kernel/testing";
import { EntryKind, FundsKind, TransferDirection, TransferFundsRequestSchema } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import { calls, walletHarness, type WalletHarness } from "./testing/wallet-harness.js";
import { WalletServiceImpl } from "./wallet-service.js";

/** An agency with two sub-agents, and another agency; what auth would answer of each. */
const PARENTS: Record<string, string> = { agt_agency: "", agt_branch_a: "agt_agency", agt_branch_b: "agt_agency", agt_other: "" };
/** A sub-agent whose wallet is not open yet. */
const NEW_BRANCH = "agt_branch_new";
const agents = {
  agentOf: async (agentId: string) => {
    const parentAgentId = agentId === NEW_BRANCH ? "agt_agency" : PARENTS[agentId];
    if (parentAgentId === undefined) throw new DomainError("AUTH_NOT_FOUND", "No such agency");
    return { parentAgentId };
  },
};

describe("WalletServiceImpl: TransferFunds between an agency and its sub-agents", () => {
  let h: WalletHarness;
  let service: WalletServiceImpl;
  beforeEach(async () => {
    h = walletHarness();
    service = new WalletServiceImpl({ ...h.deps, agents });
    for (const agentId of Object.keys(PARENTS)) await calls(service).openAccount({ agentId });
    await calls(service).topUp({ agentId: "agt_agency", amountPaise: 100_000n, reference: "top-agency" });
    await calls(service).topUp({ agentId: "agt_branch_b", amountPaise: 5_000n, reference: "top-branch-b" });
  });
  const transfer = (fields: {
    funds?: FundsKind;
    agentId: string;
    subAgentId: string;
    direction?: TransferDirection;
    amountPaise?: bigint;
    reference?: string;
  }) =>
    service.transferFunds(
      create(TransferFundsRequestSchema, {
        direction: TransferDirection.TO_SUB_AGENT,
        amountPaise: 25_000n,
        reference: "fund-1",
        ...fields,
      }),
    );
  const balanceOf = async (agentId: string) => Number((await calls(service).getBalance({ agentId })).balance?.balancePaise);

  it("funds a sub-agent and takes money back, answering both wallets", async () => {
    const funded = await transfer({ agentId: "agt_agency", subAgentId: "agt_branch_a" });
    expect(funded.agency?.balancePaise).toBe(75_000n);
    expect(funded.subAgent?.balancePaise).toBe(25_000n);
    const back = await transfer({
      agentId: "agt_agency",
      subAgentId: "agt_branch_a",
      direction: TransferDirection.FROM_SUB_AGENT,
      amountPaise: 10_000n,
      reference: "back-1",
    });
    expect(back.agency?.balancePaise).toBe(85_000n);
    expect(back.subAgent?.balancePaise).toBe(15_000n);
    const lines = await calls(service).listStatement({ agentId: "agt_branch_a" });
    expect(lines.lines.map((l) => [l.kind, l.amountPaise])).toEqual([
      [EntryKind.TRANSFER_OUT, -10_000n],
      [EntryKind.TRANSFER_IN, 25_000n],
    ]);
  });

  it("opens a new sub-agent's wallet, PREPAID, with its first funding; taking money back never opens one", async () => {
    const from = await failureOf(
      transfer({ agentId: "agt_agency", subAgentId: NEW_BRANCH, direction: TransferDirection.FROM_SUB_AGENT, reference: "back-new" }),
    );
    expect(from.code).toBe("WALLET_ACCOUNT_NOT_FOUND");
    const funded = await transfer({ agentId: "agt_agency", subAgentId: NEW_BRANCH, amountPaise: 3_000n, reference: "fund-new" });
    expect(funded.subAgent).toMatchObject({ agentId: NEW_BRANCH, balancePaise: 3_000n, creditLimitPaise: 0n, availablePaise: 3_000n });
  });

  it.each([
    ["a sibling's sub-agent id as the acting agency", "agt_branch_a", "agt_branch_b"],
    ["its own parent", "agt_branch_a", "agt_agency"],
    ["another agency's tree", "agt_other", "agt_branch_a"],
    ["the agency itself", "agt_agency", "agt_agency"],
    ["an unknown agent", "agt_agency", "agt_nobody"],
  ])("answers AUTH_NOT_FOUND for %s and moves nothing", async (_, agentId, subAgentId) => {
    for (const direction of [TransferDirection.TO_SUB_AGENT, TransferDirection.FROM_SUB_AGENT]) {
      expect((await failureOf(transfer({ agentId, subAgentId, direction, amountPaise: 1_000n }))).code).toBe("AUTH_NOT_FOUND");
    }
    expect(await balanceOf("agt_agency")).toBe(100_000);
    expect(await balanceOf("agt_branch_b")).toBe(5_000);
    expect(await balanceOf("agt_branch_a")).toBe(0);
  });

  it("refuses more than the sender's own money and a missing direction", async () => {
    const over = await failureOf(
      transfer({ agentId: "agt_agency", subAgentId: "agt_branch_b", direction: TransferDirection.FROM_SUB_AGENT, amountPaise: 5_001n }),
    );
    expect(over.code).toBe("WALLET_INSUFFICIENT_FUNDS");
    const bad = await failureOf(transfer({ agentId: "agt_agency", subAgentId: "agt_branch_a", direction: TransferDirection.UNSPECIFIED }));
    expect(bad.errors.map((e) => e.field)).toEqual(["direction"]);
  });

  it("carves a credit line for a sub-agent out of the agency's limit, on no statement", async () => {
    await calls(service).setCreditLimit({ agentId: "agt_agency", creditLimitPaise: 40_000n, reference: "limit-agency" });
    const carved = await transfer({
      agentId: "agt_agency",
      subAgentId: NEW_BRANCH,
      funds: FundsKind.CREDIT_LINE,
      amountPaise: 30_000n,
      reference: "line-1",
    });
    expect(carved.agency).toMatchObject({ balancePaise: 100_000n, creditLimitPaise: 10_000n });
    expect(carved.subAgent).toMatchObject({ balancePaise: 0n, creditLimitPaise: 30_000n, availablePaise: 30_000n });
    expect((await calls(service).listStatement({ agentId: NEW_BRANCH })).lines).toEqual([]);
    const over = await failureOf(
      transfer({ agentId: "agt_agency", subAgentId: NEW_BRANCH, funds: FundsKind.CREDIT_LINE, amountPaise: 10_001n, reference: "line-2" }),
    );
    expect(over.code).toBe("WALLET_INSUFFICIENT_FUNDS");
    const bad = await failureOf(transfer({ agentId: "agt_agency", subAgentId: NEW_BRANCH, funds: 9 as FundsKind, reference: "line-3" }));
    expect(bad.errors.map((e) => e.field)).toEqual(["funds"]);
  });
});
