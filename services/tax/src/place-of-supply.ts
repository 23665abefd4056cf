import { GST_STATES } from "./gstin.js";
import type { GstKind } from "./tax-lines.js";

/** Where a supply is made (Rule 46(n): with the state's name), and so which tax it bears. */
export interface PlaceOfSupply {
  /** GST state code, two digits. */
  readonly stateCode: string;
  readonly stateName: string;
  /** IGST when the place of supply is outside the supplier's state (inter-state), else CGST and SGST. */
  readonly gstKind: GstKind;
}

/**
 * Section 12(2) IGST Act: a service to a registered person is supplied where that person is
 * registered (its GSTIN's state); to an unregistered one, at its address when on record, else at
 * the supplier's location. Tarmac keeps no state for an unregistered agency: the supplier's state.
 */
export function placeOfSupply(supplierState: string, recipientState: string | undefined): PlaceOfSupply {
  const stateCode = recipientState ?? supplierState;
  return {
    stateCode,
    stateName: GST_STATES[stateCode] ?? stateCode,
    gstKind: stateCode === supplierState ? "CGST_SGST" : "IGST",
  };
}
