/** India's financial year runs April to March, in India's calendar (IST, UTC+05:30, no DST). */
const IST_OFFSET_MS = 330 * 60_000;

/** "2026-27" for any instant from 1 April 2026 00:00 IST to 31 March 2027 23:59:59.999 IST. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}
