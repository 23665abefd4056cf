import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { createSigner, toTimestamp } from "@tarmac/kernel";
import { EntryKind, HoldRequestSchema, ListStatementRequestSchema, type Balance } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import { createStatementCursorCodec, STATEMENT_CURSOR_TTL_MS } from "./domain/statement.js";
import { calls, walletHarness, type WalletHarness } from "./testing/wallet-harness.js";
import { DEFAULT_HOLD_TTL_MS, MAX_HOLD_TTL_MS } from "./wallet-service.js";
import { failureOf } from "@tarmac/kernel/testing";

const AGENT = "agt_one";
const MINUTE = 60_000;

const figures = (balance: Balance | undefined) => ({
  balance: Number(balance?.balancePaise),
  limit: Number(balance?.creditLimitPaise),
  held: Number(balance?.heldPaise),
  available: Number(balance?.availablePaise),
});

describe("WalletServiceImpl", () => {
  let h: WalletHarness;
  beforeEach(async () => {
    h = walletHarness();
    await calls(h.service).openAccount({ agentId: AGENT, currency: "INR", creditLimitPaise: 100_000n });
  });
  const svc = () => h.service;
  const call = () => calls(h.service);
  const holdRequest = (init: Record<string, unknown>) =>
    create(HoldRequestSchema, { agentId: AGENT, amountPaise: 1_000n, reference: "bkg_1", ...init });

  describe("OpenAccount", () => {
    it("opens in INR by default and answers the balance with available = balance + limit - held", async () => {
      const res = await call().openAccount({ agentId: "agt_new", creditLimitPaise: 5_000n });
      expect(res.balance).toMatchObject({ agentId: "agt_new", currency: "INR" });
      expect(figures(res.balance)).toEqual({ balance: 0, limit: 5_000, held: 0, available: 5_000 });
    });

    it("is idempotent per agent", async () => {
      await call().topUp({ agentId: AGENT, amountPaise: 700n, reference: "t" });
      const again = await call().openAccount({ agentId: AGENT, currency: "INR", creditLimitPaise: 100_000n });
      expect(figures(again.balance)).toMatchObject({ balance: 700, limit: 100_000 });
      expect((await failureOf(call().openAccount({ agentId: AGENT, creditLimitPaise: 1n }))).code).toBe("IDEMPOTENCY_KEY_REUSED");
    });

    it("validates agent, currency and limit", async () => {
      const error = await failureOf(call().openAccount({ agentId: "", currency: "USD", creditLimitPaise: -1n }));
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.errors.map((e) => [e.field, e.code])).toEqual([
        ["agent_id", "REQUIRED"],
        ["currency", "INVALID_VALUE"],
        ["credit_limit_paise", "OUT_OF_RANGE"],
      ]);
    });
  });

  describe("Hold", () => {
    beforeEach(async () => {
      await call().topUp({ agentId: AGENT, amountPaise: 50_000n, reference: "seed" });
    });

    it("holds and answers the hold id and the balance", async () => {
      const res = await svc().hold(holdRequest({ amountPaise: 20_000n, description: "DEL-BOM" }));
      expect(res.holdId).toMatch(/^hld_/);
      expect(figures(res.balance)).toEqual({ balance: 50_000, limit: 100_000, held: 20_000, available: 130_000 });
      const hold = await h.store.findHold(res.holdId);
      expect(hold?.expiresAt.getTime()).toBe(h.clock.now().getTime() + DEFAULT_HOLD_TTL_MS);
      expect(hold?.description).toBe("DEL-BOM");
    });

    it("takes expires_at from the request", async () => {
      const at = new Date(h.clock.now().getTime() + 5 * MINUTE);
      const res = await svc().hold(holdRequest({ expiresAt: toTimestamp(at) }));
      expect((await h.store.findHold(res.holdId))?.expiresAt.getTime()).toBe(at.getTime());
    });

    it("returns the same hold for the same reference and moves nothing", async () => {
      const first = await svc().hold(holdRequest({ amountPaise: 20_000n }));
      const again = await svc().hold(holdRequest({ amountPaise: 20_000n }));
      expect(again.holdId).toBe(first.holdId);
      expect(figures(again.balance).held).toBe(20_000);
      expect((await failureOf(svc().hold(holdRequest({ amountPaise: 20_001n })))).code).toBe("IDEMPOTENCY_KEY_REUSED");
    });

    it("refuses with WALLET_INSUFFICIENT_FUNDS (402) naming the available rupees and paise", async () => {
      await svc().hold(holdRequest({ amountPaise: 149_950n, reference: "bkg_big" }));
      const error = await failureOf(svc().hold(holdRequest({ amountPaise: 51n })));
      expect(error.code).toBe("WALLET_INSUFFICIENT_FUNDS");
      expect(error.status).toBe(402);
      expect(error.category).toBe("WALLET");
      expect(error.message).toBe("Insufficient wallet funds: available 0.50 INR, needed 0.51 INR");
    });

    it.each([
      ["zero", 0n],
      ["negative", -100n],
      ["too large", 1_000_000_000_001n],
    ])("refuses a %s amount on amount_paise", async (_name, amountPaise) => {
      const error = await failureOf(svc().hold(holdRequest({ amountPaise })));
      expect(error).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "amount_paise", code: "OUT_OF_RANGE" }] });
    });

    it("validates the agent, the reference and expires_at", async () => {
      const now = h.clock.now().getTime();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ agentId: "" }, "agent_id", "REQUIRED"],
        [{ reference: "" }, "reference", "REQUIRED"],
        [{ reference: "x".repeat(256) }, "reference", "OUT_OF_RANGE"],
        [{ reference: " bkg_1" }, "reference", "INVALID_FORMAT"],
        [{ reference: "bkg\n1" }, "reference", "INVALID_FORMAT"],
        [{ expiresAt: toTimestamp(new Date(now)) }, "expires_at", "OUT_OF_RANGE"],
        [{ expiresAt: toTimestamp(new Date(now - 1)) }, "expires_at", "OUT_OF_RANGE"],
        [{ expiresAt: toTimestamp(new Date(now + MAX_HOLD_TTL_MS + 1)) }, "expires_at", "OUT_OF_RANGE"],
        [{ expiresAt: { seconds: 0n, nanos: -1 } }, "expires_at", "INVALID_VALUE"],
        [{ description: "d".repeat(501) }, "description", "OUT_OF_RANGE"],
      ];
      for (const [init, field, code] of cases) {
        const error = await failureOf(svc().hold(holdRequest(init)));
        expect(error.errors, `${field} ${code}`).toEqual([expect.objectContaining({ field, code })]);
      }
      expect(await h.store.listHolds(AGENT)).toEqual([]);
      expect((await svc().hold(holdRequest({ expiresAt: toTimestamp(new Date(now + MAX_HOLD_TTL_MS)) }))).holdId).toMatch(/^hld_/);
    });

    it("refuses an unknown agent with WALLET_ACCOUNT_NOT_FOUND (404)", async () => {
      const error = await failureOf(svc().hold(holdRequest({ agentId: "agt_nobody" })));
      expect(error).toMatchObject({ code: "WALLET_ACCOUNT_NOT_FOUND", status: 404 });
    });
  });

  describe("Capture and Void", () => {
    let holdId: string;
    beforeEach(async () => {
      await call().topUp({ agentId: AGENT, amountPaise: 50_000n, reference: "seed" });
      holdId = (await svc().hold(holdRequest({ amountPaise: 30_000n }))).holdId;
    });

    it("captures once: the balance is debited, held released", async () => {
      const res = await call().capture({ holdId });
      expect(figures(res.balance)).toEqual({ balance: 20_000, limit: 100_000, held: 0, available: 120_000 });
      expect(figures((await call().capture({ holdId })).balance)).toEqual(figures(res.balance));
    });

    it("voids once: held released, balance untouched", async () => {
      const res = await call().void({ holdId });
      expect(figures(res.balance)).toEqual({ balance: 50_000, limit: 100_000, held: 0, available: 150_000 });
      expect(figures((await call().void({ holdId })).balance)).toEqual(figures(res.balance));
    });

    it("refuses capture after void, void after capture, a missing and an unknown hold id", async () => {
      await call().void({ holdId });
      expect(await failureOf(call().capture({ holdId }))).toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [{ field: "hold_id", code: "INVALID_VALUE" }],
      });
      const other = (await svc().hold(holdRequest({ reference: "bkg_2" }))).holdId;
      await call().capture({ holdId: other });
      expect(await failureOf(call().void({ holdId: other }))).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(await failureOf(call().capture({ holdId: "" }))).toMatchObject({ errors: [{ field: "hold_id", code: "REQUIRED" }] });
      expect(await failureOf(call().void({ holdId: "hld_nope" }))).toMatchObject({ errors: [{ field: "hold_id", code: "INVALID_VALUE" }] });
    });

    it("refuses to capture an expired hold; the sweep releases it", async () => {
      h.clock.advance(DEFAULT_HOLD_TTL_MS);
      const error = await failureOf(call().capture({ holdId }));
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toContain("expired");
      const balance = await call().getBalance({ agentId: AGENT });
      expect(figures(balance.balance)).toMatchObject({ balance: 50_000, held: 30_000 });
    });
  });

  describe("Credit, TopUp, SetCreditLimit", () => {
    /** Booking's payment for bkg_1: held and captured. */
    const paid = async (amountPaise: bigint, reference = "bkg_1") => {
      await call().topUp({ agentId: AGENT, amountPaise, reference: `seed:${reference}` });
      await call().capture({ holdId: (await call().hold({ agentId: AGENT, amountPaise, reference })).holdId });
    };

    it("credits a refund once per reference", async () => {
      await paid(10_000n);
      const res = await call().credit({ agentId: AGENT, amountPaise: 4_500n, reference: "bkg_1:cancel", reason: "Cancellation refund" });
      expect(figures(res.balance).balance).toBe(4_500);
      expect(figures((await call().credit({ agentId: AGENT, amountPaise: 4_500n, reference: "bkg_1:cancel" })).balance).balance).toBe(
        4_500,
      );
      expect((await failureOf(call().credit({ agentId: AGENT, amountPaise: 4_000n, reference: "bkg_1:cancel" }))).code).toBe(
        "IDEMPOTENCY_KEY_REUSED",
      );
      const [line] = (await call().listStatement({ agentId: AGENT })).lines;
      expect(line).toMatchObject({
        kind: EntryKind.REFUND,
        amountPaise: 4_500n,
        description: "Cancellation refund",
        reference: "bkg_1:cancel",
      });
    });

    it("lets booking credit only a refund of what a booking paid, and not more than it has not had back", async () => {
      // Issue 34: booking's identity credited 10,000,000 paise to an agency with nothing behind it.
      const free = await failureOf(call().credit({ agentId: AGENT, amountPaise: 10_000_000n, reference: "compensation-1" }));
      expect(free.code).toBe("WALLET_CREDIT_NOT_ALLOWED");
      expect((await failureOf(call().credit({ agentId: AGENT, amountPaise: 10_000_000n, reference: "bkg_1" }))).code).toBe(
        "WALLET_CREDIT_NOT_ALLOWED",
      );
      await paid(10_000n);
      await call().credit({ agentId: AGENT, amountPaise: 6_000n, reference: "bkg_1/rfd_1" });
      const over = await failureOf(call().credit({ agentId: AGENT, amountPaise: 4_001n, reference: "bkg_1/rfd_2" }));
      expect(over).toMatchObject({ code: "WALLET_CREDIT_NOT_ALLOWED", message: expect.stringContaining("at most 40.00 INR remains") });
      await call().credit({ agentId: AGENT, amountPaise: 4_000n, reference: "bkg_1/rfd_2" });
      expect(figures((await call().getBalance({ agentId: AGENT })).balance).balance).toBe(10_000);
      // A caller nobody authenticated (an in-process call) is held to booking's rule.
      const anonymous = calls(svc(), { caller: undefined });
      expect((await failureOf(anonymous.credit({ agentId: AGENT, amountPaise: 1n, reference: "bkg_1/rfd_3" }))).code).toBe(
        "WALLET_CREDIT_NOT_ALLOWED",
      );
    });

    it("lets ops credit goodwill with no booking behind it", async () => {
      const ops = calls(svc(), { caller: "admin" });
      const res = await ops.credit({ agentId: AGENT, amountPaise: 10_000_000n, reference: "goodwill-2026-11-22", reason: "Goodwill" });
      expect(figures(res.balance).balance).toBe(10_000_000);
    });

    it("validates credit and top-up requests", async () => {
      const credit = await failureOf(call().credit({ agentId: AGENT, amountPaise: 0n, reference: "", reason: "r".repeat(501) }));
      expect(credit.errors.map((e) => e.field)).toEqual(["amount_paise", "reference", "reason"]);
      const topUp = await failureOf(call().topUp({ agentId: "", amountPaise: -1n, reference: "r" }));
      expect(topUp.errors.map((e) => e.field)).toEqual(["agent_id", "amount_paise"]);
      expect((await failureOf(call().topUp({ agentId: "agt_nobody", amountPaise: 1n, reference: "r" }))).code).toBe(
        "WALLET_ACCOUNT_NOT_FOUND",
      );
    });

    it("sets the credit limit once per reference, never below what is in use", async () => {
      const res = await call().setCreditLimit({ agentId: AGENT, creditLimitPaise: 0n, reference: "lim-1" });
      expect(figures(res.balance)).toMatchObject({ limit: 0, available: 0 });
      expect((await failureOf(call().setCreditLimit({ agentId: AGENT, creditLimitPaise: 5n, reference: "lim-1" }))).code).toBe(
        "IDEMPOTENCY_KEY_REUSED",
      );
      await call().setCreditLimit({ agentId: AGENT, creditLimitPaise: 10_000n, reference: "lim-2" });
      await svc().hold(holdRequest({ amountPaise: 8_000n }));
      const error = await failureOf(call().setCreditLimit({ agentId: AGENT, creditLimitPaise: 7_999n, reference: "lim-3" }));
      expect(error).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "credit_limit_paise", code: "OUT_OF_RANGE" }] });
      const required = await failureOf(call().setCreditLimit({ agentId: AGENT, creditLimitPaise: 1n, reference: "" }));
      expect(required.errors).toEqual([expect.objectContaining({ field: "reference", code: "REQUIRED" })]);
    });
  });

  describe("GetBalance", () => {
    it("answers the four figures", async () => {
      await call().topUp({ agentId: AGENT, amountPaise: 10_000n, reference: "t" });
      await svc().hold(holdRequest({ amountPaise: 2_500n }));
      const res = await call().getBalance({ agentId: AGENT });
      expect(res.balance).toMatchObject({ agentId: AGENT, currency: "INR" });
      expect(figures(res.balance)).toEqual({ balance: 10_000, limit: 100_000, held: 2_500, available: 107_500 });
    });

    it("answers WALLET_ACCOUNT_NOT_FOUND for an unknown agent and VALIDATION_FAILED without one", async () => {
      expect(await failureOf(call().getBalance({ agentId: "agt_nobody" }))).toMatchObject({
        code: "WALLET_ACCOUNT_NOT_FOUND",
        status: 404,
        category: "WALLET",
      });
      expect(await failureOf(call().getBalance({ agentId: "" }))).toMatchObject({ code: "VALIDATION_FAILED" });
    });
  });

  describe("ListStatement", () => {
    const list = (init: Record<string, unknown> = {}) =>
      svc().listStatement(create(ListStatementRequestSchema, { agentId: AGENT, ...init }));

    beforeEach(async () => {
      // 12 lines, one second apart: top-ups 1..12 paise.
      for (let i = 1; i <= 12; i++) {
        await call().topUp({ agentId: AGENT, amountPaise: BigInt(i), reference: `t${i}` });
        h.clock.advance(1_000);
      }
    });

    it("pages newest first with a cursor until the last page", async () => {
      const seen: bigint[] = [];
      let cursor = "";
      let pages = 0;
      do {
        const page = await list({ limit: 5, cursor });
        expect(page.count).toBe(page.lines.length);
        seen.push(...page.lines.map((l) => l.amountPaise));
        cursor = page.cursor;
        pages++;
      } while (cursor !== "" && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual([12n, 11n, 10n, 9n, 8n, 7n, 6n, 5n, 4n, 3n, 2n, 1n]);
    });

    it("answers every line's fields", async () => {
      const [line] = (await list({ limit: 1 })).lines;
      expect(line).toMatchObject({
        kind: EntryKind.TOP_UP,
        amountPaise: 12n,
        balanceAfterPaise: 78n,
        reference: "t12",
        description: "Top-up t12",
      });
      expect(line!.entryId).toMatch(/^wtx_/);
      expect(line!.at).toBeDefined();
    });

    it("defaults to 100 lines and refuses a limit outside 1..500", async () => {
      const page = await list();
      expect(page.count).toBe(12);
      expect(page.cursor).toBe("");
      for (const limit of [0, -1, 501]) {
        expect(await failureOf(list({ limit }))).toMatchObject({
          code: "VALIDATION_FAILED",
          errors: [{ field: "limit", code: "OUT_OF_RANGE" }],
        });
      }
      expect((await list({ limit: 500 })).count).toBe(12);
    });

    it("filters by from and to, and carries them in the cursor, which takes precedence", async () => {
      const start = h.clock.now().getTime() - 12_000;
      const from = timestampFromMs(start + 2_000);
      const to = timestampFromMs(start + 9_000);
      const first = await list({ from, to, limit: 4 });
      expect(first.lines.map((l) => l.amountPaise)).toEqual([9n, 8n, 7n, 6n]);
      // The cursor's filters win over whatever else the next request says.
      const second = await list({ cursor: first.cursor, limit: 4, from: timestampFromMs(0), to: timestampFromMs(start + 100_000) });
      expect(second.lines.map((l) => l.amountPaise)).toEqual([5n, 4n, 3n]);
      expect(second.cursor).toBe("");
    });

    it("refuses from >= to and malformed timestamps", async () => {
      const t = timestampFromMs(h.clock.now().getTime());
      expect(await failureOf(list({ from: t, to: t }))).toMatchObject({ errors: [{ field: "to", code: "INVALID_VALUE" }] });
      expect(await failureOf(list({ from: { seconds: 0n, nanos: 2_000_000_000 } }))).toMatchObject({
        errors: [{ field: "from", code: "INVALID_VALUE" }],
      });
    });

    it("refuses a tampered, forged or other agent's cursor", async () => {
      const { cursor } = await list({ limit: 2 });
      const flipped = cursor.slice(0, -2) + (cursor.at(-2) === "A" ? "B" : "A") + cursor.slice(-1);
      const forged = createStatementCursorCodec(createSigner("another-secret-another-secret-another", "wallet-statement")).encode({
        agentId: AGENT,
        issuedAt: h.clock.now(),
        after: { at: new Date(), seq: 3 },
      });
      await call().openAccount({ agentId: "agt_two" });
      for (const [token, agentId] of [
        [flipped, AGENT],
        [forged, AGENT],
        ["not-a-cursor", AGENT],
        [cursor, "agt_two"],
      ] as const) {
        const error = await failureOf(list({ cursor: token, agentId }));
        expect(error).toMatchObject({ code: "WALLET_CURSOR_INVALID", status: 400, category: "WALLET" });
      }
    });

    it("expires a cursor 30 minutes after its page, as search cursors do (WALLET_CURSOR_EXPIRED, 410)", async () => {
      const { cursor } = await list({ limit: 2 });
      h.clock.advance(STATEMENT_CURSOR_TTL_MS - 1);
      expect((await list({ cursor, limit: 2 })).count).toBe(2);
      h.clock.advance(1);
      expect(await failureOf(list({ cursor, limit: 2 }))).toMatchObject({ code: "WALLET_CURSOR_EXPIRED", status: 410, category: "WALLET" });
    });

    it("leaves credit-limit changes out and shows holds and voids as held-only lines", async () => {
      await call().setCreditLimit({ agentId: AGENT, creditLimitPaise: 1n, reference: "lim" });
      const { holdId } = await svc().hold(holdRequest({ amountPaise: 50n }));
      await call().void({ holdId });
      const lines = (await list({ limit: 3 })).lines;
      expect(lines.map((l) => [l.kind, l.amountPaise, l.balanceAfterPaise])).toEqual([
        [EntryKind.VOID, 50n, 78n],
        [EntryKind.HOLD, -50n, 78n],
        [EntryKind.TOP_UP, 12n, 78n],
      ]);
      expect(lines[0]!.description).toContain("balance unchanged");
      expect(lines[1]!.description).toContain("balance unchanged");
    });

    it("answers WALLET_ACCOUNT_NOT_FOUND for an unknown agent", async () => {
      expect((await failureOf(list({ agentId: "agt_nobody" }))).code).toBe("WALLET_ACCOUNT_NOT_FOUND");
    });
  });
});
