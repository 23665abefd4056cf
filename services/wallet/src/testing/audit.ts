import { availableOf, type WalletAccount } from "../domain/account.js";
import type { Hold } from "../domain/hold.js";
import { cashAccount, heldAccount, sumEntries, type LedgerTransaction } from "../domain/ledger.js";
import type { WalletStore } from "../store/wallet-store.js";

export interface AgentLedger {
  readonly account: WalletAccount;
  readonly transactions: LedgerTransaction[];
  readonly holds: Hold[];
}

export async function agentLedger(store: WalletStore, agentId: string): Promise<AgentLedger> {
  const account = await store.findAccount(agentId);
  if (!account) throw new Error(`no account ${agentId}`);
  return { account, transactions: await store.listTransactions(agentId), holds: await store.listHolds(agentId) };
}

/**
 * Every rule the ledger must keep for one agent, checked from the stored data alone. Returns the
 * breaches found (empty when sound), so a test can print all of them at once.
 */
export function auditAgent({ account, transactions, holds }: AgentLedger): string[] {
  const problems: string[] = [];
  const agentId = account.agentId;
  const cash = cashAccount(agentId);
  const held = heldAccount(agentId);
  let balance = 0;
  let heldSum = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  const keys = new Set<string>();
  transactions.forEach((t, i) => {
    if (t.agentId !== agentId) problems.push(`${t.transactionId} belongs to ${t.agentId}`);
    if (t.seq !== i + 1) problems.push(`${t.transactionId}: seq ${t.seq} at position ${i + 1}`);
    if (sumEntries(t.entries) !== 0) problems.push(`${t.transactionId} (${t.kind}): entries sum to ${sumEntries(t.entries)}`);
    for (const e of t.entries) {
      if (!Number.isSafeInteger(e.amountPaise)) problems.push(`${t.transactionId}: entry ${e.account} is not whole paise`);
      if (e.account === cash) balance += e.amountPaise;
      else if (e.account === held) heldSum += e.amountPaise;
      else if (!e.account.startsWith("platform:")) problems.push(`${t.transactionId}: entry on foreign account ${e.account}`);
    }
    if (t.balanceAfterPaise !== balance) problems.push(`${t.transactionId}: balance_after ${t.balanceAfterPaise}, ledger says ${balance}`);
    if (t.heldAfterPaise !== heldSum) problems.push(`${t.transactionId}: held_after ${t.heldAfterPaise}, ledger says ${heldSum}`);
    if (heldSum < 0) problems.push(`${t.transactionId}: held went negative (${heldSum})`);
    if (balance + t.creditLimitAfterPaise - heldSum < 0) {
      problems.push(`${t.transactionId}: available went negative (balance ${balance}, limit ${t.creditLimitAfterPaise}, held ${heldSum})`);
    }
    if (balance < -t.creditLimitAfterPaise)
      problems.push(`${t.transactionId}: balance ${balance} below -credit limit ${t.creditLimitAfterPaise}`);
    if (t.at.getTime() < lastAt) problems.push(`${t.transactionId}: at goes back in time`);
    lastAt = t.at.getTime();
    const key = `${t.kind}:${t.reference}`;
    if (keys.has(key)) problems.push(`two ${t.kind} transactions under reference ${t.reference}`);
    keys.add(key);
  });
  if (account.balancePaise !== balance) problems.push(`cached balance ${account.balancePaise}, ledger says ${balance}`);
  if (account.heldPaise !== heldSum) problems.push(`cached held ${account.heldPaise}, ledger says ${heldSum}`);
  if (account.seq !== transactions.length) problems.push(`account seq ${account.seq}, ${transactions.length} transactions`);
  if (availableOf(account) < 0) problems.push(`available is negative: ${availableOf(account)}`);
  if (account.balancePaise < -account.creditLimitPaise)
    problems.push(`balance ${account.balancePaise} below -credit limit ${account.creditLimitPaise}`);
  const last = transactions.at(-1);
  if (last && last.creditLimitAfterPaise !== account.creditLimitPaise)
    problems.push(`cached credit limit differs from the last transaction's`);

  // Holds against their transactions: one HOLD each, at most one CAPTURE or VOID, never both.
  const byHold = new Map<string, LedgerTransaction[]>();
  for (const t of transactions) if (t.holdId) byHold.set(t.holdId, [...(byHold.get(t.holdId) ?? []), t]);
  let openHeld = 0;
  for (const hold of holds) {
    const own = byHold.get(hold.holdId) ?? [];
    byHold.delete(hold.holdId);
    const count = (kind: string) => own.filter((t) => t.kind === kind).length;
    if (count("HOLD") !== 1) problems.push(`hold ${hold.holdId}: ${count("HOLD")} HOLD transactions`);
    if (count("CAPTURE") > 1) problems.push(`hold ${hold.holdId} captured ${count("CAPTURE")} times`);
    if (count("VOID") > 1) problems.push(`hold ${hold.holdId} voided ${count("VOID")} times`);
    if (count("CAPTURE") > 0 && count("VOID") > 0) problems.push(`hold ${hold.holdId} both captured and voided`);
    const expected = { HELD: [0, 0], CAPTURED: [1, 0], VOIDED: [0, 1] }[hold.state];
    if (count("CAPTURE") !== expected[0] || count("VOID") !== expected[1])
      problems.push(`hold ${hold.holdId} is ${hold.state} but its ledger disagrees`);
    for (const t of own) {
      if (t.amountPaise !== hold.amountPaise)
        problems.push(`hold ${hold.holdId}: ${t.kind} of ${t.amountPaise}, hold of ${hold.amountPaise}`);
      if (t.reference !== hold.reference) problems.push(`hold ${hold.holdId}: ${t.kind} under another reference`);
    }
    const capture = own.find((t) => t.kind === "CAPTURE");
    if (capture && capture.at.getTime() >= hold.expiresAt.getTime()) problems.push(`hold ${hold.holdId} captured at or after its expiry`);
    if (hold.state === "HELD") openHeld += hold.amountPaise;
  }
  if (byHold.size > 0) problems.push(`transactions of unknown holds: ${[...byHold.keys()].join(", ")}`);
  if (openHeld !== account.heldPaise) problems.push(`open holds total ${openHeld}, cached held ${account.heldPaise}`);
  return problems;
}
