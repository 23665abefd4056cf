import { describe, expect, it } from "vitest";
import { airportDirectory, type Airport } from "@tarmac/airline-port";
import { type Carrier, carrierByCode } from "./carriers.js";
import { dailyFrequency } from "./routes.js";
import { flightsOn, Timetable } from "./schedule.js";

const airports = airportDirectory();
const at = (code: string): Airport => airports.find(code)!;
const carrier = (code: string): Carrier => carrierByCode(code)!;

describe("route network", () => {
  it("flies trunk routes between hubs often and the same count both ways", () => {
    expect(dailyFrequency(carrier("6E"), at("DEL"), at("BOM"))).toBeGreaterThanOrEqual(10);
    expect(dailyFrequency(carrier("6E"), at("BOM"), at("DEL"))).toBe(dailyFrequency(carrier("6E"), at("DEL"), at("BOM")));
  });

  it("does not fly what real airlines would not", () => {
    expect(dailyFrequency(carrier("EK"), at("DEL"), at("BOM")), "foreign carrier inside India").toBe(0);
    expect(dailyFrequency(carrier("EK"), at("DXB"), at("SHJ")), "a 15 km hop").toBe(0);
    expect(dailyFrequency(carrier("6E"), at("DEL"), at("JFK")), "beyond the fleet's range").toBe(0);
    expect(dailyFrequency(carrier("BA"), at("LHR"), at("IXZ")), "abroad, only gateways").toBe(0);
    expect(dailyFrequency(carrier("6E"), at("DEL"), at("GKA")), "unserved airport").toBe(0);
  });
});

describe("flightsOn", () => {
  const flights = flightsOn(carrier("BA"), at("LHR"), at("JFK"), "2026-07-01");

  it("gives the same timetable every time and numbers below the reserved 9000 range", () => {
    expect(flightsOn(carrier("BA"), at("LHR"), at("JFK"), "2026-07-01")).toEqual(flights);
    const numbers = flightsOn(carrier("6E"), at("DEL"), at("BOM"), "2026-12-01").map((f) => Number(f.flightNo));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n) => n >= 100 && n < 9000)).toBe(true);
  });

  it("departs on the local date asked for and arrives block time later at the destination's offset", () => {
    expect(flights.length).toBeGreaterThan(0);
    for (const f of flights) {
      expect(f.dep.text).toMatch(/^2026-07-01T\d{2}:\d{2}:00\+01:00$/);
      expect(f.arr.text).toMatch(/T\d{2}:\d{2}:00-04:00$/);
      expect(f.durationMinutes % 5).toBe(0);
      expect(f.arr.epochMs - f.dep.epochMs).toBe(f.durationMinutes * 60_000);
      expect(f.durationMinutes).toBeGreaterThan(7 * 60);
      expect(f.durationMinutes).toBeLessThan(9 * 60);
    }
  });

  it("puts widebodies on long sectors and sells first class only where fitted", () => {
    const long = flightsOn(carrier("EK"), at("DXB"), at("LHR"), "2026-12-01");
    expect(long.every((f) => f.aircraft.body === "WIDE" && f.cabins.includes("FIRST"))).toBe(true);
    const lowCost = flightsOn(carrier("6E"), at("DEL"), at("BOM"), "2026-12-01");
    expect(lowCost.every((f) => f.cabins.join() === "ECONOMY")).toBe(true);
  });
});

describe("Timetable", () => {
  it("answers each leg's flights as flightsOn does, computed once for the process, per airport directory", () => {
    const leg = [carrier("6E"), at("DEL"), at("BOM"), "2026-12-01"] as const;
    const first = new Timetable().flights(...leg);
    expect(first).toEqual(flightsOn(...leg));
    expect(new Timetable().flights(...leg), "a later search reads the same flights").toBe(first);
    // Another directory's airports under the same codes (another time zone here): not the remembered ones.
    const elsewhere = { ...at("BOM"), timeZone: "Asia/Dubai" };
    const other = new Timetable().flights(carrier("6E"), at("DEL"), elsewhere, "2026-12-01");
    expect(other).not.toBe(first);
    expect(other.map((f) => f.arr.text)).not.toEqual(first.map((f) => f.arr.text));
  });
});
