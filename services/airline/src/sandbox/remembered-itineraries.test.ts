import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { airportDirectory, type AirportDirectory } from "@tarmac/airline-port";
import { type Itinerary, type ItineraryContext, itinerariesFor } from "./itineraries.js";
import { rememberedItineraries } from "./remembered-itineraries.js";
import { LARGE_RESULT_PROFILE, STANDARD_PROFILE } from "./scenarios.js";
import { Timetable } from "./schedule.js";
import { searchSandbox } from "./search.js";
import { ONE_ADULT } from "./test-support.js";

const airports = airportDirectory();
const at = (code: string) => airports.find(code)!;
const context = (overrides: Partial<ItineraryContext> = {}): ItineraryContext => ({
  airports,
  timetable: new Timetable(),
  profile: STANDARD_PROFILE,
  ...overrides,
});

describe("rememberedItineraries", () => {
  it("answers what itinerariesFor builds afresh, scenario flights and connections included, the same object each time", () => {
    for (const [from, to, ctx] of [
      ["BLR", "HYD", context()],
      ["BLR", "CCU", context({ carrier: "6E" })],
      ["DEL", "BOM", context({ profile: LARGE_RESULT_PROFILE })],
    ] as const) {
      const remembered = rememberedItineraries(at(from), at(to), "2026-12-01", ctx);
      expect(remembered).toEqual(itinerariesFor(at(from), at(to), "2026-12-01", ctx));
      expect(rememberedItineraries(at(from), at(to), "2026-12-01", ctx)).toBe(remembered);
    }
  });

  it("tells apart dates, carrier filters and profiles", () => {
    const all = rememberedItineraries(at("BLR"), at("HYD"), "2026-12-02", context());
    const indigo = rememberedItineraries(at("BLR"), at("HYD"), "2026-12-02", context({ carrier: "6E" }));
    expect(indigo).toEqual(all.filter((i) => i.carrier.code === "6E"));
    expect(indigo.length).toBeLessThan(all.length);
    const nextDay = rememberedItineraries(at("BLR"), at("HYD"), "2026-12-03", context());
    expect(nextDay[0]!.flights[0]!.dep.date).toBe("2026-12-03");
    const wide = rememberedItineraries(at("DEL"), at("CCU"), "2026-12-02", context({ profile: LARGE_RESULT_PROFILE }));
    expect(wide.length).toBeGreaterThan(rememberedItineraries(at("DEL"), at("CCU"), "2026-12-02", context()).length);
  });

  it("builds afresh for another airport directory under the same codes", () => {
    // The same airports at the ends, but no connecting airport: non-stops only.
    const endsOnly: AirportDirectory = { find: (code) => (code === "DEL" || code === "CCU" ? at(code) : undefined) };
    const everywhere = rememberedItineraries(at("DEL"), at("CCU"), "2026-12-04", context());
    const nonStops = rememberedItineraries(at("DEL"), at("CCU"), "2026-12-04", context({ airports: endsOnly }));
    expect(nonStops).toEqual(itinerariesFor(at("DEL"), at("CCU"), "2026-12-04", context({ airports: endsOnly })));
    expect(nonStops.every((i) => i.flights.length === 1)).toBe(true);
    expect(everywhere.some((i) => i.flights.length === 2)).toBe(true);
  });

  it("cannot be changed by a caller: the answer is frozen down to the flights' times", () => {
    const ctx = context();
    const fresh = itinerariesFor(at("HYD"), at("BLR"), "2026-12-05", ctx);
    const answer = rememberedItineraries(at("HYD"), at("BLR"), "2026-12-05", ctx) as Itinerary[];
    const mutable = answer[0] as unknown as { id: string; flights: unknown[] };
    const flight = answer[0]!.flights[0] as { flightNo: string; dep: { epochMs: number } };
    expect(() => answer.pop()).toThrow(TypeError);
    expect(() => (mutable.id = "changed")).toThrow(TypeError);
    expect(() => mutable.flights.push(flight)).toThrow(TypeError);
    expect(() => (flight.flightNo = "1")).toThrow(TypeError);
    expect(() => (flight.dep.epochMs = 0)).toThrow(TypeError);
    expect(rememberedItineraries(at("HYD"), at("BLR"), "2026-12-05", ctx)).toEqual(fresh);
  });

  it("leaves the sales cut-off to the search: later the same day, the flights leaving within two hours are gone", () => {
    const search = (now: string) =>
      searchSandbox({ origin: "BLR", dest: "HYD", departureDate: "2026-11-22", pax: ONE_ADULT }, { clock: new ManualClock(now), airports });
    const morning = search("2026-11-21T20:00:00Z");
    const afternoon = search("2026-11-22T08:00:00Z");
    const cutOff = Date.parse("2026-11-22T10:00:00Z");
    expect(afternoon.length).toBeGreaterThan(0);
    expect(afternoon.length).toBeLessThan(morning.length);
    expect(afternoon.every((o) => Date.parse(o.segments[0]!.depTime) >= cutOff)).toBe(true);
    expect(morning.some((o) => Date.parse(o.segments[0]!.depTime) < cutOff)).toBe(true);
  });
});
