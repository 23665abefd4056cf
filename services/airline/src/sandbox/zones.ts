import { IANAZone } from "luxon";

const DAY_MS = 86_400_000;
/** About three years of days per zone; the cache starts over beyond that. */
const MAX_CACHED_DAYS = 1_100;

/**
 * An IANA zone that remembers, per UTC day, the offset when it is the same at both ends of the day.
 * Luxon asks Intl for the offset of every instant it builds (a formatToParts call, the bulk of the
 * cost of a timetable); a zone changes offset on a handful of days a year, and twice in one day
 * nowhere, so on every other day one answer serves all instants.
 */
class DayCachedZone extends IANAZone {
  private readonly days = new Map<number, number | null>();

  override offset(ts: number): number {
    const day = Math.floor(ts / DAY_MS);
    let constant = this.days.get(day);
    if (constant === undefined) {
      const start = super.offset(day * DAY_MS);
      const end = super.offset((day + 1) * DAY_MS - 1);
      constant = start === end ? start : null;
      if (this.days.size >= MAX_CACHED_DAYS) this.days.clear();
      this.days.set(day, constant);
    }
    return constant ?? super.offset(ts);
  }
}

const zones = new Map<string, DayCachedZone>();

/** A Luxon zone for an IANA name, shared by every timetable in the process. */
export function zoneNamed(name: string): IANAZone {
  let zone = zones.get(name);
  if (zone === undefined) {
    zone = new DayCachedZone(name);
    zones.set(name, zone);
  }
  return zone;
}
