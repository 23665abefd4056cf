/**
 * The Indian tax rates Tarmac applies, in basis points (configurable per deployment, README):
 * - GST on the platform's service fee (the OTA markup): 18% (SAC 998555, travel arrangement
 *   services; notification 11/2017-Central Tax (Rate)), charged inside the fee, not on top of it.
 * - TDS on the agency's commission: 2%, Income-tax Act section 194H as amended by the Finance
 *   (No. 2) Act 2024, effective 1 October 2024 (5% before).
 */
export interface TaxRates {
  readonly gstOnServiceFeeBps: number;
  readonly tdsOnCommissionBps: number;
}

export const DEFAULT_TAX_RATES: TaxRates = { gstOnServiceFeeBps: 1800, tdsOnCommissionBps: 200 };
