/**
 * One agent's wallet as the store caches it: the balances of the agent's two ledger accounts
 * (cash and held) plus the credit limit. The ledger is the truth; these figures are its sums,
 * written in the same transaction as every ledger transaction that changes them.
 */
export interface WalletAccount {
  readonly agentId: string;
  readonly currency: string;
  /** Sum of the agent's cash account: may go negative, down to -creditLimitPaise. */
  readonly balancePaise: number;
  /** Sum of the agent's held account: open holds, never negative. */
  readonly heldPaise: number;
  /** >= 0. */
  readonly creditLimitPaise: number;
  /**
   * The seq of the agent's latest ledger transaction (0 when none): every transaction takes the
   * next number, so seq is the agent's commit order and the optimistic-concurrency version.
   */
  readonly seq: number;
  /** `at` of the latest transaction (openedAt before any): transactions' `at` never goes back. */
  readonly lastAt: Date;
  readonly openedAt: Date;
  /** The credit limit OpenAccount was called with: a repeat must name the same. */
  readonly openingCreditLimitPaise: number;
  /** `wallet.low_balance` fires when available falls below this (0 or absent: never). */
  readonly lowBalanceThresholdPaise?: number;
  /** Set when it fired, until available is back at or above the threshold (re-armed). */
  readonly lowBalanceAlerted?: boolean;
}

/** `available = balance + credit_limit - held` (API guide, Wallet). */
export function availableOf(account: Pick<WalletAccount, "balancePaise" | "creditLimitPaise" | "heldPaise">): number {
  return account.balancePaise + account.creditLimitPaise - account.heldPaise;
}

/**
 * The account invariants every commit keeps; a breach is a bug, never a caller's mistake:
 * held >= 0, credit limit >= 0, available >= 0 (so balance >= -credit limit + held >= -credit limit),
 * every figure an exact integer.
 */
export function accountInvariantBreach(account: WalletAccount): string | undefined {
  const { balancePaise, heldPaise, creditLimitPaise, seq } = account;
  for (const [name, value] of Object.entries({ balancePaise, heldPaise, creditLimitPaise, seq })) {
    if (!Number.isSafeInteger(value)) return `${name} is not an exact integer: ${value}`;
  }
  if (heldPaise < 0) return `held is negative: ${heldPaise}`;
  if (creditLimitPaise < 0) return `credit limit is negative: ${creditLimitPaise}`;
  if (availableOf(account) < 0) return `available is negative: ${availableOf(account)}`;
  return undefined;
}
