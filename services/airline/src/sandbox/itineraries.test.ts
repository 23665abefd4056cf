import { describe, expect, it } from "vitest";
import { airportDirectory } from "@tarmac/airline-port";
import { type ItineraryContext, itinerariesFor } from "./itineraries.js";
import { LARGE_RESULT_PROFILE, STANDARD_PROFILE, type SearchProfile } from "./scenarios.js";
import { Timetable } from "./schedule.js";

const airports = airportDirectory();
const context = (profile: SearchProfile): ItineraryContext => ({
  airports,
  timetable: new Timetable(),
  profile,
});
const search = (from: string, to: string, profile = STANDARD_PROFILE) =>
  itinerariesFor(airports.find(from)!, airports.find(to)!, "2026-12-01", context(profile));

describe("itinerariesFor", () => {
  it("connects on one carrier with 90 to 480 minutes at an international hub", () => {
    const connections = search("DEL", "LHR").filter((i) => i.flights.length === 2);
    expect(connections.length).toBeGreaterThan(5);
    for (const { carrier, flights } of connections) {
      const [first, second] = flights as [(typeof flights)[0], (typeof flights)[0]];
      expect(first.carrier).toBe(carrier);
      expect(second.carrier).toBe(carrier);
      expect(second.origin.code).toBe(first.dest.code);
      const minutes = (second.dep.epochMs - first.arr.epochMs) / 60_000;
      expect(minutes).toBeGreaterThanOrEqual(90);
      expect(minutes).toBeLessThanOrEqual(480);
    }
  });

  it("keeps a domestic journey at home and within a sensible detour", () => {
    for (const itinerary of search("DEL", "BOM", LARGE_RESULT_PROFILE)) {
      expect(itinerary.flights.every((f) => f.origin.country === "India" && f.dest.country === "India")).toBe(true);
    }
  });

  it("bounds connections per carrier and hub on ordinary routes", () => {
    const perVia = new Map<string, number>();
    for (const { carrier, flights } of search("BLR", "CCU")) {
      if (flights.length === 1) continue;
      const key = `${carrier.code}/${flights[0]!.dest.code}`;
      perVia.set(key, (perVia.get(key) ?? 0) + 1);
    }
    expect(perVia.size).toBeGreaterThan(0);
    expect(Math.max(...perVia.values())).toBeLessThanOrEqual(STANDARD_PROFILE.connectionsPerHub);
  });

  it("gives every itinerary an id naming carrier, flight, sector and date", () => {
    const ids = search("DEL", "LHR").map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      ids.every((id) => /^[A-Z0-9]{2}\d{3,4}\.DEL[A-Z]{3}\.2026120[12](\+[A-Z0-9]{2}\d{3,4}\.[A-Z]{6}\.2026120[123])?$/.test(id)),
    ).toBe(true);
  });
});
