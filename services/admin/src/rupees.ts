import { formatPaise } from "@tarmac/kernel";

export type RupeesParse = { readonly ok: true; readonly paise: number } | { readonly ok: false; readonly reason: string };

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * "50000.00" -> 5000000 paise, exactly: the digits are joined as text and read as one integer, so
 * no binary fraction ever stands between what ops typed and what the wallet moves.
 */
export function parseRupees(text: string): RupeesParse {
  const match = AMOUNT.exec(text);
  if (!match) return { ok: false, reason: whyNotAmount(text) };
  const [, whole = "", fraction = ""] = match;
  const paise = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  if (paise > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: "is too large" };
  return { ok: true, paise: Number(paise) };
}

function whyNotAmount(text: string): string {
  if (text === "") return "is required";
  if (/^-\s*[\d.]/.test(text)) return "must not be negative";
  if (/^\d+\.\d{3,}$/.test(text)) return "has more than 2 decimal places (a paisa is the smallest unit)";
  if (/^\d{1,3}(,\d{2,3})+(\.\d{1,2})?$/.test(text)) return `must be written without separators, e.g. ${text.replaceAll(",", "")}`;
  return "must be an amount in rupees such as 50000 or 50000.50";
}

/** 5000000 -> "INR 50000.00". */
export function formatRupees(paise: number, currency = "INR"): string {
  return `${currency} ${formatPaise(paise)}`;
}
