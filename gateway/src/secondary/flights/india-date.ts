/** India's offset from UTC: Asia/Kolkata is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MINUTES = 330;

const DATE_OR_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The search date (YYYYMMDD) of the secondary surface's `departure_date` or `return_date`
 * (API guide, Secondary surface): the calendar date in India, where this surface's agencies sell.
 * A plain date, or a date-time without an offset (a local time), is taken as written; a date-time
 * with an offset is that instant's date in India: `2026-12-24T20:00:00Z` is 2026-12-25 there
 * (01:30 IST). Undefined when a date-time with an offset names no real instant (month 13, 25:00,
 * 30 February), which cannot be placed in India's calendar.
 */
export function indiaDate(value: string): string | undefined {
  const match = DATE_OR_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, y = "", mo = "", d = "", h = "0", mi = "0", zone] = match;
  if (zone === undefined) return `${y}${mo}${d}`;
  const [year, month, day, hour, minute] = [y, mo, d, h, mi].map(Number) as [number, number, number, number, number];
  const offset = zone === "Z" ? 0 : offsetMinutes(zone);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || offset === undefined) {
    return undefined;
  }
  const inIndia = new Date(Date.UTC(year, month - 1, day, hour, minute) + (INDIA_OFFSET_MINUTES - offset) * 60_000);
  return `${String(inIndia.getUTCFullYear()).padStart(4, "0")}${pad(inIndia.getUTCMonth() + 1)}${pad(inIndia.getUTCDate())}`;
}

function offsetMinutes(zone: string): number | undefined {
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, "0");
