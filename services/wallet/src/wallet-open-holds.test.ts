import { create } from "@bufbuild/protobuf";
import { fromTimestamp } from "@tarmac/kernel";
import { failureOf } from "@tarmac/kernel/testing";
import { ListOpenHoldsRequestSchema } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import { calls, walletHarness, type WalletHarness } from "./testing/wallet-harness.js";
import { DEFAULT_HOLD_TTL_MS } from "./wallet-service.js";

const AGENT = "agt_one";

describe("WalletServiceImpl.listOpenHolds", () => {
  let h: WalletHarness;
  const list = (agentId = AGENT) => h.service.listOpenHolds(create(ListOpenHoldsRequestSchema, { agentId }));
  beforeEach(async () => {
    h = walletHarness();
    await calls(h.service).openAccount({ agentId: AGENT, currency: "INR", creditLimitPaise: 0n });
    await calls(h.service).topUp({ agentId: AGENT, amountPaise: 50_000n, reference: "seed" });
  });

  it("answers the holds neither captured nor voided, oldest first, with their expiry", async () => {
    const captured = await calls(h.service).hold({ agentId: AGENT, amountPaise: 1_000n, reference: "bkg_1" });
    await calls(h.service).capture({ holdId: captured.holdId });
    const voided = await calls(h.service).hold({ agentId: AGENT, amountPaise: 2_000n, reference: "bkg_2" });
    await calls(h.service).void({ holdId: voided.holdId });
    const heldAt = h.clock.now().getTime();
    const first = await calls(h.service).hold({ agentId: AGENT, amountPaise: 3_000n, reference: "bkg_3" });
    h.clock.advance(1_000);
    const second = await calls(h.service).hold({ agentId: AGENT, amountPaise: 4_000n, reference: "bkg_4" });

    const { holds } = await list();
    expect(holds.map((x) => [x.holdId, x.reference, Number(x.amountPaise)])).toEqual([
      [first.holdId, "bkg_3", 3_000],
      [second.holdId, "bkg_4", 4_000],
    ]);
    // The hold expires its TTL after it was asked for (its ledger line's instant may be a few ms later:
    // an account's lines are strictly ordered in time), to the millisecond.
    expect(fromTimestamp(holds[0]?.expiresAt)?.getTime()).toBe(heldAt + DEFAULT_HOLD_TTL_MS);
  });

  it("answers WALLET_ACCOUNT_NOT_FOUND for an unknown agent and VALIDATION_FAILED without one", async () => {
    expect((await failureOf(list("agt_nobody"))).code).toBe("WALLET_ACCOUNT_NOT_FOUND");
    expect((await failureOf(list(""))).code).toBe("VALIDATION_FAILED");
  });
});
