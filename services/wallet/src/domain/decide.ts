import { newEvent, type OutboxEvent } from "@tarmac/events";
import { DomainError, fieldError, newId, validationFailed } from "@tarmac/kernel";
import { accountInvariantBreach, availableOf, type WalletAccount } from "./account.js";
import { bookingOfReference, type BookingMoney } from "./booking-refund.js";
import type {
  CaptureCommand,
  CreditCommand,
  HoldCommand,
  OpenAccountCommand,
  SetCreditLimitCommand,
  SetLowBalanceThresholdCommand,
  TopUpCommand,
  VoidCommand,
  WalletCommand,
} from "./commands.js";
import { isExpired, type Hold } from "./hold.js";
import { cashAccount, heldAccount, PLATFORM, type LedgerEntry, type LedgerTransaction, type TransactionKind } from "./ledger.js";
import { withLowBalanceAlert } from "./low-balance.js";
import { formatMoney, MAX_BALANCE_PAISE } from "./money.js";

/** What a store read before deciding, inside the same transaction or critical section. */
export interface CommandState {
  /** The account the command changes (capture and void: the hold's agent's). */
  readonly account: WalletAccount | undefined;
  /** The transaction already recorded under the command's idempotency key, if any. */
  readonly prior: LedgerTransaction | undefined;
  /** Capture and void: the named hold. Hold: the prior transaction's hold, if there is a prior. */
  readonly hold: Hold | undefined;
  /**
   * A credit on booking grounds without a prior, whose reference names a booking: what that
   * booking captured from the account and got back. Read in the same atomic unit as the account,
   * so two racing refunds of one booking cannot both fit the same remainder.
   */
  readonly booking?: BookingMoney;
}

/** Nothing to write: a repeat of something already done. */
interface Replay {
  readonly type: "replay";
  readonly account: WalletAccount;
  readonly hold?: Hold;
}

/** Everything the store writes, all or nothing. */
export interface Commit {
  readonly type: "commit";
  /** The account as read (the write is guarded on its seq); undefined when the command opens it. */
  readonly before: WalletAccount | undefined;
  readonly account: WalletAccount;
  readonly transaction?: LedgerTransaction;
  /** A new hold, or a hold leaving HELD (the write is guarded on state HELD). */
  readonly hold?: { readonly write: "insert" | "settle"; readonly hold: Hold };
  /** Outbox events, appended in the same transaction. */
  readonly events: readonly OutboxEvent[];
}

export type Decision = Replay | Commit;

/** Event types of API guide, Events (subjects tarmac.wallet.debited / tarmac.wallet.credited). */
export const WALLET_DEBITED = "wallet.debited";
export const WALLET_CREDITED = "wallet.credited";

/**
 * The wallet's rules, in one pure function of what the store read: which error, which replay, or
 * exactly which ledger transaction, account figures, hold change and events to commit. Both
 * stores call it inside their atomic section, so the rules cannot differ between them.
 */
export function decide(command: WalletCommand, state: CommandState, now: Date): Decision {
  const decided = decideUnchecked(command, state, now);
  if (decided.type !== "commit") return decided;
  const alert = withLowBalanceAlert(decided.account, decided.transaction?.at ?? now);
  const decision: Commit = alert.event
    ? { ...decided, account: alert.account, events: [...decided.events, alert.event] }
    : { ...decided, account: alert.account };
  assertCommitSound(decision);
  return decision;
}

function decideUnchecked(command: WalletCommand, state: CommandState, now: Date): Decision {
  switch (command.type) {
    case "openAccount":
      return openAccount(command, state, now);
    case "hold":
      return hold(command, state, now);
    case "capture":
      return capture(command, state, now);
    case "void":
      return voidHold(command, state, now);
    case "credit":
      return addToBalance(command, state, now, "REFUND", PLATFORM.refunds);
    case "topUp":
      return addToBalance(command, state, now, "TOP_UP", PLATFORM.funding);
    case "setCreditLimit":
      return setCreditLimit(command, state, now);
    case "setLowBalanceThreshold":
      return setLowBalanceThreshold(command, state);
  }
}

export function accountNotFound(agentId: string): DomainError {
  return new DomainError("WALLET_ACCOUNT_NOT_FOUND", `No wallet is open for agent ${agentId}`);
}

function requireAccount(state: CommandState, agentId: string): WalletAccount {
  if (!state.account) throw accountNotFound(agentId);
  return state.account;
}

function openAccount(command: OpenAccountCommand, state: CommandState, now: Date): Decision {
  const existing = state.account;
  if (existing) {
    if (existing.currency !== command.currency || existing.openingCreditLimitPaise !== command.creditLimitPaise) {
      throw new DomainError(
        "IDEMPOTENCY_KEY_REUSED",
        `The wallet of agent ${command.agentId} was already opened in ${existing.currency} with a credit limit of ` +
          `${formatMoney(existing.openingCreditLimitPaise, existing.currency)}; change the limit with SetCreditLimit`,
      );
    }
    return { type: "replay", account: existing };
  }
  const account: WalletAccount = {
    agentId: command.agentId,
    currency: command.currency,
    balancePaise: 0,
    heldPaise: 0,
    creditLimitPaise: command.creditLimitPaise,
    seq: 0,
    lastAt: now,
    openedAt: now,
    openingCreditLimitPaise: command.creditLimitPaise,
  };
  return { type: "commit", before: undefined, account, events: [] };
}

/**
 * A repeat under the same idempotency key: the same agent and amount replay, anything else is
 * refused without saying whose the reference is.
 */
export function checkPrior(prior: LedgerTransaction, agentId: string, amountPaise: number, currency: string): void {
  if (prior.agentId !== agentId) {
    throw new DomainError(
      "IDEMPOTENCY_KEY_REUSED",
      `Reference "${prior.reference}" is already used by another ${kindName(prior.kind)}; use a new reference`,
    );
  }
  if (prior.amountPaise !== amountPaise) {
    throw new DomainError(
      "IDEMPOTENCY_KEY_REUSED",
      `Reference "${prior.reference}" already recorded a ${kindName(prior.kind)} of ${formatMoney(prior.amountPaise, currency)}; ` +
        "a repeat must name the same amount, a new operation a new reference",
    );
  }
}

function kindName(kind: TransactionKind): string {
  return {
    HOLD: "hold",
    CAPTURE: "capture",
    VOID: "void",
    REFUND: "refund",
    TOP_UP: "top-up",
    ADJUSTMENT: "adjustment",
    CREDIT_LIMIT: "credit limit",
    TRANSFER_OUT: "transfer",
    TRANSFER_IN: "transfer",
    CREDIT_OUT: "credit transfer",
    CREDIT_IN: "credit transfer",
  }[kind];
}

function hold(command: HoldCommand, state: CommandState, now: Date): Decision {
  const account = requireAccount(state, command.agentId);
  if (state.prior) {
    checkPrior(state.prior, command.agentId, command.amountPaise, account.currency);
    if (!state.hold) throw new Error(`hold transaction ${state.prior.transactionId} has no hold ${state.prior.holdId}`);
    return { type: "replay", account, hold: state.hold };
  }
  if (command.expiresAt.getTime() <= now.getTime()) {
    throw validationFailed([fieldError("expires_at", "OUT_OF_RANGE", "must be in the future")]);
  }
  const available = availableOf(account);
  if (available < command.amountPaise) {
    throw new DomainError(
      "WALLET_INSUFFICIENT_FUNDS",
      `Insufficient wallet funds: available ${formatMoney(available, account.currency)}, ` +
        `needed ${formatMoney(command.amountPaise, account.currency)}`,
    );
  }
  const holdId = newId("hld");
  const amount = command.amountPaise;
  const posted = post(account, now, {
    kind: "HOLD",
    reference: command.reference,
    amountPaise: amount,
    holdId,
    entries: [
      { account: heldAccount(account.agentId), amountPaise: amount },
      { account: PLATFORM.holds, amountPaise: -amount },
    ],
    lineAmountPaise: -amount,
    balanceDelta: 0,
    heldDelta: amount,
    description: `${command.description || `Hold for ${command.reference}`} (held: balance unchanged until captured)`,
  });
  const newHold: Hold = {
    holdId,
    agentId: account.agentId,
    reference: command.reference,
    amountPaise: amount,
    state: "HELD",
    description: command.description,
    createdAt: posted.transaction.at,
    expiresAt: command.expiresAt,
    holdTransactionId: posted.transaction.transactionId,
  };
  return { type: "commit", before: account, ...posted, hold: { write: "insert", hold: newHold }, events: [] };
}

function unknownHold(holdId: string): DomainError {
  return validationFailed([fieldError("hold_id", "INVALID_VALUE", `no hold ${holdId}`)]);
}

/**
 * A hold that cannot take the asked transition. The catalogue has no wallet state code, and
 * BOOKING_INVALID_STATE would blame a booking: VALIDATION_FAILED on hold_id says which input is
 * wrong and why, is not retryable, and callers (booking) translate it into their own state error.
 */
function holdNotSettleable(hold: Hold, action: "captured" | "voided", why: string): DomainError {
  return validationFailed([fieldError("hold_id", "INVALID_VALUE", `hold ${hold.holdId} ${why}; it cannot be ${action}`)]);
}

function holdAccount(state: CommandState, hold: Hold): WalletAccount {
  const account = state.account;
  if (account?.agentId !== hold.agentId) throw new Error(`hold ${hold.holdId} has no account ${hold.agentId}`);
  return account;
}

function capture(command: CaptureCommand, state: CommandState, now: Date): Decision {
  const current = state.hold;
  if (!current) throw unknownHold(command.holdId);
  const account = holdAccount(state, current);
  if (current.state === "CAPTURED") return { type: "replay", account, hold: current };
  if (current.state === "VOIDED") {
    const why = current.voidReason === "EXPIRED" ? `expired at ${current.expiresAt.toISOString()} and was released` : "was voided";
    throw holdNotSettleable(current, "captured", why);
  }
  if (isExpired(current, now)) throw holdNotSettleable(current, "captured", `expired at ${current.expiresAt.toISOString()}`);
  const amount = current.amountPaise;
  const posted = post(account, now, {
    kind: "CAPTURE",
    reference: current.reference,
    amountPaise: amount,
    holdId: current.holdId,
    entries: [
      { account: heldAccount(account.agentId), amountPaise: -amount },
      { account: PLATFORM.holds, amountPaise: amount },
      { account: cashAccount(account.agentId), amountPaise: -amount },
      { account: PLATFORM.sales, amountPaise: amount },
    ],
    lineAmountPaise: -amount,
    balanceDelta: -amount,
    heldDelta: -amount,
    description: `Captured hold ${current.holdId} for ${current.reference}${current.description ? `: ${current.description}` : ""}`,
  });
  const settled: Hold = {
    ...current,
    state: "CAPTURED",
    settledAt: posted.transaction.at,
    settleTransactionId: posted.transaction.transactionId,
  };
  return {
    type: "commit",
    before: account,
    ...posted,
    hold: { write: "settle", hold: settled },
    events: [walletEvent(WALLET_DEBITED, posted.transaction)],
  };
}

function voidHold(command: VoidCommand, state: CommandState, now: Date): Decision {
  const current = state.hold;
  if (!current) throw unknownHold(command.holdId);
  const account = holdAccount(state, current);
  if (current.state === "VOIDED") return { type: "replay", account, hold: current };
  if (current.state === "CAPTURED") {
    if (command.reason === "EXPIRED") return { type: "replay", account, hold: current };
    throw holdNotSettleable(current, "voided", "was captured (refund it with Credit)");
  }
  // The sweep only releases what has expired by the time it commits.
  if (command.reason === "EXPIRED" && !isExpired(current, now)) return { type: "replay", account, hold: current };
  const amount = current.amountPaise;
  const what =
    command.reason === "EXPIRED"
      ? `Hold ${current.holdId} for ${current.reference} expired`
      : `Released hold ${current.holdId} for ${current.reference}`;
  const posted = post(account, now, {
    kind: "VOID",
    reference: current.reference,
    amountPaise: amount,
    holdId: current.holdId,
    entries: [
      { account: heldAccount(account.agentId), amountPaise: -amount },
      { account: PLATFORM.holds, amountPaise: amount },
    ],
    lineAmountPaise: amount,
    balanceDelta: 0,
    heldDelta: -amount,
    description: `${what} (held: balance unchanged)`,
  });
  const settled: Hold = {
    ...current,
    state: "VOIDED",
    voidReason: command.reason,
    settledAt: posted.transaction.at,
    settleTransactionId: posted.transaction.transactionId,
  };
  return { type: "commit", before: account, ...posted, hold: { write: "settle", hold: settled }, events: [] };
}

function addToBalance(
  command: CreditCommand | TopUpCommand,
  state: CommandState,
  now: Date,
  kind: "REFUND" | "TOP_UP",
  counterpart: string,
): Decision {
  const account = requireAccount(state, command.agentId);
  if (state.prior) {
    checkPrior(state.prior, command.agentId, command.amountPaise, account.currency);
    return { type: "replay", account };
  }
  if (command.type === "credit" && command.grounds === "booking") checkBookingRefund(command, state, account.currency);
  const amount = command.amountPaise;
  if (account.balancePaise + amount > MAX_BALANCE_PAISE) {
    throw validationFailed([
      fieldError("amount_paise", "OUT_OF_RANGE", `would take the balance past ${formatMoney(MAX_BALANCE_PAISE, account.currency)}`),
    ]);
  }
  const fallback = kind === "REFUND" ? `Refund for ${command.reference}` : `Top-up ${command.reference}`;
  const posted = post(account, now, {
    kind,
    reference: command.reference,
    amountPaise: amount,
    entries: [
      { account: cashAccount(account.agentId), amountPaise: amount },
      { account: counterpart, amountPaise: -amount },
    ],
    lineAmountPaise: amount,
    balanceDelta: amount,
    heldDelta: 0,
    description: command.description || fallback,
  });
  return { type: "commit", before: account, ...posted, events: [walletEvent(WALLET_CREDITED, posted.transaction)] };
}

/**
 * Booking may credit only what a booking paid from this wallet and has not had back (issue 34):
 * its caller identity must not be able to create money, for any agency, in one call.
 */
function checkBookingRefund(command: CreditCommand, state: CommandState, currency: string): void {
  const bookingId = bookingOfReference(command.reference);
  if (bookingId === undefined) {
    throw new DomainError(
      "WALLET_CREDIT_NOT_ALLOWED",
      `Credit reference "${command.reference}" names no booking: booking credits only refunds of a booking, ` +
        `referenced "<booking id>", "<booking id>:..." or "<booking id>/..."`,
    );
  }
  if (!state.booking) throw new Error(`credit ${command.reference}: the store read nothing of booking ${bookingId}`);
  const { capturedPaise, refundedPaise } = state.booking;
  if (capturedPaise === 0) {
    throw new DomainError(
      "WALLET_CREDIT_NOT_ALLOWED",
      `Booking ${bookingId} paid nothing from the wallet of agent ${command.agentId}: there is nothing to refund`,
    );
  }
  const remaining = capturedPaise - refundedPaise;
  if (command.amountPaise > remaining) {
    throw new DomainError(
      "WALLET_CREDIT_NOT_ALLOWED",
      `A refund of ${formatMoney(command.amountPaise, currency)} exceeds what booking ${bookingId} paid from the wallet of agent ` +
        `${command.agentId} (${formatMoney(capturedPaise, currency)}) less what was credited back for it ` +
        `(${formatMoney(refundedPaise, currency)}): at most ${formatMoney(Math.max(0, remaining), currency)} remains`,
    );
  }
}

function setCreditLimit(command: SetCreditLimitCommand, state: CommandState, now: Date): Decision {
  const account = requireAccount(state, command.agentId);
  if (state.prior) {
    checkPrior(state.prior, command.agentId, command.creditLimitPaise, account.currency);
    return { type: "replay", account };
  }
  const limit = command.creditLimitPaise;
  // Lowering the limit may not strand money already spent or held: available stays >= 0, so the
  // balance can never sink below -credit_limit, not even when today's holds are captured later.
  const needed = account.heldPaise - account.balancePaise;
  if (limit < needed) {
    throw validationFailed([
      fieldError(
        "credit_limit_paise",
        "OUT_OF_RANGE",
        `must be at least ${formatMoney(needed, account.currency)}: the balance is ${formatMoney(account.balancePaise, account.currency)} ` +
          `and ${formatMoney(account.heldPaise, account.currency)} is held`,
      ),
    ]);
  }
  const posted = post(account, now, {
    kind: "CREDIT_LIMIT",
    reference: command.reference,
    amountPaise: limit,
    entries: [],
    lineAmountPaise: 0,
    balanceDelta: 0,
    heldDelta: 0,
    creditLimit: limit,
    description: `Credit limit set to ${formatMoney(limit, account.currency)} (was ${formatMoney(account.creditLimitPaise, account.currency)})`,
  });
  return { type: "commit", before: account, ...posted, events: [] };
}

/**
 * A new threshold re-arms the alert: if available is already below it, the alert fires with this
 * commit (the agency asked to know, and is below). The same threshold again changes nothing.
 */
function setLowBalanceThreshold(command: SetLowBalanceThresholdCommand, state: CommandState): Decision {
  const account = requireAccount(state, command.agentId);
  if ((account.lowBalanceThresholdPaise ?? 0) === command.thresholdPaise) return { type: "replay", account };
  const next: WalletAccount = { ...account, lowBalanceThresholdPaise: command.thresholdPaise, lowBalanceAlerted: false };
  return { type: "commit", before: account, account: next, events: [] };
}

export interface Posting {
  readonly kind: TransactionKind;
  readonly reference: string;
  readonly amountPaise: number;
  readonly holdId?: string;
  readonly entries: readonly LedgerEntry[];
  readonly lineAmountPaise: number;
  readonly balanceDelta: number;
  readonly heldDelta: number;
  readonly creditLimit?: number;
  readonly description: string;
}

/** The next transaction on the agent's ledger and the account figures after it. */
export function post(account: WalletAccount, now: Date, posting: Posting): { account: WalletAccount; transaction: LedgerTransaction } {
  const seq = account.seq + 1;
  // An agent's transactions are ordered by seq, and `at` strictly follows that order, even when
  // clocks step back or two commit in one millisecond: their events are published in `at` order,
  // and events of equal time would fall back to their ids, which two pods draw independently.
  const at = now.getTime() > account.lastAt.getTime() || account.seq === 0 ? now : new Date(account.lastAt.getTime() + 1);
  const next: WalletAccount = {
    ...account,
    balancePaise: account.balancePaise + posting.balanceDelta,
    heldPaise: account.heldPaise + posting.heldDelta,
    creditLimitPaise: posting.creditLimit ?? account.creditLimitPaise,
    seq,
    lastAt: at,
  };
  const transaction: LedgerTransaction = {
    transactionId: newId("wtx"),
    agentId: account.agentId,
    seq,
    at,
    kind: posting.kind,
    reference: posting.reference,
    amountPaise: posting.amountPaise,
    ...(posting.holdId !== undefined && { holdId: posting.holdId }),
    entries: posting.entries,
    lineAmountPaise: posting.lineAmountPaise,
    balanceAfterPaise: next.balancePaise,
    heldAfterPaise: next.heldPaise,
    creditLimitAfterPaise: next.creditLimitPaise,
    description: posting.description,
  };
  return { account: next, transaction };
}

/** `{entry_id, kind, amount_paise, balance_after_paise, reference}`: the statement line, snake_case. */
export function walletEvent(type: string, transaction: LedgerTransaction): OutboxEvent {
  return newEvent(
    type,
    transaction.agentId,
    {
      entry_id: transaction.transactionId,
      kind: transaction.kind,
      amount_paise: transaction.lineAmountPaise,
      balance_after_paise: transaction.balanceAfterPaise,
      reference: transaction.reference,
    },
    transaction.at,
  );
}

/**
 * Last line of defence before anything is written: a commit that breaks a ledger rule is a bug
 * and fails loudly (INTERNAL) instead of reaching the store.
 */
export function assertCommitSound(commit: Pick<Commit, "before" | "account" | "transaction">): void {
  const breach = accountInvariantBreach(commit.account);
  if (breach) throw new Error(`wallet ${commit.account.agentId}: ${breach}`);
  const { transaction, before, account } = commit;
  if (!transaction) return;
  const sum = transaction.entries.reduce((total, entry) => total + entry.amountPaise, 0);
  if (sum !== 0) throw new Error(`transaction ${transaction.transactionId} does not balance: entries sum to ${sum}`);
  const cash = transaction.entries.filter((e) => e.account === cashAccount(account.agentId)).reduce((t, e) => t + e.amountPaise, 0);
  const held = transaction.entries.filter((e) => e.account === heldAccount(account.agentId)).reduce((t, e) => t + e.amountPaise, 0);
  if (!before || account.balancePaise - before.balancePaise !== cash || account.heldPaise - before.heldPaise !== held) {
    throw new Error(`transaction ${transaction.transactionId} does not match the account change`);
  }
}
