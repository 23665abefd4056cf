/**
 * IATA airline accounting (ticket prefix) codes of the sandbox's carriers: the three digits every
 * ticket number of the validating carrier starts with (125-... for British Airways). The real
 * codes, except Akasa Air's, which the sandbox did not confirm: its value is a sandbox stand-in.
 */
const ACCOUNTING_CODES: Readonly<Record<string, string>> = {
  "6E": "312", // IndiGo
  AI: "098", // Air India
  SG: "775", // SpiceJet
  QP: "348", // Akasa Air: sandbox value, not confirmed with IATA
  IX: "058", // Air India Express
  EK: "176", // Emirates
  EY: "607", // Etihad Airways
  FZ: "141", // flydubai
  G9: "514", // Air Arabia
  QR: "157", // Qatar Airways
  GF: "072", // Gulf Air
  WY: "910", // Oman Air
  SV: "065", // Saudia
  SQ: "618", // Singapore Airlines
  BA: "125", // British Airways
  LH: "220", // Lufthansa (passenger tickets; 020 is its cargo prefix)
  AF: "057", // Air France
  KL: "074", // KLM
  TK: "235", // Turkish Airlines
  CX: "160", // Cathay Pacific
  TG: "217", // Thai Airways
  UL: "603", // SriLankan Airlines
  UA: "016", // United Airlines
  AA: "001", // American Airlines
  JL: "131", // Japan Airlines
  QF: "081", // Qantas
};

/** The carrier's 3-digit accounting code; every carrier of the network has one (a test checks). */
export function accountingCodeOf(carrier: string): string {
  const code = ACCOUNTING_CODES[carrier];
  if (code === undefined) throw new Error(`no accounting code for carrier ${carrier}`);
  return code;
}
