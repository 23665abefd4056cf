import { newEvent, type OutboxEvent } from "@tarmac/events";
import { availableOf, type WalletAccount } from "./account.js";

/** Event type of API guide, Events (subject tarmac.wallet.low_balance). */
const WALLET_LOW_BALANCE = "wallet.low_balance";

/**
 * The low-balance alert of one commit: edge-triggered, once per crossing. It fires when available
 * falls below the threshold while armed, and re-arms when available is back at or above it. Decided
 * from the account the commit writes, in the same atomic unit, so concurrent bookings that cross
 * the threshold together raise it exactly once.
 */
export function withLowBalanceAlert(account: WalletAccount, at: Date): { account: WalletAccount; event?: OutboxEvent } {
  const threshold = account.lowBalanceThresholdPaise ?? 0;
  const alerted = account.lowBalanceAlerted ?? false;
  const available = availableOf(account);
  if (threshold <= 0) {
    // No threshold: neither field is kept, so every adapter stores the account alike.
    const { lowBalanceThresholdPaise: _threshold, lowBalanceAlerted: _alerted, ...plain } = account;
    return { account: plain };
  }
  if (!alerted && available < threshold) {
    const event = newEvent(
      WALLET_LOW_BALANCE,
      account.agentId,
      {
        available_paise: available,
        threshold_paise: threshold,
        balance_paise: account.balancePaise,
        credit_limit_paise: account.creditLimitPaise,
        held_paise: account.heldPaise,
      },
      at,
    );
    return { account: { ...account, lowBalanceAlerted: true }, event };
  }
  return { account: { ...account, lowBalanceAlerted: alerted && available < threshold } };
}
