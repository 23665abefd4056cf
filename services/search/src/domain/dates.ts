/**
 * Calendar arithmetic on wire dates (YYYYMMDD). A date is turned into a day number (days since
 * 1970-01-01 on the proleptic Gregorian calendar), so comparisons and "365 days ahead" are plain
 * integer arithmetic with no daylight-saving surprises.
 */

const COMPACT_DATE = /^\d{8}$/;
const MS_PER_DAY = 86_400_000;

export function isCompactDate(text: string): boolean {
  return COMPACT_DATE.test(text);
}

/** Day number of a well-formed YYYYMMDD string, or undefined when it is no calendar date (20260230). */
export function dayNumberOf(compact: string): number | undefined {
  if (!isCompactDate(compact)) return undefined;
  const year = Number(compact.slice(0, 4));
  const month = Number(compact.slice(4, 6));
  const day = Number(compact.slice(6, 8));
  const instant = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 30 February over into March; a real date survives the round trip unchanged.
  if (instant.getUTCFullYear() !== year || instant.getUTCMonth() !== month - 1 || instant.getUTCDate() !== day) {
    return undefined;
  }
  return Math.round(instant.getTime() / MS_PER_DAY);
}

/** YYYYMMDD -> YYYY-MM-DD (the provider port's form). */
export function toIsoDate(compact: string): string {
  return `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
}

/** Day number -> YYYYMMDD, for messages. */
export function compactDateOf(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10).replaceAll("-", "");
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day it is at `instant` in an IANA time zone, as a day number. */
export function localDayNumber(instant: Date, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return Math.round(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / MS_PER_DAY);
}
