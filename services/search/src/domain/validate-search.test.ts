import { describe, expect, it } from "vitest";
import { testAirports } from "../testing/airports.js";
import { fieldErrorsOf } from "../testing/field-errors.js";
import type { SearchInput } from "./search-criteria.js";
import { validateSearch } from "./validate-search.js";

// 20:00 UTC on 22 November: already 23 November in Delhi (UTC+05:30), still 22 November in New York.
const now = new Date("2026-11-22T20:00:00Z");
const context = { airports: testAirports(), now };
const valid: SearchInput = { origin: "DEL", dest: "BOM", dod: "20261201" };
const validate = (input: SearchInput) => validateSearch(input, context);
const errorsFor = (input: SearchInput) => fieldErrorsOf(() => validate(input));

describe("validateSearch", () => {
  it("applies the defaults: one adult, page of 100, every cabin, one way", () => {
    expect(validate(valid)).toEqual({
      query: { origin: "DEL", dest: "BOM", departureDate: "2026-12-01", pax: { adult: 1, child: 0, infant: 0 } },
      limit: 100,
    });
  });

  it("accepts a full round trip", () => {
    const criteria = validate({
      ...valid,
      doa: "20261205",
      paxAdult: 2,
      paxChild: 3,
      paxInfant: 2,
      cabin: "PREMIUM_ECONOMY",
      limit: 500,
      mode: "b2b",
    });
    expect(criteria).toEqual({
      query: {
        origin: "DEL",
        dest: "BOM",
        departureDate: "2026-12-01",
        returnDate: "2026-12-05",
        pax: { adult: 2, child: 3, infant: 2 },
        cabin: "PREMIUM_ECONOMY",
      },
      limit: 500,
    });
  });

  it("requires origin, dest and dod", () => {
    expect(errorsFor({})).toEqual([
      ["origin", "REQUIRED"],
      ["dest", "REQUIRED"],
      ["dod", "REQUIRED"],
    ]);
  });

  it("rejects malformed codes and dates", () => {
    expect(errorsFor({ origin: "del", dest: "BO", dod: "2026-12-01", doa: "202612" })).toEqual([
      ["origin", "INVALID_FORMAT"],
      ["dest", "INVALID_FORMAT"],
      ["dod", "INVALID_FORMAT"],
      ["doa", "INVALID_FORMAT"],
    ]);
    expect(errorsFor({ ...valid, origin: "DE1" })).toEqual([["origin", "INVALID_FORMAT"]]);
  });

  it("rejects dates that are not on the calendar", () => {
    expect(errorsFor({ ...valid, dod: "20270230" })).toEqual([["dod", "INVALID_VALUE"]]);
    expect(errorsFor({ ...valid, dod: "20261313" })).toEqual([["dod", "INVALID_VALUE"]]);
    expect(errorsFor({ ...valid, doa: "20261200" })).toEqual([["doa", "INVALID_VALUE"]]);
  });

  it("rejects a route from an airport to itself", () => {
    expect(errorsFor({ ...valid, dest: "DEL" })).toEqual([["dest", "INVALID_VALUE"]]);
  });

  it("answers UNKNOWN_AIRPORT for well-formed codes it does not know", () => {
    expect(errorsFor({ ...valid, origin: "QQQ", dest: "ZZZ" })).toEqual([
      ["origin", "UNKNOWN_AIRPORT"],
      ["dest", "UNKNOWN_AIRPORT"],
    ]);
  });

  it("counts 'today' at the origin airport", () => {
    expect(errorsFor({ ...valid, dod: "20261122" })).toEqual([["dod", "OUT_OF_RANGE"]]);
    expect(validate({ ...valid, dod: "20261123" }).query.departureDate).toBe("2026-11-23");
    expect(validate({ origin: "JFK", dest: "DEL", dod: "20261122" }).query.departureDate).toBe("2026-11-22");
    expect(errorsFor({ origin: "JFK", dest: "DEL", dod: "20261121" })).toEqual([["dod", "OUT_OF_RANGE"]]);
  });

  it("with an unknown origin, rejects only dates that are past everywhere on earth", () => {
    expect(errorsFor({ ...valid, origin: "QQQ", dod: "20261122" })).toEqual([["origin", "UNKNOWN_AIRPORT"]]);
    expect(errorsFor({ ...valid, origin: "QQQ", dod: "20261121" })).toEqual([
      ["origin", "UNKNOWN_AIRPORT"],
      ["dod", "OUT_OF_RANGE"],
    ]);
  });

  it("accepts departures up to 365 days ahead, not beyond", () => {
    expect(validate({ ...valid, dod: "20271123" }).query.departureDate).toBe("2027-11-23");
    expect(errorsFor({ ...valid, dod: "20271124" })).toEqual([["dod", "OUT_OF_RANGE"]]);
    expect(errorsFor({ ...valid, doa: "20271124" })).toEqual([["doa", "OUT_OF_RANGE"]]);
  });

  it("requires the return on or after the departure", () => {
    expect(validate({ ...valid, doa: "20261201" }).query.returnDate).toBe("2026-12-01");
    expect(errorsFor({ ...valid, doa: "20261130" })).toEqual([["doa", "OUT_OF_RANGE"]]);
  });

  it("bounds each passenger count", () => {
    expect(errorsFor({ ...valid, paxAdult: 0 })).toEqual([["pax_adult", "OUT_OF_RANGE"]]);
    expect(errorsFor({ ...valid, paxAdult: 10 })).toEqual([["pax_adult", "OUT_OF_RANGE"]]);
    expect(errorsFor({ ...valid, paxChild: -1 })).toEqual([["pax_child", "OUT_OF_RANGE"]]);
    expect(errorsFor({ ...valid, paxChild: 10 })).toEqual([["pax_child", "OUT_OF_RANGE"]]);
    expect(errorsFor({ ...valid, paxInfant: -1 })).toEqual([["pax_infant", "OUT_OF_RANGE"]]);
    expect(errorsFor({ ...valid, paxInfant: 10 })).toEqual([["pax_infant", "OUT_OF_RANGE"]]);
    expect(errorsFor({ ...valid, paxAdult: 1.5 })).toEqual([["pax_adult", "INVALID_FORMAT"]]);
  });

  it("allows at most one infant per adult", () => {
    expect(validate({ ...valid, paxAdult: 2, paxInfant: 2 }).query.pax.infant).toBe(2);
    expect(errorsFor({ ...valid, paxAdult: 2, paxInfant: 3 })).toEqual([["pax_infant", "OUT_OF_RANGE"]]);
  });

  it("allows at most nine seated passengers", () => {
    expect(validate({ ...valid, paxAdult: 5, paxChild: 4 }).query.pax).toEqual({ adult: 5, child: 4, infant: 0 });
    expect(errorsFor({ ...valid, paxAdult: 5, paxChild: 5 })).toEqual([["pax_child", "OUT_OF_RANGE"]]);
  });

  it("bounds the page size to 1..500", () => {
    expect(validate({ ...valid, limit: 1 }).limit).toBe(1);
    expect(errorsFor({ ...valid, limit: 0 })).toEqual([["limit", "OUT_OF_RANGE"]]);
    expect(errorsFor({ ...valid, limit: 501 })).toEqual([["limit", "OUT_OF_RANGE"]]);
  });

  it("accepts only the four cabins", () => {
    for (const cabin of ["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"]) {
      expect(validate({ ...valid, cabin }).query.cabin).toBe(cabin);
    }
    expect(errorsFor({ ...valid, cabin: "COACH" })).toEqual([["cabin", "INVALID_VALUE"]]);
    expect(errorsFor({ ...valid, cabin: "economy" })).toEqual([["cabin", "INVALID_VALUE"]]);
  });

  it("accepts any mode up to 32 characters", () => {
    expect(() => validate({ ...valid, mode: "x".repeat(32) })).not.toThrow();
    expect(errorsFor({ ...valid, mode: "x".repeat(33) })).toEqual([["mode", "INVALID_VALUE"]]);
  });

  it("lists every failing field in one answer", () => {
    expect(
      errorsFor({
        origin: "QQQ",
        dest: "bom",
        dod: "20261301",
        doa: "x",
        paxAdult: 12,
        paxChild: 1,
        paxInfant: 0,
        cabin: "COACH",
        limit: 1000,
        mode: "m".repeat(40),
      }),
    ).toEqual([
      ["origin", "UNKNOWN_AIRPORT"],
      ["dest", "INVALID_FORMAT"],
      ["dod", "INVALID_VALUE"],
      ["doa", "INVALID_FORMAT"],
      ["pax_adult", "OUT_OF_RANGE"],
      ["cabin", "INVALID_VALUE"],
      ["limit", "OUT_OF_RANGE"],
      ["mode", "INVALID_VALUE"],
    ]);
  });
});
