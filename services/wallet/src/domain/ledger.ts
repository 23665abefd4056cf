/**
 * The wallet's double-entry ledger.
 *
 * Ledger accounts (a string code each):
 *   agent:<agentId>:cash   the agent's balance: top-ups and refunds in, captures out
 *   agent:<agentId>:held   money set aside by open holds
 *   platform:funding       counterpart of top-ups (money the agency paid the platform)
 *   platform:sales         counterpart of captures (what bookings cost the agent)
 *   platform:refunds       counterpart of refunds
 *   platform:holds         counterpart of the held accounts: minus everything held
 *   platform:adjustments   counterpart of manual corrections (kind ADJUSTMENT, reserved)
 *   platform:transfers     counterpart of transfers between agencies' wallets (nets to zero)
 *
 * Every transaction's entries sum to zero. What each kind posts (X = amount):
 *   HOLD     held +X, platform:holds -X              (held changes, balance does not)
 *   CAPTURE  held -X, platform:holds +X, cash -X, platform:sales +X
 *   VOID     held -X, platform:holds +X              (held changes, balance does not)
 *   REFUND   cash +X, platform:refunds -X
 *   TOP_UP   cash +X, platform:funding -X
 *   TRANSFER_OUT  cash(from) -X, platform:transfers +X    (one agency's wallet to another in its tree;
 *   TRANSFER_IN   cash(to) +X, platform:transfers -X      both committed together, so transfers net to 0)
 *   CREDIT_LIMIT  no entries: a credit limit moves no money; it is recorded for idempotency and audit
 *   CREDIT_OUT    no entries: credit carved out of this agency's limit for another in its tree
 *   CREDIT_IN     no entries: the other side, that agency's limit grows (both committed together)
 *
 * The agent's two accounts are cached on its wallet document; the platform accounts are only
 * ever summed from the ledger (a cached platform total would be one hot document every agent's
 * transaction writes).
 */

export type StatementKind = "HOLD" | "CAPTURE" | "VOID" | "REFUND" | "TOP_UP" | "ADJUSTMENT" | "TRANSFER_OUT" | "TRANSFER_IN";
export type TransactionKind = StatementKind | "CREDIT_LIMIT" | "CREDIT_OUT" | "CREDIT_IN";

/** Kinds that are statement lines (API guide, Wallet); credit limit records move no money and are not. */
export const STATEMENT_KINDS: readonly StatementKind[] = [
  "HOLD",
  "CAPTURE",
  "VOID",
  "REFUND",
  "TOP_UP",
  "ADJUSTMENT",
  "TRANSFER_OUT",
  "TRANSFER_IN",
];

export function isStatementKind(kind: TransactionKind): kind is StatementKind {
  return kind !== "CREDIT_LIMIT" && kind !== "CREDIT_OUT" && kind !== "CREDIT_IN";
}

export const PLATFORM = {
  funding: "platform:funding",
  sales: "platform:sales",
  refunds: "platform:refunds",
  holds: "platform:holds",
  adjustments: "platform:adjustments",
  /** Counterpart of both legs of a transfer between agencies: nets to zero over every transfer. */
  transfers: "platform:transfers",
} as const;

export const cashAccount = (agentId: string): string => `agent:${agentId}:cash`;
export const heldAccount = (agentId: string): string => `agent:${agentId}:held`;

export interface LedgerEntry {
  readonly account: string;
  /** Signed paise; the entries of one transaction sum to zero. */
  readonly amountPaise: number;
}

/** One immutable ledger transaction: a statement line, and the entries behind it. */
export interface LedgerTransaction {
  /** `wtx_` + ULID; the statement's entry_id. */
  readonly transactionId: string;
  readonly agentId: string;
  /** 1, 2, 3, ... per agent: the agent's commit order. */
  readonly seq: number;
  /** Never earlier than the agent's previous transaction. */
  readonly at: Date;
  readonly kind: TransactionKind;
  /**
   * The caller's reference: (kind, reference) is unique across all agents, which is what makes
   * every money-moving call idempotent. CAPTURE and VOID carry their hold's reference (the
   * booking id), so a hold is captured or voided at most once.
   */
  readonly reference: string;
  /** What the caller asked for, positive; the new limit for CREDIT_LIMIT. */
  readonly amountPaise: number;
  readonly holdId?: string;
  readonly entries: readonly LedgerEntry[];
  /**
   * The statement amount, signed from the agent's side: negative debits the agent (HOLD,
   * CAPTURE), positive credits it (VOID, REFUND, TOP_UP); 0 for CREDIT_LIMIT.
   */
  readonly lineAmountPaise: number;
  /** The agent's cash balance after this transaction (unchanged by HOLD and VOID). */
  readonly balanceAfterPaise: number;
  readonly heldAfterPaise: number;
  readonly creditLimitAfterPaise: number;
  readonly description: string;
}

export function sumEntries(entries: readonly LedgerEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.amountPaise, 0);
}

/** Each account's total over the given transactions. */
export function accountTotals(transactions: Iterable<Pick<LedgerTransaction, "entries">>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const transaction of transactions) {
    for (const entry of transaction.entries) totals.set(entry.account, (totals.get(entry.account) ?? 0) + entry.amountPaise);
  }
  return totals;
}
