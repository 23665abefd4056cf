import { assertPaise } from "@tarmac/kernel";
import type { GstKind } from "./tax-lines.js";

/**
 * The rounding rule, the one place it is written: each tax head of a line is the line's taxable
 * value times the head's rate, rounded once, half up, to the paisa. IGST at the whole rate; CGST
 * and SGST each at half of it, each rounded on its own, so every line recomputes from its taxable
 * value and printed rate (tax = round(taxable x rate)). A document's tax is the sum of its lines'.
 */
function roundedShare(amount: number, numerator: number, denominator: number): number {
  const scaled = BigInt(amount) * BigInt(numerator) * 2n + BigInt(denominator);
  return Number(scaled / (BigInt(denominator) * 2n));
}

/** The tax heads of a line, paise; the heads not charged are 0. */
export interface GstHeads {
  readonly cgst: number;
  readonly sgst: number;
  readonly igst: number;
}

/** The rate printed beside each head, basis points (18% IGST: 1800; 9% CGST and 9% SGST: 900 each). */
export function headRatesBps(rateBps: number, kind: GstKind): { cgst: number; sgst: number; igst: number } {
  return kind === "IGST" ? { cgst: 0, sgst: 0, igst: rateBps } : { cgst: rateBps / 2, sgst: rateBps / 2, igst: 0 };
}

/** GST on a taxable value at `rateBps`: IGST across states, CGST and SGST (half the rate each) within one. */
export function gstOn(taxableValue: number, rateBps: number, kind: GstKind): GstHeads {
  assertPaise(taxableValue, "taxable value");
  if (taxableValue < 0) throw new RangeError(`taxable value must not be negative, got ${taxableValue}`);
  if (kind === "IGST") return { cgst: 0, sgst: 0, igst: roundedShare(taxableValue, rateBps, 10_000) };
  const half = roundedShare(taxableValue, rateBps, 20_000);
  return { cgst: half, sgst: half, igst: 0 };
}

export const gstTotal = (heads: GstHeads): number => heads.cgst + heads.sgst + heads.igst;

/**
 * One taxable supply's amounts, paise: what the recipient pays for it (`consideration`, tax
 * included, as the fee the agency sees is what it pays), its taxable value, the tax heads on that
 * value, and `adjustment` = consideration - taxable value - tax: the round-off (0 to 2 paise,
 * because taxable + round(taxable x rate) skips some amounts) or, under a deemed value (Rule
 * 32(3)), the consideration the deemed value leaves out.
 */
export interface SupplyAmounts extends GstHeads {
  readonly consideration: number;
  readonly taxableValue: number;
  readonly adjustment: number;
}

/**
 * A tax-inclusive `consideration` split into taxable value and GST: the largest taxable value
 * whose taxable value + GST does not exceed it, the rest as round-off. With `deemedValue` (Rule
 * 32(3)), that is the taxable value whatever was paid.
 */
export function supplyOf(consideration: number, rateBps: number, kind: GstKind, deemedValue?: number): SupplyAmounts {
  assertPaise(consideration, "consideration");
  if (consideration < 0) throw new RangeError(`consideration must not be negative, got ${consideration}`);
  const at = (taxableValue: number): SupplyAmounts => {
    const heads = gstOn(taxableValue, rateBps, kind);
    return { consideration, taxableValue, ...heads, adjustment: consideration - taxableValue - gstTotal(heads) };
  };
  if (deemedValue !== undefined) return at(deemedValue);
  let taxable = Math.floor((consideration * 10_000) / (10_000 + rateBps));
  while (taxable > 0 && at(taxable).adjustment < 0) taxable--;
  while (at(taxable + 1).adjustment >= 0) taxable++;
  return at(taxable);
}
