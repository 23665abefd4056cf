/** Money is integer paise everywhere; these guard the boundaries where numbers enter or leave. */

export function assertPaise(value: number, what = "amount"): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of paise, got ${value}`);
  return value;
}

/** `amount * basisPoints / 10000`, rounded half up to whole paise (API guide, Money and pricing). */
export function percentOf(amount: number, basisPoints: number): number {
  assertPaise(amount);
  if (!Number.isInteger(basisPoints)) throw new RangeError(`basis points must be an integer, got ${basisPoints}`);
  const scaled = BigInt(amount) * BigInt(basisPoints);
  const sign = scaled < 0n ? -1n : 1n;
  const magnitude = scaled * sign;
  return Number(sign * ((magnitude + 5000n) / 10000n));
}

/** Protobuf int64 <-> paise. */
export function paiseToProto(value: number): bigint {
  return BigInt(assertPaise(value));
}

export function paiseFromProto(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`paise value out of range: ${value}`);
  return n;
}

/** 12345 -> "123.45", for people reading logs and start banners. */
export function formatPaise(value: number): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(assertPaise(value));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
