import { describe, expect, it } from "vitest";
import { indiaDate } from "./india-date.js";

describe("indiaDate", () => {
  it.each([
    ["2026-12-24", "20261224"],
    // No offset: a local time, the date as written.
    ["2026-12-24T23:30", "20261224"],
    ["2026-12-24T23:30:00", "20261224"],
    // 20:00 UTC is 01:30 the next day in India.
    ["2026-12-24T20:00:00Z", "20261225"],
    ["2026-12-24T18:29:59.999Z", "20261224"],
    ["2026-12-24T18:30:00Z", "20261225"],
    ["2026-12-24T23:30:00-05:00", "20261225"],
    ["2026-12-25T01:00:00+09:00", "20261224"],
    ["2026-12-24T00:00:00+05:30", "20261224"],
    ["2026-12-31T22:00:00Z", "20270101"],
    ["2028-02-28T20:00:00Z", "20280229"],
  ])("%s is %s in India", (value, date) => {
    expect(indiaDate(value)).toBe(date);
  });

  it.each([
    "2026-13-01T10:00:00Z",
    "2026-02-30T10:00:00Z",
    "2026-12-24T24:00:00Z",
    "2026-12-24T10:60:00Z",
    "2026-12-24T10:00:00+24:00",
    "24/12/2026",
  ])("names no date for %s", (value) => {
    expect(indiaDate(value)).toBeUndefined();
  });
});
