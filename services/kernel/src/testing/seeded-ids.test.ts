import { describe, expect, it } from "vitest";
import { idCreatedAt, newId } from "../ids.js";
import { ManualClock } from "./manual-clock.js";
import { seededIds } from "./seeded-ids.js";

function run(order: readonly string[]): string[] {
  const clock = new ManualClock("2026-11-22T06:00:00Z");
  const restore = seededIds(clock, "run");
  try {
    return order.map((prefix) => newId(prefix));
  } finally {
    restore();
  }
}

describe("seededIds", () => {
  it("makes the same ids in every run, each prefix on its own however they interleave", () => {
    const first = run(["bkg", "evt", "bkg"]);
    expect(run(["bkg", "evt", "bkg"])).toEqual(first);
    const bookings = (ids: string[]) => ids.filter((id) => id.startsWith("bkg_"));
    expect(bookings(run(["evt", "evt", "bkg", "bkg"]))).toEqual(bookings(first));
    expect(new Set(first).size).toBe(3);
  });

  it("dates ids by the clock, keeps them ordered, and gives back real ids when restored", () => {
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const restore = seededIds(clock, "run");
    const a = newId("srch");
    const b = newId("srch");
    restore();
    expect(idCreatedAt(a, "srch")).toEqual(new Date("2026-11-22T06:00:00Z"));
    expect(b > a).toBe(true);
    const real = newId("srch");
    expect(Math.abs((idCreatedAt(real, "srch")?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
  });
});
