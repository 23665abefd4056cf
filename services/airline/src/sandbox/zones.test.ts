import { IANAZone } from "luxon";
import { describe, expect, it } from "vitest";
import { zoneNamed } from "./zones.js";

const QUARTER_HOUR_MS = 15 * 60_000;

/** Every quarter hour of the three days around an instant, twice, so the second pass hits the cache. */
function offsetsAround(zone: IANAZone, isoInstant: string): number[] {
  const start = Date.parse(isoInstant) - 36 * 60 * 60_000;
  const instants = Array.from({ length: 3 * 96 }, (_, i) => start + i * QUARTER_HOUR_MS);
  return [...instants, ...instants].map((ts) => zone.offset(ts));
}

describe("zoneNamed", () => {
  it("gives the offsets Intl gives, also on days the offset changes", () => {
    const cases: [string, string][] = [
      ["Europe/London", "2026-03-29T01:00:00Z"],
      ["Europe/London", "2026-10-25T01:00:00Z"],
      ["America/New_York", "2026-03-08T07:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-05T15:00:00Z"],
      ["America/St_Johns", "2026-11-01T04:30:00Z"],
      ["Asia/Kolkata", "2026-12-01T00:00:00Z"],
    ];
    for (const [name, instant] of cases) {
      expect(offsetsAround(zoneNamed(name), instant), `${name} around ${instant}`).toEqual(offsetsAround(IANAZone.create(name), instant));
    }
  });

  it("shares one zone object per name", () => {
    expect(zoneNamed("Asia/Dubai")).toBe(zoneNamed("Asia/Dubai"));
  });
});
