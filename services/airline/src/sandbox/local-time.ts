import { DateTime } from "luxon";
import { zoneNamed } from "./zones.js";

/** An instant together with its wall-clock reading at one airport. */
export interface LocalInstant {
  readonly epochMs: number;
  /** RFC 3339 with the zone's offset at that instant, no fraction: 2026-12-01T06:15:00+05:30. */
  readonly text: string;
  /** The local calendar date, YYYY-MM-DD. */
  readonly date: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Built from the fields: Luxon's toFormat re-parses its pattern on every call, the bulk of the cost. */
function of(dt: DateTime): LocalInstant {
  const date = `${String(dt.year).padStart(4, "0")}-${pad2(dt.month)}-${pad2(dt.day)}`;
  const offset = Math.abs(dt.offset);
  const sign = dt.offset < 0 ? "-" : "+";
  const text = `${date}T${pad2(dt.hour)}:${pad2(dt.minute)}:${pad2(dt.second)}${sign}${pad2(Math.floor(offset / 60))}:${pad2(offset % 60)}`;
  return { epochMs: dt.toMillis(), text, date };
}

/**
 * The instant a local clock in `zone` shows `minuteOfDay` on `date`. In a spring-forward gap the
 * clock reading does not exist and Luxon moves it forward by the gap, as airlines retime flights.
 */
export function atLocalTime(date: string, minuteOfDay: number, zone: string): LocalInstant {
  const [year, month, day] = date.split("-").map(Number);
  const dt = DateTime.fromObject(
    { year, month, day, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 },
    { zone: zoneNamed(zone) },
  );
  return of(dt);
}

/** The same instant as read in another zone (arrival = departure + block time, read at the destination). */
export function laterInZone(from: LocalInstant, minutes: number, zone: string): LocalInstant {
  return of(DateTime.fromMillis(from.epochMs + minutes * MINUTE_MS, { zone: zoneNamed(zone) }));
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(text: string): boolean {
  const m = CALENDAR_DATE.exec(text);
  if (m === null) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().startsWith(text);
}

/** Days since 1970-01-01 of a YYYY-MM-DD date (sliced by hand: Date.parse is slow in hot loops). */
function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}
