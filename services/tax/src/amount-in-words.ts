import { assertPaise } from "@tarmac/kernel";

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0 to 99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const unit = n % 10;
  return `${TENS[Math.trunc(n / 10)] ?? ""}${unit === 0 ? "" : ` ${ONES[unit] ?? ""}`}`;
}

/** 1 to 999. */
function belowThousand(n: number): string {
  const hundreds = Math.trunc(n / 100);
  const rest = n % 100;
  const parts = [...(hundreds > 0 ? [`${ONES[hundreds] ?? ""} Hundred`] : []), ...(rest > 0 ? [belowHundred(rest)] : [])];
  return parts.join(" ");
}

/**
 * A whole number in the Indian system of numeration: thousand (10^3), lakh (10^5), crore (10^7),
 * and crores of crores above that (1,00,00,00,00,000 is "One Lakh Crore"), as Indian documents
 * write amounts: 12,34,56,789 is "Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred
 * Eighty Nine".
 */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return ONES[0] ?? "Zero";
  const crores = Math.trunc(n / 10_000_000);
  const belowCrore = n % 10_000_000;
  const lakhs = Math.trunc(belowCrore / 100_000);
  const thousands = Math.trunc((belowCrore % 100_000) / 1000);
  const rest = belowCrore % 1000;
  const parts = [
    ...(crores > 0 ? [`${indianNumberInWords(crores)} Crore`] : []),
    ...(lakhs > 0 ? [`${belowHundred(lakhs)} Lakh`] : []),
    ...(thousands > 0 ? [`${belowHundred(thousands)} Thousand`] : []),
    ...(rest > 0 ? [belowThousand(rest)] : []),
  ];
  return parts.join(" ");
}

/**
 * An amount in words as an invoice states it (Rule 46 asks for the value; Indian documents carry
 * it in words too, so a figure cannot be altered unseen): "Rupees Eight Thousand Six Hundred and
 * Twelve Paise Only", "Rupees Ten Only" without paise, "Minus ..." below zero.
 */
export function rupeesInWords(paise: number): string {
  assertPaise(paise);
  const abs = Math.abs(paise);
  const rupees = Math.trunc(abs / 100);
  const rest = abs % 100;
  const words = `Rupees ${indianNumberInWords(rupees)}${rest === 0 ? "" : ` and ${belowHundred(rest)} Paise`} Only`;
  return paise < 0 ? `Minus ${words}` : words;
}
