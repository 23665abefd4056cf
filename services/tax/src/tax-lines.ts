import { assertPaise, percentOf } from "@tarmac/kernel";
import type { TaxRates } from "./tax-rates.js";

/** The booking amounts the tax lines are derived from (paise, the whole booking). */
export interface PricedAmounts {
  readonly baseFare: number;
  readonly taxes: number;
  readonly commission: number;
  readonly otaMarkup: number;
  readonly netFare: number;
}

/** How GST on the service fee is charged: IGST across states, CGST and SGST within one. */
export type GstKind = "IGST" | "CGST_SGST";

/**
 * The lines an Indian agency reconciles, all paise. Identities (tested on thousands of offers):
 *   service_fee + cgst + sgst + igst = ota_markup
 *   gross_commission - tds = commission
 *   net_payable = base_fare + taxes + ota_markup - gross_commission + tds = net_fare (the wallet debit)
 */
export interface TaxLines {
  readonly serviceFee: number;
  readonly cgst: number;
  readonly sgst: number;
  readonly igst: number;
  readonly grossCommission: number;
  readonly tds: number;
  readonly netPayable: number;
  readonly gstKind: GstKind;
}

/**
 * GST is inside the OTA markup (the fee the agency sees is what it pays), and the commission the
 * pricing rules give is what the agency keeps: TDS is withheld from the gross commission that
 * yields it. So the tax lines explain the wallet debit without changing it.
 */
export function taxLines(amounts: PricedAmounts, rates: TaxRates, gstKind: GstKind): TaxLines {
  const otaMarkup = assertPaise(amounts.otaMarkup, "ota_markup");
  const serviceFee = Number(
    (BigInt(otaMarkup) * 10000n * 2n + BigInt(10000 + rates.gstOnServiceFeeBps)) / (BigInt(10000 + rates.gstOnServiceFeeBps) * 2n),
  );
  const gst = otaMarkup - serviceFee;
  const cgst = gstKind === "CGST_SGST" ? Math.floor(gst / 2) : 0;
  const sgst = gstKind === "CGST_SGST" ? gst - cgst : 0;
  const igst = gstKind === "IGST" ? gst : 0;
  const grossCommission = grossCommissionOf(assertPaise(amounts.commission, "commission"), rates.tdsOnCommissionBps);
  const tds = grossCommission - amounts.commission;
  const netPayable = amounts.baseFare + amounts.taxes + otaMarkup - grossCommission + tds;
  return { serviceFee, cgst, sgst, igst, grossCommission, tds, netPayable, gstKind };
}

/**
 * The gross commission that leaves `net` after TDS: the smallest gross g with g - tds(g) = net
 * (tds(g) = round(g x rate), half up); tds(g) grows by at most 1 per paisa, so one exists.
 */
export function grossCommissionOf(net: number, tdsBps: number): number {
  if (tdsBps <= 0 || net === 0) return net;
  let gross = Math.floor((net * 10000) / (10000 - tdsBps)) - 2;
  if (gross < net) gross = net;
  while (gross - percentOf(gross, tdsBps) < net) gross++;
  return gross;
}

/** Intra-state supply (CGST and SGST) when the recipient is registered in the supplier's state, else IGST. */
export function gstKindFor(supplierState: string, recipientState: string | undefined): GstKind {
  return recipientState === undefined || recipientState === supplierState ? "CGST_SGST" : "IGST";
}
