import type { OutboxEvent } from "@tarmac/events";
import { describeOnMongo, ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { bookingMoneyOf, bookingOfReference } from "./domain/booking-refund.js";
import type { LedgerTransaction } from "./domain/ledger.js";
import { accountTotals, sumEntries } from "./domain/ledger.js";
import { MemoryWalletStore } from "./store/memory-wallet-store.js";
import { MongoWalletStore } from "./store/mongo-wallet-store.js";
import type { WalletStore } from "./store/wallet-store.js";
import { agentLedger, auditAgent } from "./testing/audit.js";
import { walletHarness } from "./testing/wallet-harness.js";
import { runWorkload, type WorkloadOptions } from "./testing/workload.js";

/**
 * THE invariant test: a seeded random concurrent workload, then every ledger rule checked from
 * what the store holds. Reproduce a failure with WALLET_INVARIANT_SEED=<printed seed>;
 * WALLET_INVARIANT_OPS changes the size.
 */
const seed = process.env.WALLET_INVARIANT_SEED ? Number(process.env.WALLET_INVARIANT_SEED) : Math.floor(Math.random() * 2 ** 31);
const ops = process.env.WALLET_INVARIANT_OPS ? Number(process.env.WALLET_INVARIANT_OPS) : undefined;

async function checkInvariants(store: WalletStore, clock: ManualClock, options: WorkloadOptions): Promise<void> {
  const { service } = walletHarness({ store, clock });
  console.info(
    `wallet invariant workload: seed ${options.seed} (WALLET_INVARIANT_SEED=${options.seed} to repeat), ${options.operations} operations, ${options.agents} agents, ${options.concurrency} in flight`,
  );
  const report = await runWorkload(service, store, clock, options);
  console.info(`wallet invariant workload outcomes: ${JSON.stringify(report.outcomes)}`);
  expect(report.unexpected, `seed ${options.seed}`).toEqual([]);
  // The workload must have exercised every path, or it proves little.
  for (const outcome of [
    "hold ok",
    "hold WALLET_INSUFFICIENT_FUNDS",
    "hold IDEMPOTENCY_KEY_REUSED",
    "capture ok",
    "capture VALIDATION_FAILED",
    "void ok",
    "credit ok",
    "credit WALLET_CREDIT_NOT_ALLOWED",
    "topUp ok",
    "setCreditLimit ok",
  ]) {
    expect(report.outcomes[outcome] ?? 0, `${outcome} (seed ${options.seed})`).toBeGreaterThan(0);
  }

  const all: LedgerTransaction[] = [];
  for (const agentId of report.agentIds) {
    const ledger = await agentLedger(store, agentId);
    // Per agent: entries balance, cached figures = ledger sums, balance >= -limit and available >= 0
    // after every transaction, seq/at order, one transaction per (kind, reference), holds vs ledger.
    expect(auditAgent(ledger), `${agentId} (seed ${options.seed})`).toEqual([]);
    all.push(...ledger.transactions);
    expect(
      ledger.holds.some((h) => h.state === "HELD"),
      "the final sweep released every hold",
    ).toBe(false);
  }

  // Every transaction balances, and so does the whole ledger.
  for (const t of all) expect(sumEntries(t.entries), t.transactionId).toBe(0);
  const totals = accountTotals(all);
  expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(0);
  expect(totals.get("platform:holds") ?? 0, "nothing is left held").toBe(0);

  // (kind, reference) is unique across agents, not only within one.
  const keys = all.filter((t) => t.kind !== "CAPTURE" && t.kind !== "VOID").map((t) => `${t.kind}:${t.reference}`);
  expect(new Set(keys).size).toBe(keys.length);
  const byKey = new Map(all.map((t) => [`${t.kind}:${t.reference}`, t]));

  // Idempotent repeats moved no money: every successful call under a reference matches the one
  // transaction recorded under it (same agent, same amount, same hold id), however often repeated.
  for (const call of report.succeeded) {
    const recorded = byKey.get(`${call.kind}:${call.reference}`);
    expect(recorded, `${call.kind} ${call.reference}`).toBeDefined();
    expect({ agentId: recorded!.agentId, amountPaise: recorded!.amountPaise }).toEqual({
      agentId: call.agentId,
      amountPaise: call.amountPaise,
    });
    if (call.holdId) expect(recorded!.holdId).toBe(call.holdId);
  }

  // Booking never got back more for a booking than it paid from that agent's wallet, however its
  // refunds raced (the workload's only credits naming a booking are booking's).
  for (const agentId of report.agentIds) {
    const mine = all.filter((t) => t.agentId === agentId);
    const bookings = new Set(mine.map((t) => bookingOfReference(t.reference)).filter((id) => id !== undefined));
    for (const bookingId of bookings) {
      const { capturedPaise, refundedPaise } = bookingMoneyOf(bookingId, mine);
      expect(refundedPaise, `${bookingId} of ${agentId} (seed ${options.seed})`).toBeLessThanOrEqual(capturedPaise);
    }
  }

  // Exactly one event per movement, carrying the transaction's figures.
  const events: OutboxEvent[] = (await store.outbox.pending(1_000_000)).filter((e) => report.agentIds.includes(e.agentId));
  const moving = all.filter((t) => t.kind === "CAPTURE" || t.kind === "REFUND" || t.kind === "TOP_UP");
  expect(events).toHaveLength(moving.length);
  const byEntry = new Map(all.map((t) => [t.transactionId, t]));
  for (const event of events) {
    const t = byEntry.get(event.data.entry_id as string);
    expect(t, event.id).toBeDefined();
    expect(event.type).toBe(t!.kind === "CAPTURE" ? "wallet.debited" : "wallet.credited");
    expect(event.data).toEqual({
      entry_id: t!.transactionId,
      kind: t!.kind,
      amount_paise: t!.lineAmountPaise,
      balance_after_paise: t!.balanceAfterPaise,
      reference: t!.reference,
    });
  }
  expect(new Set(events.map((e) => e.data.entry_id)).size).toBe(events.length);
}

describe("wallet invariants under a concurrent random workload", () => {
  it("hold the in-memory store", async () => {
    const clock = new ManualClock(new Date());
    await checkInvariants(new MemoryWalletStore({ clock }), clock, { seed, agents: 6, operations: ops ?? 6_000, concurrency: 64 });
  }, 120_000);

  describeOnMongo("wallet invariants on MongoDB", (mongo) => {
    it("hold the MongoDB store", async () => {
      // Real time: the outbox's TTL monitor runs on the server's clock.
      const clock = new ManualClock(new Date());
      const store = new MongoWalletStore(mongo.db, { clock });
      await store.ensureIndexes();
      await checkInvariants(store, clock, { seed, agents: 4, operations: ops ? Math.min(ops, 800) : 800, concurrency: 16 });
    }, 300_000);
  });
});
