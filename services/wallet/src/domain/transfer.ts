import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import { availableOf, type WalletAccount } from "./account.js";
import { accountNotFound, assertCommitSound, checkPrior, post, walletEvent, WALLET_CREDITED, WALLET_DEBITED } from "./decide.js";
import { cashAccount, PLATFORM, type LedgerTransaction, type TransactionKind } from "./ledger.js";
import { withLowBalanceAlert } from "./low-balance.js";
import { formatMoney, MAX_BALANCE_PAISE } from "./money.js";
import type { OutboxEvent } from "@tarmac/events";

/**
 * Money moved from one agency's wallet to another's in its tree (an agency funding a sub-agent,
 * or a sub-agent handing money back), validated for form. Who may move money between which
 * wallets is the service's to check; the wallet rules here are what every transfer keeps.
 */
export interface TransferCommand {
  readonly type: "transfer";
  readonly fromAgentId: string;
  readonly toAgentId: string;
  readonly amountPaise: number;
  /** The caller's reference: TRANSFER_OUT and TRANSFER_IN are recorded under it, once each. */
  readonly reference: string;
  readonly description: string;
  /**
   * Opens the receiver's wallet when it has none: PREPAID (no credit limit), in the sender's
   * currency. An agency funding a new sub-agent opens its wallet with the first transfer.
   */
  readonly openReceiver?: boolean;
  /**
   * CASH (the default) moves money; CREDIT carves credit out of the sender's limit into the
   * receiver's: no money moves and no statement line is written, the two limits change together.
   */
  readonly funds?: "CASH" | "CREDIT";
}

/** The two ledger kinds a transfer is recorded under, each unique with the reference. */
export function transferKinds(command: Pick<TransferCommand, "funds">): { readonly out: TransactionKind; readonly in: TransactionKind } {
  return command.funds === "CREDIT" ? { out: "CREDIT_OUT", in: "CREDIT_IN" } : { out: "TRANSFER_OUT", in: "TRANSFER_IN" };
}

/** The most credit a wallet may be given, as SetCreditLimit allows. */
const MAX_CREDIT_LIMIT_PAISE = 1_000_000_000_000;

/** What a store read before deciding, in the same atomic unit: both accounts and both legs already recorded, if any. */
export interface TransferState {
  readonly from: WalletAccount | undefined;
  readonly to: WalletAccount | undefined;
  readonly priorOut: LedgerTransaction | undefined;
  readonly priorIn: LedgerTransaction | undefined;
}

/** One side of a transfer's commit: the account as read (the write is guarded on its seq), after, and its ledger line. */
export interface TransferLeg {
  /** The receiver's wallet opened by this transfer: the store inserts it (refused if one exists) instead of updating `before`. */
  readonly opened?: boolean;
  readonly before: WalletAccount;
  readonly account: WalletAccount;
  readonly transaction: LedgerTransaction;
}

export type TransferDecision =
  | { readonly type: "replay"; readonly from: WalletAccount; readonly to: WalletAccount }
  | { readonly type: "commit"; readonly out: TransferLeg; readonly in: TransferLeg; readonly events: readonly OutboxEvent[] };

/**
 * The transfer rules: both wallets open in one currency; the amount fits in what the sender has
 * of its own (`balance - held`: credit is the platform's money, lent to that agency alone, and is
 * never handed on as cash); one line on each statement (TRANSFER_OUT, TRANSFER_IN) under the
 * caller's reference, both or neither; a repeat of the same transfer replays, anything else under
 * that reference is refused.
 */
export function decideTransfer(command: TransferCommand, state: TransferState, now: Date): TransferDecision {
  const decided = decideUnchecked(command, state, now);
  if (decided.type !== "commit") return decided;
  // Either side may cross its low-balance threshold (money or credit leaving, or coming back).
  const out = withLowBalanceAlert(decided.out.account, decided.out.transaction.at);
  const inward = withLowBalanceAlert(decided.in.account, decided.in.transaction.at);
  return {
    type: "commit",
    out: { ...decided.out, account: out.account },
    in: { ...decided.in, account: inward.account },
    events: [...decided.events, ...[out.event, inward.event].filter((e) => e !== undefined)],
  };
}

function decideUnchecked(command: TransferCommand, state: TransferState, now: Date): TransferDecision {
  if (command.fromAgentId === command.toAgentId) {
    throw validationFailed([fieldError("to_agent_id", "INVALID_VALUE", "must be another agency than the sender")]);
  }
  const from = state.from;
  if (!from) throw accountNotFound(command.fromAgentId);
  const opened = !state.to && command.openReceiver === true;
  const to = state.to ?? (opened ? prepaidAccount(command.toAgentId, from.currency, now) : undefined);
  if (!to) throw accountNotFound(command.toAgentId);
  if (state.priorOut || state.priorIn) {
    const out = state.priorOut;
    const inward = state.priorIn;
    if (!out || !inward) throw new Error(`transfer ${command.reference} has one leg recorded without the other`);
    checkPrior(out, command.fromAgentId, command.amountPaise, from.currency);
    checkPrior(inward, command.toAgentId, command.amountPaise, to.currency);
    return { type: "replay", from, to };
  }
  if (from.currency !== to.currency) {
    throw validationFailed([
      fieldError("to_agent_id", "INVALID_VALUE", `keeps its wallet in ${to.currency}, the sender in ${from.currency}`),
    ]);
  }
  const amount = command.amountPaise;
  if (command.funds === "CREDIT") return carveCredit(command, from, to, opened, now);
  const own = from.balancePaise - from.heldPaise;
  if (own < amount) {
    throw new DomainError(
      "WALLET_INSUFFICIENT_FUNDS",
      `Insufficient wallet funds to transfer: the sender's own money (balance less held, credit not included) is ` +
        `${formatMoney(Math.max(0, own), from.currency)}, needed ${formatMoney(amount, from.currency)}`,
    );
  }
  if (to.balancePaise + amount > MAX_BALANCE_PAISE) {
    throw validationFailed([
      fieldError("amount_paise", "OUT_OF_RANGE", `would take the receiver's balance past ${formatMoney(MAX_BALANCE_PAISE, to.currency)}`),
    ]);
  }
  const what = command.description || `Transfer ${command.reference}`;
  const out = post(from, now, {
    kind: "TRANSFER_OUT",
    reference: command.reference,
    amountPaise: amount,
    entries: [
      { account: cashAccount(from.agentId), amountPaise: -amount },
      { account: PLATFORM.transfers, amountPaise: amount },
    ],
    lineAmountPaise: -amount,
    balanceDelta: -amount,
    heldDelta: 0,
    description: `${what} to ${to.agentId}`,
  });
  const inward = post(to, now, {
    kind: "TRANSFER_IN",
    reference: command.reference,
    amountPaise: amount,
    entries: [
      { account: cashAccount(to.agentId), amountPaise: amount },
      { account: PLATFORM.transfers, amountPaise: -amount },
    ],
    lineAmountPaise: amount,
    balanceDelta: amount,
    heldDelta: 0,
    description: `${what} from ${from.agentId}`,
  });
  const legs = { out: { before: from, ...out }, in: { ...(opened && { opened }), before: to, ...inward } };
  assertCommitSound(legs.out);
  assertCommitSound(legs.in);
  return {
    type: "commit",
    ...legs,
    events: [walletEvent(WALLET_DEBITED, out.transaction), walletEvent(WALLET_CREDITED, inward.transaction)],
  };
}

/** A wallet as OpenAccount opens it without credit: what a sub-agent funded by its agency starts from. */
function prepaidAccount(agentId: string, currency: string, now: Date): WalletAccount {
  return {
    agentId,
    currency,
    balancePaise: 0,
    heldPaise: 0,
    creditLimitPaise: 0,
    seq: 0,
    lastAt: now,
    openedAt: now,
    openingCreditLimitPaise: 0,
  };
}

/**
 * Credit carved from one limit into another: the sender keeps available >= 0 (it cannot hand on
 * credit it is using), the receiver's limit grows by as much. No money moves, so no statement
 * line and no event: both are CREDIT_OUT / CREDIT_IN records, like CREDIT_LIMIT ones.
 */
function carveCredit(command: TransferCommand, from: WalletAccount, to: WalletAccount, opened: boolean, now: Date): TransferDecision {
  const amount = command.amountPaise;
  const unused = Math.min(from.creditLimitPaise, availableOf(from));
  if (unused < amount) {
    throw new DomainError(
      "WALLET_INSUFFICIENT_FUNDS",
      `Insufficient credit to carve out: the sender's unused credit is ${formatMoney(Math.max(0, unused), from.currency)}, ` +
        `needed ${formatMoney(amount, from.currency)}`,
    );
  }
  if (to.creditLimitPaise + amount > MAX_CREDIT_LIMIT_PAISE) {
    throw validationFailed([
      fieldError(
        "amount_paise",
        "OUT_OF_RANGE",
        `would take the receiver's credit limit past ${formatMoney(MAX_CREDIT_LIMIT_PAISE, to.currency)}`,
      ),
    ]);
  }
  const what = command.description || `Credit line ${command.reference}`;
  const out = post(from, now, {
    kind: "CREDIT_OUT",
    reference: command.reference,
    amountPaise: amount,
    entries: [],
    lineAmountPaise: 0,
    balanceDelta: 0,
    heldDelta: 0,
    creditLimit: from.creditLimitPaise - amount,
    description: `${what} to ${to.agentId}`,
  });
  const inward = post(to, now, {
    kind: "CREDIT_IN",
    reference: command.reference,
    amountPaise: amount,
    entries: [],
    lineAmountPaise: 0,
    balanceDelta: 0,
    heldDelta: 0,
    creditLimit: to.creditLimitPaise + amount,
    description: `${what} from ${from.agentId}`,
  });
  const legs = { out: { before: from, ...out }, in: { ...(opened && { opened }), before: to, ...inward } };
  assertCommitSound(legs.out);
  assertCommitSound(legs.in);
  return { type: "commit", ...legs, events: [] };
}
