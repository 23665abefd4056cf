import type { Airport } from "@tarmac/airline-port";
import type { Carrier } from "./carriers.js";

/**
 * Airports with scheduled service in the sandbox. Gateways take international flights; the others
 * only see their own country's carriers. Every other airport in the directory is known to search
 * (it validates) but has no service, so searches touching it find nothing.
 */
const GATEWAYS = `
  DEL BOM BLR MAA CCU HYD COK AMD TRV CCJ GOI LKO ATQ JAI PNQ IXE TRZ GAU
  DXB AUH SHJ DOH BAH MCT RUH JED DMM KWI
  LHR LGW MAN EDI CDG NCE FRA MUC BER DUS AMS IST ZRH GVA VIE FCO MXP MAD BCN LIS CPH ARN HEL DUB BRU ATH
  JFK EWR ORD SFO LAX IAD DFW ATL BOS SEA MIA YYZ YVR
  SIN KUL BKK HKT HKG NRT HND KIX ICN PVG PEK TPE SYD MEL PER BNE AKL
  CMB MLE KTM DAC CGK DPS MNL SGN HAN NBO JNB ADD CAI MRU`;

const DOMESTIC_ONLY = `
  PAT IXC SXR IXB BBI NAG VNS IDR IXM CJB VTZ IXR RPR BDQ DED STV UDR IXZ IXJ IMF IXA BHO RAJ JDH
  GLA BHX HAM STR CGN NUE LYS TLS MRS AYT ESB ADB DEN PHX LAS MCO CLT PHL MSP DTW IAH SAN
  CTS FUK OKA ADL OOL CNS MED`;

type Tier = "GATEWAY" | "DOMESTIC";

const codes = (list: string) => list.split(/\s+/).filter((c) => c.length > 0);

export const SERVED_AIRPORTS: ReadonlyMap<string, Tier> = new Map<string, Tier>([
  ...codes(GATEWAYS).map((c): [string, Tier] => [c, "GATEWAY"]),
  ...codes(DOMESTIC_ONLY).map((c): [string, Tier] => [c, "DOMESTIC"]),
]);

/** Whether the carrier lands at the airport at all: at home anywhere served, abroad at gateways. */
export function serves(carrier: Carrier, airport: Airport): boolean {
  const tier = SERVED_AIRPORTS.get(airport.code);
  if (tier === undefined) return false;
  return airport.country === carrier.country || tier === "GATEWAY";
}

export function isDomesticTier(code: string): boolean {
  return SERVED_AIRPORTS.get(code) === "DOMESTIC";
}
