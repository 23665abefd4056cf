import { percentOf } from "@tarmac/kernel";

export type CabinClass = "ECONOMY" | "PREMIUM_ECONOMY" | "BUSINESS" | "FIRST";

/**
 * The airline's own GST on passenger air transport from India, inside the airline's taxes:
 * economy 5%, other cabins 12% (notification 11/2017-Central Tax (Rate), heading 9964), on the
 * base fare. Airlines give Tarmac their taxes as one amount, so this is the GST they charge at
 * those rates, capped at the taxes; the airline's own invoice to the agency's GSTIN is the
 * document of record for its input credit.
 */
export function airlineGstOf(baseFarePaise: number, airlineTaxesPaise: number, cabin: CabinClass, fromIndia: boolean): number {
  if (!fromIndia) return 0;
  const rate = cabin === "ECONOMY" || cabin === "PREMIUM_ECONOMY" ? 500 : 1_200;
  return Math.min(Math.max(0, airlineTaxesPaise), percentOf(baseFarePaise, rate));
}
