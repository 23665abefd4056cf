import { formatPaise } from "@tarmac/kernel";

/**
 * The largest amount one call may move or one credit limit may be: 1,000 crore rupees in paise.
 * Far above any booking, far below Number.MAX_SAFE_INTEGER, so sums of many amounts stay exact.
 */
export const MAX_AMOUNT_PAISE = 1_000_000_000_000;

/**
 * The largest balance a wallet may reach (10 lakh crore rupees): top-ups and refunds that would
 * pass it are refused, so no cached or derived sum can leave the range of exact integers.
 */
export const MAX_BALANCE_PAISE = 1_000_000_000_000_000;

/** The only wallet currency: every amount in the system is integer paise of INR (API guide, Money and pricing). */
export const WALLET_CURRENCY = "INR";

/** 123456 -> "1234.56 INR", for messages people read. */
export function formatMoney(paise: number, currency: string): string {
  return `${formatPaise(paise)} ${currency}`;
}
