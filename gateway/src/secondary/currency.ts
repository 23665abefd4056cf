/**
 * Display currencies of the secondary surface (API guide, Secondary surface): amounts are integer paise inside the
 * system; the secondary surface shows them converted with a configurable rate table and rounded
 * half-even to 2 decimals. Everything here is integer (BigInt) arithmetic: a rate is an exact
 * decimal, a conversion is an exact fraction rounded once, and a JSON number is produced only at
 * the very end, from the exact decimal text.
 */

/** An exact decimal rate: `units / 10^scale` display-currency units per INR. */
interface Rate {
  readonly units: bigint;
  readonly scale: number;
  /** As configured, e.g. "0.011990". */
  readonly text: string;
}

/** Currency code -> rate. Always holds INR at exactly 1 (offers are priced in INR). */
export type RateTable = ReadonlyMap<string, Rate>;

/** The base currency of every amount in the system. */
export const BASE_CURRENCY = "INR";

/**
 * Display-currency units per INR when TARMAC_CURRENCY_RATES is not set. Illustrative sandbox
 * values, not live market rates: production configures its own table.
 */
export const DEFAULT_RATES: Readonly<Record<string, string>> = {
  INR: "1",
  USD: "0.011990",
  EUR: "0.011050",
  GBP: "0.009460",
  AED: "0.044030",
  SGD: "0.016100",
};

const CODE = /^[A-Z]{3}$/;
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** An exact decimal string -> Rate; undefined unless it is a positive decimal of plain digits. */
function parseRate(text: string): Rate | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? "";
  const units = BigInt(`${match[1]}${fraction}`);
  if (units === 0n) return undefined;
  return { units, scale: fraction.length, text };
}

/**
 * A JSON object of currency code -> decimal string (e.g. `{"USD": "0.011990"}`) -> RateTable.
 * Rates must be strings: a JSON number would already have been rounded to binary floating point.
 * INR is added at 1 when absent and must be 1 when present. Throws with a readable message.
 */
export function rateTableOf(rates: unknown): RateTable {
  if (typeof rates !== "object" || rates === null || Array.isArray(rates)) {
    throw new Error('must be a JSON object of currency code to decimal string, e.g. {"USD":"0.011990"}');
  }
  const table = new Map<string, Rate>();
  for (const [code, value] of Object.entries(rates)) {
    if (!CODE.test(code)) throw new Error(`currency code ${JSON.stringify(code)} must be three uppercase letters`);
    const rate = typeof value === "string" ? parseRate(value) : undefined;
    if (!rate) throw new Error(`rate of ${code} must be a positive decimal string such as "0.011990"`);
    table.set(code, rate);
  }
  const base = table.get(BASE_CURRENCY);
  if (base && base.units !== 10n ** BigInt(base.scale)) throw new Error(`rate of ${BASE_CURRENCY} must be 1`);
  if (!base) table.set(BASE_CURRENCY, { units: 1n, scale: 0, text: "1" });
  return table;
}

/** The TARMAC_CURRENCY_RATES variable (JSON) -> RateTable; unset or empty: the default table. */
export function rateTableFromEnv(value: string | undefined): RateTable {
  if (value === undefined || value.trim() === "") return rateTableOf(DEFAULT_RATES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error("is not valid JSON");
  }
  return rateTableOf(parsed);
}

export const defaultRateTable: RateTable = rateTableOf(DEFAULT_RATES);

/** `numerator / denominator` (denominator > 0) rounded to an integer, ties to the even neighbour. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  const twiceRemainder = 2n * (magnitude - quotient * denominator);
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * An amount in minor units (hundredths) of `from` -> minor units of `to`, rounded half-even once.
 * Every currency of the table is taken to have 2 decimals (INR, USD, EUR, GBP, AED, SGD do).
 */
export function convertMinor(amount: bigint, from: string, to: string, rates: RateTable): bigint {
  const source = rates.get(from);
  const target = rates.get(to);
  if (!source || !target) throw new RangeError(`no rate for ${source ? to : from}`);
  // amount * (target.units / 10^target.scale) / (source.units / 10^source.scale)
  const numerator = amount * target.units * 10n ** BigInt(source.scale);
  const denominator = source.units * 10n ** BigInt(target.scale);
  return divideHalfEven(numerator, denominator);
}

/** 1234567n -> "12345.67"; -5n -> "-0.05". */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Minor units -> the JSON number a client sees. Number() of a decimal text of at most 15
 * significant digits is the double nearest to it, which JSON writes back as exactly that text.
 */
export function minorToNumber(minor: bigint): number {
  const value = Number(formatMinor(minor));
  if (!Number.isFinite(value) || (minor > 0n ? minor : -minor) >= 10n ** 15n) {
    throw new RangeError(`amount ${minor} has too many digits to be a JSON number exactly`);
  }
  return value;
}

/**
 * A JSON number from a client -> minor units, exactly: the shortest text that reads back as the
 * same double (JavaScript's number to string) must be a decimal with at most 2 decimals;
 * otherwise undefined (1e21, 74.385, -1).
 */
export function minorFromNumber(value: number): bigint | undefined {
  if (!Number.isFinite(value)) return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!match?.[1]) return undefined;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

/** Converts INR paise for display in one currency of the table. */
export class CurrencyConverter {
  constructor(readonly rates: RateTable) {}

  /** The codes a client may ask for, sorted. */
  currencies(): string[] {
    return [...this.rates.keys()].sort();
  }

  has(currency: string): boolean {
    return this.rates.has(currency);
  }

  /** An offer's or booking's amount (minor units of `from`, INR) in `to`, minor units. */
  convert(amount: bigint, from: string, to: string): bigint {
    return convertMinor(amount, from, to, this.rates);
  }
}
