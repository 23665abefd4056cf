import type { OutboxEvent } from "@tarmac/events";
import { newId } from "@tarmac/kernel";
import type { ManualClock } from "@tarmac/kernel/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { availableOf } from "../domain/account.js";
import type { WalletCommand } from "../domain/commands.js";
import { cashAccount, heldAccount, PLATFORM, sumEntries } from "../domain/ledger.js";
import { agentLedger, auditAgent } from "../testing/audit.js";
import type { WalletStore } from "./wallet-store.js";
import { failureOf } from "@tarmac/kernel/testing";

export interface ContractSubject {
  readonly store: WalletStore;
  /** The clock the store reads "now" from. */
  readonly clock: ManualClock;
}

const MINUTE = 60_000;

/** The behaviour every WalletStore adapter must show; each adapter's test calls this. */
export function walletStoreContract(open: () => Promise<ContractSubject>): void {
  let store: WalletStore;
  let clock: ManualClock;
  /** Ids unique to each test: adapters may share one database across tests. */
  let agent: string;
  let other: string;
  const ref = (name: string) => `${agent}:${name}`;

  beforeEach(async () => {
    ({ store, clock } = await open());
    agent = newId("agt");
    other = newId("agt");
  });

  const exec = (command: WalletCommand) => store.execute(command);
  const openAccount = (agentId = agent, creditLimitPaise = 0) => exec({ type: "openAccount", agentId, currency: "INR", creditLimitPaise });
  const topUp = (amountPaise: number, reference = ref(`top-${amountPaise}`), agentId = agent) =>
    exec({ type: "topUp", agentId, amountPaise, reference, description: "" });
  const hold = (amountPaise: number, reference: string, options: { agentId?: string; ttlMs?: number } = {}) =>
    exec({
      type: "hold",
      agentId: options.agentId ?? agent,
      amountPaise,
      reference,
      expiresAt: new Date(clock.now().getTime() + (options.ttlMs ?? 15 * MINUTE)),
      description: "",
    });
  const capture = (holdId: string) => exec({ type: "capture", holdId });
  const voidHold = (holdId: string, reason: "REQUESTED" | "EXPIRED" = "REQUESTED") => exec({ type: "void", holdId, reason });
  /** Ops' credit (goodwill): no booking behind it. */
  const credit = (amountPaise: number, reference: string, agentId = agent) =>
    exec({ type: "credit", agentId, amountPaise, reference, description: "", grounds: "goodwill" });
  /** Booking's credit: a refund of the booking `reference` names. */
  const refund = (amountPaise: number, reference: string, agentId = agent) =>
    exec({ type: "credit", agentId, amountPaise, reference, description: "", grounds: "booking" });
  const setLimit = (creditLimitPaise: number, reference: string, agentId = agent) =>
    exec({ type: "setCreditLimit", agentId, creditLimitPaise, reference });
  const balance = async (agentId = agent) => {
    const account = await store.findAccount(agentId);
    if (!account) throw new Error(`no account ${agentId}`);
    return { balance: account.balancePaise, held: account.heldPaise, limit: account.creditLimitPaise, available: availableOf(account) };
  };
  const eventsOf = async (agentId = agent): Promise<OutboxEvent[]> =>
    (await store.outbox.pending(100_000)).filter((e) => e.agentId === agentId);
  const expectSound = async (agentId = agent) => expect(auditAgent(await agentLedger(store, agentId))).toEqual([]);

  describe("wallet store contract", () => {
    describe("deadlines", () => {
      it("starts no command whose caller has given up, and one queued behind another past its deadline changes nothing", async () => {
        await openAccount();
        await topUp(10_000, ref("funds"));
        const gone = AbortSignal.abort(new Error("deadline exceeded"));
        const late = { type: "topUp" as const, agentId: agent, amountPaise: 500, reference: ref("late"), description: "" };
        await expect(store.execute(late, { signal: gone })).rejects.toThrow("deadline exceeded");
        const giveUp = new AbortController();
        const first = hold(1_000, ref("first"));
        const queued = store.execute({ ...late, reference: ref("queued") }, { signal: giveUp.signal });
        giveUp.abort(new Error("caller went away"));
        await first;
        await expect(queued).rejects.toThrow("caller went away");
        expect(await balance()).toMatchObject({ balance: 10_000, held: 1_000 });
        await expectSound();
      });
    });

    describe("accounts", () => {
      it("opens an empty INR wallet with the given credit limit", async () => {
        const result = await openAccount(agent, 50_000);
        expect(result.replayed).toBe(false);
        expect(result.transaction).toBeUndefined();
        const account = await store.findAccount(agent);
        expect(account).toMatchObject({ agentId: agent, currency: "INR", balancePaise: 0, heldPaise: 0, creditLimitPaise: 50_000, seq: 0 });
        expect(account?.openedAt.getTime()).toBe(clock.now().getTime());
        expect(availableOf(account!)).toBe(50_000);
      });

      it("replays a repeated open and refuses a different currency or opening limit", async () => {
        await openAccount(agent, 50_000);
        await topUp(1_000);
        const again = await openAccount(agent, 50_000);
        expect(again.replayed).toBe(true);
        expect(again.account.balancePaise).toBe(1_000);
        expect((await failureOf(openAccount(agent, 60_000))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        expect((await failureOf(exec({ type: "openAccount", agentId: agent, currency: "USD", creditLimitPaise: 50_000 }))).code).toBe(
          "IDEMPOTENCY_KEY_REUSED",
        );
        expect(await balance()).toMatchObject({ balance: 1_000, limit: 50_000 });
      });

      it("opens each agent once under concurrent opens", async () => {
        const results = await Promise.all(Array.from({ length: 8 }, () => openAccount(agent, 10_000)));
        expect(results.filter((r) => !r.replayed)).toHaveLength(1);
        expect(await balance()).toMatchObject({ balance: 0, limit: 10_000 });
      });

      it("finds nothing for an unknown agent and refuses to move its money", async () => {
        expect(await store.findAccount(agent)).toBeUndefined();
        for (const call of [topUp(100), hold(100, ref("h")), credit(100, ref("c")), setLimit(100, ref("l"))]) {
          expect((await failureOf(call)).code).toBe("WALLET_ACCOUNT_NOT_FOUND");
        }
        expect(await store.findAccount(agent)).toBeUndefined();
      });
    });

    describe("top-ups and refunds", () => {
      beforeEach(async () => {
        await openAccount(agent, 0);
        await openAccount(other, 0);
      });

      it("posts a top-up as a balanced transaction and a wallet.credited event", async () => {
        clock.advance(1_000);
        const result = await topUp(250_000, ref("neft-1"));
        expect(result.replayed).toBe(false);
        expect(result.account).toMatchObject({ balancePaise: 250_000, heldPaise: 0, seq: 1 });
        const t = result.transaction!;
        expect(t).toMatchObject({
          agentId: agent,
          seq: 1,
          kind: "TOP_UP",
          reference: ref("neft-1"),
          amountPaise: 250_000,
          lineAmountPaise: 250_000,
          balanceAfterPaise: 250_000,
        });
        expect(t.at.getTime()).toBe(clock.now().getTime());
        expect(t.entries).toEqual([
          { account: cashAccount(agent), amountPaise: 250_000 },
          { account: PLATFORM.funding, amountPaise: -250_000 },
        ]);
        const events = await eventsOf();
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          type: "wallet.credited",
          agentId: agent,
          data: {
            entry_id: t.transactionId,
            kind: "TOP_UP",
            amount_paise: 250_000,
            balance_after_paise: 250_000,
            reference: ref("neft-1"),
          },
        });
        expect(events[0]!.createdAt.getTime()).toBe(t.at.getTime());
        await expectSound();
      });

      it("posts a refund against platform:refunds with a wallet.credited event", async () => {
        const result = await credit(12_345, ref("bkg_1:cancel"));
        expect(result.transaction).toMatchObject({ kind: "REFUND", lineAmountPaise: 12_345, balanceAfterPaise: 12_345 });
        expect(result.transaction!.entries).toEqual([
          { account: cashAccount(agent), amountPaise: 12_345 },
          { account: PLATFORM.refunds, amountPaise: -12_345 },
        ]);
        expect((await eventsOf()).map((e) => [e.type, e.data.kind, e.data.amount_paise])).toEqual([["wallet.credited", "REFUND", 12_345]]);
      });

      it("moves money once per reference: a repeat replays, another amount or agent is refused", async () => {
        await topUp(1_000, ref("r"));
        const again = await topUp(1_000, ref("r"));
        expect(again.replayed).toBe(true);
        expect(again.transaction).toBeUndefined();
        expect(again.account.balancePaise).toBe(1_000);
        expect((await failureOf(topUp(2_000, ref("r")))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        expect((await failureOf(topUp(1_000, ref("r"), other))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        await credit(500, ref("c"));
        expect((await credit(500, ref("c"))).replayed).toBe(true);
        expect((await failureOf(credit(501, ref("c")))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        expect((await failureOf(credit(500, ref("c"), other))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        expect(await balance()).toMatchObject({ balance: 1_500 });
        expect(await balance(other)).toMatchObject({ balance: 0 });
        expect(await eventsOf()).toHaveLength(2);
        expect(await eventsOf(other)).toHaveLength(0);
        expect(await store.listTransactions(agent)).toHaveLength(2);
      });

      it("keeps references of different kinds apart", async () => {
        await topUp(1_000, ref("same"));
        await credit(700, ref("same"));
        await hold(300, ref("same"));
        expect(await balance()).toMatchObject({ balance: 1_700, held: 300 });
      });

      it("moves money once when the same reference races", async () => {
        const results = await Promise.all(Array.from({ length: 10 }, () => topUp(1_000, ref("race"))));
        expect(results.filter((r) => !r.replayed)).toHaveLength(1);
        expect(await balance()).toMatchObject({ balance: 1_000 });
        expect(await eventsOf()).toHaveLength(1);
      });

      it("lets one agent win a reference that two agents race for", async () => {
        const outcomes = await Promise.allSettled([
          topUp(1_000, ref("x"), agent),
          topUp(1_000, ref("x"), other),
          topUp(1_000, ref("x"), agent),
          topUp(1_000, ref("x"), other),
        ]);
        const total = (await balance(agent)).balance + (await balance(other)).balance;
        expect(total).toBe(1_000);
        const refused = outcomes.filter((o) => o.status === "rejected");
        expect(refused.length).toBeGreaterThanOrEqual(1);
        for (const o of refused) expect(o.reason).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
      });
    });

    describe("refunds of a booking (booking's credits)", () => {
      let booking: string;
      beforeEach(async () => {
        await openAccount(agent, 0);
        await openAccount(other, 0);
        await topUp(100_000, ref("seed"));
        booking = newId("bkg");
      });
      /** What booking does to pay: hold under a reference of the booking, then capture. */
      const pay = async (amountPaise: number, reference = booking, agentId = agent) =>
        capture((await hold(amountPaise, reference, { agentId })).hold!.holdId);

      it("refuses a credit with no booking payment behind it and moves nothing", async () => {
        expect((await failureOf(refund(10_000_000, ref("goodwill")))).code).toBe("WALLET_CREDIT_NOT_ALLOWED");
        // Held but never captured: the booking has paid nothing yet.
        await hold(5_000, booking);
        const error = await failureOf(refund(5_000, `${booking}/rfd_1`));
        expect(error.code).toBe("WALLET_CREDIT_NOT_ALLOWED");
        expect(error.message).toContain("paid nothing");
        expect(await balance()).toMatchObject({ balance: 100_000, held: 5_000 });
        expect((await eventsOf()).map((e) => e.data.kind)).toEqual(["TOP_UP"]);
        // A refusal records nothing: the reference credits once the booking has paid.
        await capture((await hold(5_000, booking)).hold!.holdId);
        expect((await refund(5_000, `${booking}/rfd_1`)).replayed).toBe(false);
      });

      it("refunds what the booking paid under all its references, less what it got back, and not one paisa more", async () => {
        await pay(10_000);
        await pay(2_000, `${booking}:qte_1`);
        await refund(4_000, `${booking}/rfd_1`);
        const over = await failureOf(refund(8_001, `${booking}/rfd_2`));
        expect(over.code).toBe("WALLET_CREDIT_NOT_ALLOWED");
        expect(over.message).toContain("at most 80.00 INR remains");
        await refund(8_000, `${booking}/rfd_2`);
        expect((await failureOf(refund(1, `${booking}:qte_1:refund`))).code).toBe("WALLET_CREDIT_NOT_ALLOWED");
        // A repeat still answers the earlier credit, though nothing is left to refund.
        expect((await refund(4_000, `${booking}/rfd_1`)).replayed).toBe(true);
        expect(await balance()).toMatchObject({ balance: 100_000, held: 0 });
        await expectSound();
      });

      it("counts this wallet's payments for this booking only, not another's or a booking whose id it prefixes", async () => {
        await pay(50_000, `${booking}0`);
        await topUp(100_000, ref("other-seed"), other);
        await pay(30_000, `${booking}:elsewhere`, other);
        expect((await failureOf(refund(1, booking))).code).toBe("WALLET_CREDIT_NOT_ALLOWED");
        expect((await refund(30_000, `${booking}/rfd_1`, other)).account.balancePaise).toBe(100_000);
        // Ops' goodwill needs no booking and counts against it like any credit.
        await credit(10_000_000, ref("goodwill"));
        await credit(20_000, `${booking}0:goodwill`);
        expect((await failureOf(refund(30_001, `${booking}0`))).code).toBe("WALLET_CREDIT_NOT_ALLOWED");
        expect((await refund(30_000, `${booking}0`)).replayed).toBe(false);
      });

      it("lets racing refunds of one booking together credit no more than it paid", async () => {
        await pay(10_000);
        const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => refund(4_000, `${booking}/rfd_${i}`)));
        expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
        for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ code: "WALLET_CREDIT_NOT_ALLOWED" });
        expect(await balance()).toMatchObject({ balance: 98_000 });
        await expectSound();
      });
    });

    describe("holds", () => {
      beforeEach(async () => {
        await openAccount(agent, 0);
        await topUp(100_000, ref("seed"));
      });

      it("holds money: held rises, balance does not, a HELD hold is stored", async () => {
        const result = await hold(30_000, ref("bkg_1"));
        expect(result.account).toMatchObject({ balancePaise: 100_000, heldPaise: 30_000 });
        expect(availableOf(result.account)).toBe(70_000);
        const h = result.hold!;
        expect(h).toMatchObject({ agentId: agent, reference: ref("bkg_1"), amountPaise: 30_000, state: "HELD" });
        expect(h.holdId).toMatch(/^hld_/);
        expect(h.expiresAt.getTime()).toBe(clock.now().getTime() + 15 * MINUTE);
        expect(await store.findHold(h.holdId)).toEqual(h);
        const t = result.transaction!;
        expect(t).toMatchObject({
          kind: "HOLD",
          holdId: h.holdId,
          lineAmountPaise: -30_000,
          balanceAfterPaise: 100_000,
          heldAfterPaise: 30_000,
        });
        expect(t.entries).toEqual([
          { account: heldAccount(agent), amountPaise: 30_000 },
          { account: PLATFORM.holds, amountPaise: -30_000 },
        ]);
        // Holds move no money yet: no event.
        expect(await eventsOf()).toHaveLength(1);
        await expectSound();
      });

      it("holds exactly what is available and refuses one paisa more, naming the available amount", async () => {
        await hold(60_000, ref("a"));
        const refused = await failureOf(hold(40_001, ref("b")));
        expect(refused.code).toBe("WALLET_INSUFFICIENT_FUNDS");
        expect(refused.message).toContain("available 400.00 INR");
        expect(refused.message).toContain("400.01 INR");
        // A refused hold records nothing: the same reference succeeds once there is money.
        expect(await balance()).toMatchObject({ held: 60_000 });
        const exact = await hold(40_000, ref("c"));
        expect(availableOf(exact.account)).toBe(0);
        expect((await failureOf(hold(1, ref("d")))).code).toBe("WALLET_INSUFFICIENT_FUNDS");
        await topUp(1, ref("one-paisa"));
        expect((await hold(1, ref("d"))).replayed).toBe(false);
      });

      it("spends into the credit limit and no further", async () => {
        await setLimit(50_000, ref("limit"));
        const h = await hold(150_000, ref("big"));
        expect(availableOf(h.account)).toBe(0);
        const captured = await capture(h.hold!.holdId);
        expect(captured.account).toMatchObject({ balancePaise: -50_000, heldPaise: 0, creditLimitPaise: 50_000 });
        expect((await failureOf(hold(1, ref("more")))).code).toBe("WALLET_INSUFFICIENT_FUNDS");
        await expectSound();
      });

      it("replays a repeated hold with the same hold id and refuses another amount or agent", async () => {
        const first = await hold(10_000, ref("bkg_2"));
        await topUp(5_000, ref("later"));
        const again = await hold(10_000, ref("bkg_2"));
        expect(again.replayed).toBe(true);
        expect(again.hold!.holdId).toBe(first.hold!.holdId);
        expect(again.account).toMatchObject({ balancePaise: 105_000, heldPaise: 10_000 });
        expect((await failureOf(hold(10_001, ref("bkg_2")))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        await openAccount(other, 0);
        await topUp(50_000, ref("other-seed"), other);
        expect((await failureOf(hold(10_000, ref("bkg_2"), { agentId: other }))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        expect(await balance(other)).toMatchObject({ held: 0 });
        expect(await store.listHolds(agent)).toHaveLength(1);
      });

      it("replays a hold's reference even after the hold was captured: it never holds twice", async () => {
        const first = await hold(10_000, ref("bkg_3"));
        await capture(first.hold!.holdId);
        const again = await hold(10_000, ref("bkg_3"));
        expect(again).toMatchObject({ replayed: true, hold: { holdId: first.hold!.holdId, state: "CAPTURED" } });
        expect(await balance()).toMatchObject({ balance: 90_000, held: 0 });
      });

      it("refuses an expiry that is not in the future", async () => {
        const error = await failureOf(hold(1_000, ref("late"), { ttlMs: 0 }));
        expect(error).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "expires_at", code: "OUT_OF_RANGE" }] });
      });

      it("answers every racing repeat of one hold with that hold, even when the money covers only one", async () => {
        const results = await Promise.all(Array.from({ length: 12 }, () => hold(70_000, ref("bkg_retry"))));
        expect(results.filter((r) => !r.replayed)).toHaveLength(1);
        expect(new Set(results.map((r) => r.hold!.holdId)).size).toBe(1);
        expect(await balance()).toMatchObject({ held: 70_000, available: 30_000 });
        expect(await store.listHolds(agent)).toHaveLength(1);
      });

      it("never holds more than is available under concurrent holds", async () => {
        const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => hold(10_000, ref(`c${i}`))));
        const held = results.filter((r) => r.status === "fulfilled");
        expect(held).toHaveLength(10);
        for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "WALLET_INSUFFICIENT_FUNDS" });
        expect(await balance()).toMatchObject({ balance: 100_000, held: 100_000, available: 0 });
        await expectSound();
      });
    });

    describe("capture and void", () => {
      let holdId: string;
      beforeEach(async () => {
        await openAccount(agent, 0);
        await topUp(100_000, ref("seed"));
        holdId = (await hold(40_000, ref("bkg"))).hold!.holdId;
      });

      it("captures: held becomes a debit of the balance, with a wallet.debited event", async () => {
        clock.advance(MINUTE);
        const result = await capture(holdId);
        expect(result.replayed).toBe(false);
        expect(result.account).toMatchObject({ balancePaise: 60_000, heldPaise: 0 });
        expect(availableOf(result.account)).toBe(60_000);
        expect(result.hold).toMatchObject({ holdId, state: "CAPTURED", settleTransactionId: result.transaction!.transactionId });
        expect(result.hold!.settledAt?.getTime()).toBe(clock.now().getTime());
        const t = result.transaction!;
        expect(t).toMatchObject({
          kind: "CAPTURE",
          reference: ref("bkg"),
          holdId,
          lineAmountPaise: -40_000,
          balanceAfterPaise: 60_000,
          heldAfterPaise: 0,
        });
        expect(sumEntries(t.entries)).toBe(0);
        expect(t.entries).toEqual(
          expect.arrayContaining([
            { account: heldAccount(agent), amountPaise: -40_000 },
            { account: cashAccount(agent), amountPaise: -40_000 },
            { account: PLATFORM.sales, amountPaise: 40_000 },
            { account: PLATFORM.holds, amountPaise: 40_000 },
          ]),
        );
        const debited = (await eventsOf()).filter((e) => e.type === "wallet.debited");
        expect(debited.map((e) => e.data)).toEqual([
          { entry_id: t.transactionId, kind: "CAPTURE", amount_paise: -40_000, balance_after_paise: 60_000, reference: ref("bkg") },
        ]);
        await expectSound();
      });

      it("captures at most once: a repeat replays and moves nothing", async () => {
        await capture(holdId);
        const again = await capture(holdId);
        expect(again.replayed).toBe(true);
        expect(again.account).toMatchObject({ balancePaise: 60_000, heldPaise: 0 });
        expect((await eventsOf()).filter((e) => e.type === "wallet.debited")).toHaveLength(1);
      });

      it("voids: the hold's money is released, the balance never moved", async () => {
        const result = await voidHold(holdId);
        expect(result.account).toMatchObject({ balancePaise: 100_000, heldPaise: 0 });
        expect(result.hold).toMatchObject({ state: "VOIDED", voidReason: "REQUESTED" });
        expect(result.transaction).toMatchObject({ kind: "VOID", lineAmountPaise: 40_000, balanceAfterPaise: 100_000, heldAfterPaise: 0 });
        expect(result.transaction!.description).toContain("balance unchanged");
        expect((await voidHold(holdId)).replayed).toBe(true);
        expect((await eventsOf()).map((e) => e.type)).toEqual(["wallet.credited"]);
        await expectSound();
      });

      it("refuses a capture after a void and a void after a capture", async () => {
        await voidHold(holdId);
        expect(await failureOf(capture(holdId))).toMatchObject({
          code: "VALIDATION_FAILED",
          errors: [{ field: "hold_id", code: "INVALID_VALUE" }],
        });
        const second = (await hold(10_000, ref("bkg-2"))).hold!.holdId;
        await capture(second);
        const error = await failureOf(voidHold(second));
        expect(error).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "hold_id" }] });
        expect(error.message).toContain("captured");
        expect(await balance()).toMatchObject({ balance: 90_000, held: 0 });
      });

      it("refuses an unknown hold", async () => {
        for (const call of [capture("hld_unknown"), voidHold("hld_unknown")]) {
          expect(await failureOf(call)).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "hold_id" }] });
        }
      });

      it("lets exactly one of a racing capture and void win", async () => {
        const outcomes = await Promise.allSettled([capture(holdId), voidHold(holdId), capture(holdId), voidHold(holdId)]);
        const final = (await store.findHold(holdId))!;
        expect(["CAPTURED", "VOIDED"]).toContain(final.state);
        const winners = outcomes.filter((o) => o.status === "fulfilled");
        const losers = outcomes.filter((o) => o.status === "rejected");
        expect(winners).toHaveLength(2);
        expect(losers).toHaveLength(2);
        expect(await balance()).toMatchObject(final.state === "CAPTURED" ? { balance: 60_000, held: 0 } : { balance: 100_000, held: 0 });
        await expectSound();
      });

      it("captures until just before expires_at and not at or after it", async () => {
        const h = (await store.findHold(holdId))!;
        clock.set(new Date(h.expiresAt.getTime() - 1));
        const late = (await hold(1_000, ref("late"))).hold!;
        expect((await capture(holdId)).account.balancePaise).toBe(60_000);
        clock.set(late.expiresAt);
        const error = await failureOf(capture(late.holdId));
        expect(error).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "hold_id" }] });
        expect(error.message).toContain("expired");
        // Expired but not yet swept: void still releases it.
        expect((await voidHold(late.holdId)).account.heldPaise).toBe(0);
      });
    });

    describe("expiry sweep", () => {
      beforeEach(async () => {
        await openAccount(agent, 0);
        await topUp(100_000, ref("seed"));
      });

      it("lists open expired holds, earliest expiry first, and voids them as EXPIRED", async () => {
        const a = (await hold(1_000, ref("a"), { ttlMs: 3 * MINUTE })).hold!;
        const b = (await hold(2_000, ref("b"), { ttlMs: 1 * MINUTE })).hold!;
        const c = (await hold(3_000, ref("c"), { ttlMs: 2 * MINUTE })).hold!;
        const d = (await hold(4_000, ref("d"), { ttlMs: 1 * MINUTE })).hold!;
        const e = (await hold(5_000, ref("e"), { ttlMs: 10 * MINUTE })).hold!;
        await capture(d.holdId);
        const mine = async (now: Date) =>
          (await store.expiredHoldIds(now, 1_000)).filter((id) => [a, b, c, d, e].some((h) => h.holdId === id));
        expect(await mine(new Date(b.expiresAt.getTime() - 1))).toEqual([]);
        clock.set(a.expiresAt);
        expect(await mine(clock.now())).toEqual([b.holdId, c.holdId, a.holdId]);
        const voided = await voidHold(b.holdId, "EXPIRED");
        expect(voided.hold).toMatchObject({ state: "VOIDED", voidReason: "EXPIRED" });
        expect(voided.transaction!.description).toContain("expired");
        // EXPIRED leaves alone what is not expired, or already settled.
        const notYet = await voidHold(e.holdId, "EXPIRED");
        expect(notYet).toMatchObject({ replayed: true, hold: { state: "HELD" } });
        expect((await voidHold(d.holdId, "EXPIRED")).replayed).toBe(true);
        expect(await mine(clock.now())).toEqual([c.holdId, a.holdId]);
        expect(await balance()).toMatchObject({ balance: 96_000, held: 9_000 });
        await expectSound();
      });

      it("honours the limit", async () => {
        for (let i = 0; i < 5; i++) await hold(100, ref(`h${i}`), { ttlMs: MINUTE });
        clock.advance(MINUTE);
        const found = await store.expiredHoldIds(clock.now(), 3);
        expect(found).toHaveLength(3);
        expect(await store.expiredHoldIds(clock.now(), 0)).toEqual([]);
      });
    });

    describe("transfers between wallets", () => {
      const transfer = (amountPaise: number, reference: string, fromAgentId = agent, toAgentId = other) =>
        store.transfer({ type: "transfer", fromAgentId, toAgentId, amountPaise, reference, description: "" });
      /** Every statement line's amount, summed: what the balance must be. */
      const statementSum = async (agentId: string) =>
        (await store.listStatement({ agentId, limit: 10_000 }))
          .filter((line) => line.kind !== "HOLD" && line.kind !== "VOID")
          .reduce((sum, line) => sum + line.lineAmountPaise, 0);

      beforeEach(async () => {
        await openAccount(agent, 50_000);
        await openAccount(other);
        await topUp(10_000);
      });

      it("moves money with one line on each statement, balanced, and both events", async () => {
        const result = await transfer(4_000, ref("fund-1"));
        expect(result).toMatchObject({ replayed: false, from: { balancePaise: 6_000 }, to: { balancePaise: 4_000 } });
        expect(await balance(agent)).toMatchObject({ balance: 6_000 });
        expect(await balance(other)).toMatchObject({ balance: 4_000 });
        const [out] = await store.listStatement({ agentId: agent, limit: 1 });
        const [inward] = await store.listStatement({ agentId: other, limit: 1 });
        expect(out).toMatchObject({ kind: "TRANSFER_OUT", reference: ref("fund-1"), lineAmountPaise: -4_000, balanceAfterPaise: 6_000 });
        expect(inward).toMatchObject({ kind: "TRANSFER_IN", reference: ref("fund-1"), lineAmountPaise: 4_000, balanceAfterPaise: 4_000 });
        expect(out!.entries).toEqual([
          { account: cashAccount(agent), amountPaise: -4_000 },
          { account: PLATFORM.transfers, amountPaise: 4_000 },
        ]);
        expect(sumEntries([...out!.entries, ...inward!.entries])).toBe(0);
        expect((await eventsOf(agent)).map((e) => e.type)).toContain("wallet.debited");
        expect((await eventsOf(other)).map((e) => e.type)).toEqual(["wallet.credited"]);
        await expectSound(agent);
        await expectSound(other);
      });

      it("moves money once per reference: a repeat replays, another amount or direction is refused", async () => {
        await transfer(1_000, ref("fund-2"));
        expect(await transfer(1_000, ref("fund-2"))).toMatchObject({ replayed: true, from: { balancePaise: 9_000 } });
        expect((await failureOf(transfer(2_000, ref("fund-2")))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        expect((await failureOf(transfer(1_000, ref("fund-2"), other, agent))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        expect(await balance(agent)).toMatchObject({ balance: 9_000 });
        expect(await balance(other)).toMatchObject({ balance: 1_000 });
      });

      it("sends only the sender's own money: never its credit, never what is held", async () => {
        const held = await hold(3_000, ref("bkg-held"));
        expect(held.hold).toBeDefined();
        const refused = await failureOf(transfer(7_001, ref("too-much")));
        expect(refused.code).toBe("WALLET_INSUFFICIENT_FUNDS");
        expect(await balance(agent)).toMatchObject({ balance: 10_000, held: 3_000 });
        expect(await store.listStatement({ agentId: other, limit: 10 })).toEqual([]);
        await transfer(7_000, ref("just-enough"));
        expect(await balance(agent)).toMatchObject({ balance: 3_000, held: 3_000, available: 50_000 });
      });

      it("opens the receiver's wallet, without credit, when the transfer asks to and it has none", async () => {
        const fresh = newId("agt");
        const opened = await store.transfer({
          type: "transfer",
          fromAgentId: agent,
          toAgentId: fresh,
          amountPaise: 2_500,
          reference: ref("open-fresh"),
          description: "",
          openReceiver: true,
        });
        expect(opened.to).toMatchObject({ agentId: fresh, currency: "INR", balancePaise: 2_500, creditLimitPaise: 0, seq: 1 });
        expect(await balance(fresh)).toEqual({ balance: 2_500, held: 0, limit: 0, available: 2_500 });
        // An open wallet is used as it is.
        const again = await store.transfer({
          type: "transfer",
          fromAgentId: agent,
          toAgentId: fresh,
          amountPaise: 500,
          reference: ref("open-fresh-2"),
          description: "",
          openReceiver: true,
        });
        expect(again.to).toMatchObject({ balancePaise: 3_000, seq: 2 });
        await expectSound(fresh);
      });

      it("carves credit out of the sender's unused limit into the receiver's, with no statement line", async () => {
        const carve = (amountPaise: number, reference: string, fromAgentId = agent, toAgentId = other) =>
          store.transfer({ type: "transfer", funds: "CREDIT", fromAgentId, toAgentId, amountPaise, reference, description: "" });
        // agent: balance 10,000, limit 50,000, nothing held.
        const carved = await carve(20_000, ref("line-1"));
        expect(carved.from).toMatchObject({ balancePaise: 10_000, creditLimitPaise: 30_000 });
        expect(carved.to).toMatchObject({ balancePaise: 0, creditLimitPaise: 20_000 });
        expect(await carve(20_000, ref("line-1"))).toMatchObject({ replayed: true, from: { creditLimitPaise: 30_000 } });
        expect(await store.listStatement({ agentId: other, limit: 10 })).toEqual([]);
        // The receiver spends into it; the sender cannot carve credit it is using.
        await hold(15_000, ref("bkg-on-credit"), { agentId: other });
        await hold(35_000, ref("bkg-agency"));
        // agent: available 10,000 + 30,000 - 35,000 = 5,000: 5,001 of credit is in use.
        expect((await failureOf(carve(5_001, ref("line-2")))).code).toBe("WALLET_INSUFFICIENT_FUNDS");
        // Carving back: the receiver keeps what it has held (15,000 of its 20,000).
        expect((await failureOf(carve(5_001, ref("back-1"), other, agent))).code).toBe("WALLET_INSUFFICIENT_FUNDS");
        expect(await carve(5_000, ref("back-2"), other, agent)).toMatchObject({
          from: { creditLimitPaise: 15_000 },
          to: { creditLimitPaise: 35_000 },
        });
        for (const id of [agent, other]) {
          expect((await balance(id)).available).toBeGreaterThanOrEqual(0);
          await expectSound(id);
        }
      });

      it("refuses a wallet that is not open, and a transfer to itself", async () => {
        expect((await failureOf(transfer(1, ref("nowhere"), agent, newId("agt")))).code).toBe("WALLET_ACCOUNT_NOT_FOUND");
        expect((await failureOf(transfer(1, ref("self"), agent, agent))).code).toBe("VALIDATION_FAILED");
        expect(await balance(agent)).toMatchObject({ balance: 10_000 });
      });

      it("never overdraws under concurrent transfers both ways and holds, and balances reconcile", async () => {
        await topUp(5_000, ref("other-top"), other);
        const work = [
          ...Array.from({ length: 12 }, (_, i) => transfer(1_500, ref(`out-${i}`))),
          ...Array.from({ length: 12 }, (_, i) => transfer(1_000, ref(`back-${i}`), other, agent)),
          ...Array.from({ length: 6 }, (_, i) => hold(2_000, ref(`bkg-${i}`), { agentId: other })),
          ...Array.from({ length: 8 }, (_, i) =>
            store.transfer({
              type: "transfer",
              funds: "CREDIT",
              fromAgentId: agent,
              toAgentId: other,
              amountPaise: 10_000,
              reference: ref(`line-${i}`),
              description: "",
            }),
          ),
          ...Array.from({ length: 6 }, (_, i) => hold(9_000, ref(`bkg-agency-${i}`))),
        ];
        await Promise.allSettled(work);
        for (const id of [agent, other]) {
          const account = (await store.findAccount(id))!;
          expect(account.balancePaise - account.heldPaise, id).toBeGreaterThanOrEqual(0);
          expect(await statementSum(id)).toBe(account.balancePaise);
          await expectSound(id);
        }
        // Money only moved between the two: together they hold what was topped up, and the one credit line.
        const total = (await balance(agent)).balance + (await balance(other)).balance;
        expect(total).toBe(15_000);
        expect((await balance(agent)).limit + (await balance(other)).limit).toBe(50_000);
        for (const id of [agent, other]) expect((await balance(id)).available, id).toBeGreaterThanOrEqual(0);
      });
    });

    describe("low-balance alert", () => {
      const threshold = (thresholdPaise: number) => exec({ type: "setLowBalanceThreshold", agentId: agent, thresholdPaise });
      const alerts = async () => (await eventsOf(agent)).filter((e) => e.type === "wallet.low_balance");

      beforeEach(async () => {
        await openAccount();
        await topUp(100_000);
      });

      it("fires once when available falls below the threshold, and again only after climbing back", async () => {
        await threshold(40_000);
        expect(await alerts()).toEqual([]);
        const first = await hold(50_000, ref("bkg-1"));
        await hold(20_000, ref("bkg-2")); // 30,000 available: crossed
        await hold(5_000, ref("bkg-3")); // still below: no second alert
        expect((await alerts()).map((e) => e.data)).toEqual([
          { available_paise: 30_000, threshold_paise: 40_000, balance_paise: 100_000, credit_limit_paise: 0, held_paise: 70_000 },
        ]);
        await voidHold(first.hold!.holdId); // 75,000 available: re-armed
        await hold(40_000, ref("bkg-4")); // 35,000: crossed again
        expect(await alerts()).toHaveLength(2);
        await expectSound();
      });

      it("fires once per crossing under concurrent holds", async () => {
        await threshold(50_000);
        await Promise.allSettled(Array.from({ length: 20 }, (_, i) => hold(9_000, ref(`race-${i}`))));
        expect(await alerts()).toHaveLength(1);
        expect((await store.findAccount(agent))?.lowBalanceAlerted).toBe(true);
      });

      it("fires at once for a threshold set above what is available, and never without one", async () => {
        await hold(90_000, ref("bkg-big"));
        expect(await alerts()).toEqual([]);
        await threshold(20_000);
        expect(await alerts()).toHaveLength(1);
        expect((await exec({ type: "setLowBalanceThreshold", agentId: agent, thresholdPaise: 20_000 })).replayed).toBe(true);
        await threshold(0);
        expect(await store.findAccount(agent)).not.toHaveProperty("lowBalanceThresholdPaise");
      });
    });

    describe("credit limit", () => {
      beforeEach(async () => {
        await openAccount(agent, 10_000);
      });

      it("sets the limit, recorded once per reference and never as a statement line", async () => {
        const result = await setLimit(80_000, ref("l1"));
        expect(result.account.creditLimitPaise).toBe(80_000);
        expect(result.transaction).toMatchObject({ kind: "CREDIT_LIMIT", entries: [], lineAmountPaise: 0, creditLimitAfterPaise: 80_000 });
        expect((await setLimit(80_000, ref("l1"))).replayed).toBe(true);
        expect((await failureOf(setLimit(90_000, ref("l1")))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        await setLimit(20_000, ref("l2"));
        expect((await setLimit(80_000, ref("l1"))).account.creditLimitPaise).toBe(20_000);
        expect(await store.listStatement({ agentId: agent, limit: 100 })).toEqual([]);
        expect(await eventsOf()).toEqual([]);
      });

      it("lowers the limit only as far as money already spent and held allows", async () => {
        const h = await hold(6_000, ref("h"));
        await capture(h.hold!.holdId);
        await hold(3_000, ref("h2"));
        // balance -6,000, held 3,000: the limit must stay >= 9,000.
        const error = await failureOf(setLimit(8_999, ref("too-low")));
        expect(error).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "credit_limit_paise", code: "OUT_OF_RANGE" }] });
        expect(error.message).toContain("90.00 INR");
        expect((await setLimit(9_000, ref("just-enough"))).account).toMatchObject({ creditLimitPaise: 9_000 });
        expect(await balance()).toMatchObject({ available: 0 });
        await expectSound();
      });
    });

    describe("statement", () => {
      beforeEach(async () => {
        await openAccount(agent, 0);
      });

      it("lists statement lines newest first with the balance after each", async () => {
        await topUp(10_000, ref("t"));
        clock.advance(1_000);
        const h = await hold(4_000, ref("bkg"));
        clock.advance(1_000);
        await setLimit(1_000, ref("lim"));
        await capture(h.hold!.holdId);
        clock.advance(1_000);
        await credit(1_500, ref("bkg:cancel"));
        const lines = await store.listStatement({ agentId: agent, limit: 100 });
        expect(lines.map((l) => [l.kind, l.lineAmountPaise, l.balanceAfterPaise, l.reference])).toEqual([
          ["REFUND", 1_500, 7_500, ref("bkg:cancel")],
          ["CAPTURE", -4_000, 6_000, ref("bkg")],
          ["HOLD", -4_000, 10_000, ref("bkg")],
          ["TOP_UP", 10_000, 10_000, ref("t")],
        ]);
        expect(await store.listStatement({ agentId: other, limit: 100 })).toEqual([]);
      });

      it("filters from (inclusive) and to (exclusive), pages with before, honours the limit", async () => {
        const start = clock.now().getTime();
        for (let i = 0; i < 6; i++) {
          clock.set(new Date(start + i * 1_000));
          await topUp(100 + i, ref(`t${i}`));
        }
        // Two lines at the same instant: seq orders them.
        await topUp(200, ref("same-instant"));
        const all = await store.listStatement({ agentId: agent, limit: 100 });
        expect(all.map((l) => l.amountPaise)).toEqual([200, 105, 104, 103, 102, 101, 100]);
        const window = await store.listStatement({
          agentId: agent,
          from: new Date(start + 1_000),
          to: new Date(start + 4_000),
          limit: 100,
        });
        expect(window.map((l) => l.amountPaise)).toEqual([103, 102, 101]);
        const page1 = await store.listStatement({ agentId: agent, limit: 2 });
        expect(page1.map((l) => l.amountPaise)).toEqual([200, 105]);
        const last = page1.at(-1)!;
        const page2 = await store.listStatement({ agentId: agent, before: { at: last.at, seq: last.seq }, limit: 3 });
        expect(page2.map((l) => l.amountPaise)).toEqual([104, 103, 102]);
        const first = all[0]!;
        const afterSameInstant = await store.listStatement({ agentId: agent, before: { at: first.at, seq: first.seq }, limit: 1 });
        expect(afterSameInstant.map((l) => l.amountPaise)).toEqual([105]);
        const windowPage = await store.listStatement({
          agentId: agent,
          from: new Date(start + 1_000),
          before: { at: page2[0]!.at, seq: page2[0]!.seq },
          limit: 100,
        });
        expect(windowPage.map((l) => l.amountPaise)).toEqual([103, 102, 101]);
      });

      it("keeps `at` strictly in commit order even when the clock steps back or stands still", async () => {
        await topUp(100, ref("a"));
        const first = (await store.listTransactions(agent))[0]!;
        clock.advance(-60_000);
        const second = (await topUp(200, ref("b"))).transaction!;
        expect(second.at.getTime()).toBe(first.at.getTime() + 1);
        expect(second.seq).toBe(2);
        // Events are published in `at` order: two commits in one millisecond must not tie.
        const third = (await topUp(300, ref("c"))).transaction!;
        expect(third.at.getTime()).toBe(second.at.getTime() + 1);
        await expectSound();
      });
    });

    it("is not changed by mutating what it returned", async () => {
      await openAccount(agent, 0);
      const t = await topUp(1_000, ref("t"));
      const h = await hold(500, ref("h"));
      (t.account as { balancePaise: number }).balancePaise = 999_999;
      (t.transaction!.entries[0] as { amountPaise: number }).amountPaise = 1;
      (h.hold as { state: string }).state = "CAPTURED";
      h.hold!.expiresAt.setTime(0);
      const found = (await store.findHold(h.hold!.holdId))!;
      (found as { amountPaise: number }).amountPaise = 1;
      expect(await balance()).toMatchObject({ balance: 1_000, held: 500 });
      expect(await store.findHold(h.hold!.holdId)).toMatchObject({ state: "HELD", amountPaise: 500 });
      expect((await store.findHold(h.hold!.holdId))!.expiresAt.getTime()).toBeGreaterThan(0);
      await expectSound();
    });
  });
}
