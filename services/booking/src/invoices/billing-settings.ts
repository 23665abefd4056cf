import { DEFAULT_VALUATION, gstinProblem, gstinState, type TaxRates, type ValuationBasis } from "@tarmac/tax";
import type { InvoiceParty } from "./invoice.js";

/** The platform as supplier on every invoice, and the tax rates it applies (booking config). */
export interface BillingSettings {
  readonly supplier: InvoiceParty;
  readonly rates: TaxRates;
  /** How the ticket-booking service fee is valued (docs/operations.md, Configuration): ACTUAL unless Rule 32(3)'s option is taken. */
  readonly valuation: ValuationBasis;
}

/** A development GSTIN (Karnataka, valid check character); production must set TARMAC_GSTIN. */
export const DEVELOPMENT_GSTIN = "29AAACT2727Q1ZS";

export function billingSettings(v: {
  gstin: string;
  legalName: string;
  address: string;
  email: string;
  gstOnServiceFeeBps: number;
  tdsOnCommissionBps: number;
  valuation?: ValuationBasis;
}): BillingSettings {
  const problem = gstinProblem(v.gstin);
  if (problem !== undefined) throw new Error(`TARMAC_GSTIN: ${problem}`);
  const stateCode = gstinState(v.gstin);
  return {
    supplier: { name: v.legalName, gstin: v.gstin, address: v.address, stateCode, email: v.email },
    rates: { gstOnServiceFeeBps: v.gstOnServiceFeeBps, tdsOnCommissionBps: v.tdsOnCommissionBps },
    valuation: v.valuation ?? DEFAULT_VALUATION,
  };
}
