/**
 * Carrier names for `carrier_name` on the secondary surface (API guide, Secondary surface). The services
 * speak IATA codes only; a display name is this surface's presentation, so the table lives here
 * rather than in the Segment contract or the airline package. It lists the sandbox airline's
 * carriers (services/airline/src/sandbox/carriers.ts; a test keeps the two in step); a carrier it
 * does not know is shown by its code.
 */
export const CARRIER_NAMES: Readonly<Record<string, string>> = {
  "6E": "IndiGo",
  AI: "Air India",
  SG: "SpiceJet",
  QP: "Akasa Air",
  IX: "Air India Express",
  EK: "Emirates",
  EY: "Etihad Airways",
  FZ: "flydubai",
  G9: "Air Arabia",
  QR: "Qatar Airways",
  GF: "Gulf Air",
  WY: "Oman Air",
  SV: "Saudia",
  SQ: "Singapore Airlines",
  BA: "British Airways",
  LH: "Lufthansa",
  AF: "Air France",
  KL: "KLM",
  TK: "Turkish Airlines",
  CX: "Cathay Pacific",
  TG: "Thai Airways",
  UL: "SriLankan Airlines",
  UA: "United Airlines",
  AA: "American Airlines",
  JL: "Japan Airlines",
  QF: "Qantas",
};

export function carrierName(code: string): string {
  return Object.hasOwn(CARRIER_NAMES, code) ? (CARRIER_NAMES[code] ?? code) : code;
}
