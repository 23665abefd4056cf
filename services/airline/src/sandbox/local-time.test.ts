import { describe, expect, it } from "vitest";
import { addDays, atLocalTime, daysBetween, isCalendarDate, laterInZone } from "./local-time.js";

describe("local times", () => {
  it("renders the zone's offset on that date, without fractions", () => {
    expect(atLocalTime("2026-12-01", 6 * 60 + 15, "Asia/Kolkata").text).toBe("2026-12-01T06:15:00+05:30");
    expect(atLocalTime("2026-12-01", 9 * 60, "Europe/London").text).toBe("2026-12-01T09:00:00+00:00");
    expect(atLocalTime("2026-07-01", 9 * 60, "Europe/London").text).toBe("2026-07-01T09:00:00+01:00");
    expect(atLocalTime("2026-12-01", 9 * 60, "America/New_York").text).toBe("2026-12-01T09:00:00-05:00");
    expect(atLocalTime("2026-07-01", 9 * 60, "America/New_York").text).toBe("2026-07-01T09:00:00-04:00");
    expect(atLocalTime("2026-12-01", 23 * 60 + 55, "Asia/Kathmandu").text).toBe("2026-12-01T23:55:00+05:45");
  });

  it("reads an arrival instant at the destination, across the date line", () => {
    const dep = atLocalTime("2026-12-01", 10 * 60, "Australia/Sydney");
    const arr = laterInZone(dep, 13 * 60 + 30, "America/Los_Angeles");
    expect(dep.text).toBe("2026-12-01T10:00:00+11:00");
    expect(arr.text).toBe("2026-12-01T04:30:00-08:00");
    expect(arr.epochMs - dep.epochMs).toBe((13 * 60 + 30) * 60_000);
    expect(arr.date).toBe("2026-12-01");
  });

  it("moves a clock reading inside a spring-forward gap past the gap", () => {
    const t = atLocalTime("2026-03-29", 60 + 30, "Europe/London");
    expect(t.text).toBe("2026-03-29T02:30:00+01:00");
  });

  it("does calendar arithmetic on plain dates", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(daysBetween("2026-11-22", "2026-12-01")).toBe(9);
    expect(daysBetween("2026-12-01", "2026-11-30")).toBe(-1);
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("20261201")).toBe(false);
  });
});
