import { percentOf } from "@tarmac/kernel";

/**
 * How the value of our ticket-booking supply is found. ACTUAL (the default): the service fee the
 * agency pays is the consideration, GST inside it; the taxable value is what remains of it without
 * GST. RULE_32_3: the air travel agent's option of Rule 32(3) CGST Rules, the value deemed to be
 * 5% of the basic fare of a domestic booking and 10% of an international one, whatever fee was
 * charged (the option binds the supplier for the financial year: a deployment setting). Fees on
 * cancellations, reschedules and voids are valued at actuals either way.
 */
export type ValuationBasis = "ACTUAL" | "RULE_32_3";

export const DEFAULT_VALUATION: ValuationBasis = "ACTUAL";

const DEEMED_BPS = { domestic: 500, international: 1_000 } as const;

/** Rule 32(3)'s deemed value of a booking on `basicFarePaise`, or undefined under ACTUAL. */
export function deemedValueOf(basis: ValuationBasis, basicFarePaise: number, international: boolean): number | undefined {
  if (basis === "ACTUAL") return undefined;
  return percentOf(basicFarePaise, international ? DEEMED_BPS.international : DEEMED_BPS.domestic);
}
