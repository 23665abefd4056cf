import { gstinState, gstKindFor } from "@tarmac/tax";
import type { TaxTerms } from "../domain/booking.js";
import type { BillingSettings } from "./billing-settings.js";

/**
 * The rates of the day, and IGST or CGST+SGST: the place of supply is the agency's registered
 * state when it gave its GSTIN; an unregistered agency is billed as within the platform's state.
 */
export function taxTermsFor(billing: BillingSettings, gst: { readonly gstin: string } | undefined): TaxTerms {
  return { ...billing.rates, gstKind: gstKindFor(billing.supplier.stateCode, gst && gstinState(gst.gstin)) };
}
