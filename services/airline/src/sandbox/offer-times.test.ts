import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderSegment } from "@tarmac/airline-port";
import { ONE_ADULT, sandboxAt } from "./test-support.js";

const offsetOf = (time: string) => time.slice(-6);

async function segmentsOf(query: Omit<FlightQuery, "pax">): Promise<ProviderSegment[]> {
  const offers = await sandboxAt("2026-06-01T06:00:00Z").airline.searchFlights({ ...query, pax: ONE_ADULT });
  expect(offers.length).toBeGreaterThan(0);
  return offers.flatMap((o) => o.segments);
}

/** Offsets of every departure from, and arrival at, one airport. */
function offsetsAt(code: string, segments: ProviderSegment[]): Set<string> {
  return new Set([
    ...segments.filter((s) => s.origin === code).map((s) => offsetOf(s.depTime)),
    ...segments.filter((s) => s.dest === code).map((s) => offsetOf(s.arrTime)),
  ]);
}

describe("local times of sandbox flights", () => {
  it("shows India at +05:30 and London at +00:00 in December, +01:00 in July", async () => {
    const december = await segmentsOf({ origin: "DEL", dest: "LHR", departureDate: "2026-12-01" });
    expect(offsetsAt("DEL", december)).toEqual(new Set(["+05:30"]));
    expect(offsetsAt("LHR", december)).toEqual(new Set(["+00:00"]));
    const july = await segmentsOf({ origin: "DEL", dest: "LHR", departureDate: "2026-07-01" });
    expect(offsetsAt("LHR", july)).toEqual(new Set(["+01:00"]));
  });

  it("shows New York at -05:00 in winter and -04:00 in summer, Singapore at +08:00", async () => {
    const winter = await segmentsOf({ origin: "JFK", dest: "LHR", departureDate: "2026-12-01" });
    expect(offsetsAt("JFK", winter)).toEqual(new Set(["-05:00"]));
    const summer = await segmentsOf({ origin: "JFK", dest: "LHR", departureDate: "2026-07-01" });
    expect(offsetsAt("JFK", summer)).toEqual(new Set(["-04:00"]));
    const singapore = await segmentsOf({ origin: "DEL", dest: "SIN", departureDate: "2026-12-01" });
    expect(offsetsAt("SIN", singapore)).toEqual(new Set(["+08:00"]));
  });

  it("departs on the requested local date and arrives after departing, block time later", async () => {
    const segments = await segmentsOf({ origin: "SYD", dest: "LAX", departureDate: "2026-12-01" });
    const first = segments.filter((s) => s.origin === "SYD");
    expect(first.every((s) => s.depTime.startsWith("2026-12-01T"))).toBe(true);
    for (const s of segments) {
      const elapsed = Date.parse(s.arrTime) - Date.parse(s.depTime);
      expect(elapsed).toBeGreaterThan(0);
      expect(elapsed).toBe(s.durationMinutes * 60_000);
    }
    // Flying east across the date line, a Sydney-Los Angeles non-stop lands "before" it left.
    const nonStop = segments.find((s) => s.origin === "SYD" && s.dest === "LAX");
    expect(nonStop !== undefined && nonStop.arrTime < nonStop.depTime).toBe(true);
  });

  it("takes block times from distance: DEL-BOM about two hours, DEL-LHR about nine", async () => {
    const domestic = await segmentsOf({ origin: "DEL", dest: "BOM", departureDate: "2026-12-01" });
    const jet = domestic.filter((s) => s.origin === "DEL" && s.dest === "BOM");
    expect(jet.every((s) => s.durationMinutes >= 110 && s.durationMinutes <= 140)).toBe(true);
    const long = await segmentsOf({ origin: "DEL", dest: "LHR", departureDate: "2026-12-01" });
    const nonStop = long.filter((s) => s.origin === "DEL" && s.dest === "LHR");
    expect(nonStop.every((s) => s.durationMinutes >= 8 * 60 && s.durationMinutes <= 10 * 60)).toBe(true);
  });
});
