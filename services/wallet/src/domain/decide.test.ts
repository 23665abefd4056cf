import { describe, expect, it } from "vitest";
import type { WalletAccount } from "./account.js";
import { decide, type Commit, type CommandState } from "./decide.js";
import type { Hold } from "./hold.js";
import { sumEntries } from "./ledger.js";

const NOW = new Date("2026-11-22T06:00:00Z");
const account = (overrides: Partial<WalletAccount> = {}): WalletAccount => ({
  agentId: "agt_1",
  currency: "INR",
  balancePaise: 10_000,
  heldPaise: 0,
  creditLimitPaise: 5_000,
  seq: 3,
  lastAt: new Date(NOW.getTime() - 1_000),
  openedAt: new Date("2026-01-01T00:00:00Z"),
  openingCreditLimitPaise: 5_000,
  ...overrides,
});
const heldHold = (overrides: Partial<Hold> = {}): Hold => ({
  holdId: "hld_1",
  agentId: "agt_1",
  reference: "bkg_1",
  amountPaise: 2_000,
  state: "HELD",
  description: "",
  createdAt: NOW,
  expiresAt: new Date(NOW.getTime() + 60_000),
  holdTransactionId: "wtx_0",
  ...overrides,
});
const state = (overrides: Partial<CommandState> = {}): CommandState => ({
  account: account(),
  prior: undefined,
  hold: undefined,
  ...overrides,
});
const commit = (d: ReturnType<typeof decide>): Commit => {
  if (d.type !== "commit") throw new Error("expected a commit");
  return d;
};

describe("decide", () => {
  it("posts balanced transactions that match the account change for every kind", () => {
    const later = new Date(NOW.getTime() + 1);
    const withHeld = account({ heldPaise: 2_000 });
    const commits = [
      commit(
        decide({ type: "hold", agentId: "agt_1", amountPaise: 2_000, reference: "b", expiresAt: later, description: "" }, state(), NOW),
      ),
      commit(decide({ type: "capture", holdId: "hld_1" }, state({ account: withHeld, hold: heldHold() }), NOW)),
      commit(decide({ type: "void", holdId: "hld_1", reason: "REQUESTED" }, state({ account: withHeld, hold: heldHold() }), NOW)),
      commit(
        decide({ type: "credit", agentId: "agt_1", amountPaise: 700, reference: "r", description: "", grounds: "goodwill" }, state(), NOW),
      ),
      commit(decide({ type: "topUp", agentId: "agt_1", amountPaise: 900, reference: "t", description: "" }, state(), NOW)),
    ];
    for (const c of commits) {
      expect(sumEntries(c.transaction!.entries)).toBe(0);
      expect(c.transaction!.seq).toBe(4);
      expect(c.account.seq).toBe(4);
      expect(c.transaction!.at).toEqual(NOW);
      expect(c.transaction!.balanceAfterPaise).toBe(c.account.balancePaise);
      expect(c.transaction!.heldAfterPaise).toBe(c.account.heldPaise);
    }
    expect(commits.map((c) => [c.transaction!.kind, c.transaction!.lineAmountPaise, c.account.balancePaise, c.account.heldPaise])).toEqual([
      ["HOLD", -2_000, 10_000, 2_000],
      ["CAPTURE", -2_000, 8_000, 0],
      ["VOID", 2_000, 10_000, 0],
      ["REFUND", 700, 10_700, 0],
      ["TOP_UP", 900, 10_900, 0],
    ]);
  });

  it("does not change what it was given", () => {
    const given = state({ account: account({ heldPaise: 2_000 }), hold: heldHold() });
    const before = structuredClone(given);
    decide({ type: "capture", holdId: "hld_1" }, given, NOW);
    expect(given).toEqual(before);
  });

  it("dates each transaction after the account's last one (by a millisecond when the clock is behind)", () => {
    const c = commit(
      decide(
        { type: "topUp", agentId: "agt_1", amountPaise: 1, reference: "t", description: "" },
        state({ account: account({ lastAt: new Date(NOW.getTime() + 5_000) }) }),
        NOW,
      ),
    );
    expect(c.transaction!.at.getTime()).toBe(NOW.getTime() + 5_001);
  });

  it("refuses a top-up that would take the balance past the ceiling", () => {
    expect(() =>
      decide(
        { type: "topUp", agentId: "agt_1", amountPaise: 1, reference: "t", description: "" },
        state({ account: account({ balancePaise: 1_000_000_000_000_000 }) }),
        NOW,
      ),
    ).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });

  it("fails loudly (not as a caller's error) when a stored account already breaks an invariant", () => {
    const broken = account({ balancePaise: -10_000, creditLimitPaise: 5_000 });
    expect(() =>
      decide({ type: "topUp", agentId: "agt_1", amountPaise: 1, reference: "t", description: "" }, state({ account: broken }), NOW),
    ).toThrow(/available is negative/);
  });

  describe("a credit on booking grounds", () => {
    const refund = (reference: string, amountPaise: number) =>
      ({ type: "credit", agentId: "agt_1", amountPaise, reference, description: "", grounds: "booking" }) as const;
    const paid = (capturedPaise: number, refundedPaise = 0) => state({ booking: { capturedPaise, refundedPaise } });
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error as { code?: string; message: string };
      }
      throw new Error("expected a refusal");
    };

    it("refuses a reference that names no booking, whatever the ledger holds", () => {
      for (const reference of ["goodwill-1", "agt_1:bkg_1", "BKG_1", "bkg_", "bkg_1;x"]) {
        const error = refusal(() => decide(refund(reference, 1), paid(10_000), NOW));
        expect([reference, error.code]).toEqual([reference, "WALLET_CREDIT_NOT_ALLOWED"]);
        expect(error.message).toContain("names no booking");
      }
    });

    it("refuses a booking that paid nothing from this wallet", () => {
      const error = refusal(() => decide(refund("bkg_1", 10_000_000), paid(0), NOW));
      expect(error).toMatchObject({ code: "WALLET_CREDIT_NOT_ALLOWED", message: expect.stringContaining("paid nothing") });
    });

    it("credits up to what the booking paid less what it got back, and not one paisa more", () => {
      expect(commit(decide(refund("bkg_1/rfd_2", 6_000), paid(10_000, 4_000), NOW)).account.balancePaise).toBe(16_000);
      const error = refusal(() => decide(refund("bkg_1/rfd_2", 6_001), paid(10_000, 4_000), NOW));
      expect(error.code).toBe("WALLET_CREDIT_NOT_ALLOWED");
      expect(error.message).toContain("at most 60.00 INR remains");
    });

    it("replays a repeat of an earlier credit though the booking has nothing left to refund", () => {
      const prior = commit(decide(refund("bkg_1", 10_000), paid(10_000), NOW)).transaction;
      expect(decide(refund("bkg_1", 10_000), state({ prior }), NOW).type).toBe("replay");
    });

    it("leaves goodwill unbounded by any booking", () => {
      const goodwill = { ...refund("goodwill-1", 10_000_000), grounds: "goodwill" } as const;
      expect(commit(decide(goodwill, state(), NOW)).account.balancePaise).toBe(10_010_000);
    });
  });

  it("the sweep's void leaves a hold that has not expired alone", () => {
    const d = decide(
      { type: "void", holdId: "hld_1", reason: "EXPIRED" },
      state({ account: account({ heldPaise: 2_000 }), hold: heldHold() }),
      NOW,
    );
    expect(d.type).toBe("replay");
    const expired = decide(
      { type: "void", holdId: "hld_1", reason: "EXPIRED" },
      state({ account: account({ heldPaise: 2_000 }), hold: heldHold({ expiresAt: NOW }) }),
      NOW,
    );
    expect(commit(expired).hold?.hold).toMatchObject({ state: "VOIDED", voidReason: "EXPIRED" });
  });
});
