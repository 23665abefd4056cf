import { describe, expect, it } from "vitest";
import { airportDirectory, buildAirportIndex } from "./airport-directory.js";
import type { AirportRecord } from "./airport-record.js";

describe("airportDirectory", () => {
  const directory = airportDirectory();

  it("knows the major airports with their city, country and current zone name", () => {
    expect(directory.find("DEL")).toMatchObject({ city: "Delhi", country: "India", timeZone: "Asia/Kolkata" });
    expect(directory.find("BOM")).toMatchObject({ city: "Mumbai", country: "India", timeZone: "Asia/Kolkata" });
    expect(directory.find("LHR")).toMatchObject({ city: "London", country: "United Kingdom", timeZone: "Europe/London" });
    expect(directory.find("JFK")?.timeZone).toBe("America/New_York");
  });

  it("has the airports the dataset misses or misplaces, from the corrections", () => {
    expect(directory.find("HYD")).toMatchObject({ name: "Rajiv Gandhi International Airport", timeZone: "Asia/Kolkata" });
    expect(directory.find("DOH")?.name).toBe("Hamad International Airport");
    expect(directory.find("IST")?.name).toBe("Istanbul Airport");
  });

  it("answers undefined for codes it does not know, including lower case", () => {
    expect(directory.find("ZZZ")).toBeUndefined();
    expect(directory.find("del")).toBeUndefined();
    expect(directory.find("")).toBeUndefined();
  });

  it("is built once and shared", () => {
    expect(airportDirectory()).toBe(directory);
  });
});

describe("buildAirportIndex", () => {
  const row = (over: Partial<AirportRecord>): AirportRecord => ({
    name: "Test",
    city: "Test",
    country: "India",
    iata: "TST",
    latitude: 1,
    longitude: 2,
    tz: "Asia/Kolkata",
    ...over,
  });

  it("drops rows without a three-letter code or a usable zone", () => {
    const index = buildAirportIndex([
      row({ iata: null }),
      row({ iata: "4U9" }),
      row({ iata: "AB" }),
      row({ iata: "NOZ", tz: null }),
      row({ iata: "BAD", tz: "Mars/Olympus_Mons" }),
      row({ iata: "OKK" }),
    ]);
    expect([...index.keys()]).toEqual(["OKK"]);
  });

  it("renames legacy zones and lets corrections replace dataset rows", () => {
    const index = buildAirportIndex(
      [row({ iata: "AAA", tz: "Asia/Calcutta" }), row({ iata: "BBB", name: "Old site" })],
      [row({ iata: "BBB", name: "New site" })],
    );
    expect(index.get("AAA")?.timeZone).toBe("Asia/Kolkata");
    expect(index.get("BBB")?.name).toBe("New site");
  });
});
