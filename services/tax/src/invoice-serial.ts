/**
 * A document's serial (Rule 46(b), Rule 53(1A)(c)): at most 16 characters, letters, digits, "-"
 * and "/", consecutive and unique per financial year. Ours: the series (TI, CN, DN), the financial
 * year's two two-digit years (2026-27: 2627) and a 6-digit number: TI2627000003, 12 characters,
 * one gap-free series per kind per year.
 */
export function invoiceSerial(series: string, financialYear: string, sequence: number): string {
  const years = `${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}`;
  const serial = `${series}${years}${String(sequence).padStart(6, "0")}`;
  if (serial.length > MAX_SERIAL_LENGTH || !/^[A-Z0-9/-]+$/.test(serial)) throw new RangeError(`not a valid invoice serial: ${serial}`);
  return serial;
}

export const MAX_SERIAL_LENGTH = 16;
