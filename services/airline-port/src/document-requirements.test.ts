import { describe, expect, it } from "vitest";
import { airportDirectory } from "./airports/airport-directory.js";
import { addMonths, documentRequirements, type RequirementSegment } from "./document-requirements.js";

const leg = (origin: string, dest: string, depTime: string, cabin = "ECONOMY"): RequirementSegment => ({ origin, dest, depTime, cabin });

describe("documentRequirements", () => {
  it("asks for passports at BOOK and an adult's PAN at TICKET on a journey that crosses a border", () => {
    for (const segments of [
      [leg("DEL", "DXB", "2026-12-22T09:10:00+05:30")],
      [leg("BOM", "SIN", "2026-12-22T23:55:00+05:30"), leg("SIN", "BOM", "2027-01-04T08:05:00+08:00")],
      [leg("BLR", "DXB", "2026-12-22T04:20:00+05:30"), leg("DXB", "LHR", "2026-12-22T08:45:00+04:00")],
      [leg("DXB", "DOH", "2026-12-22T10:00:00+04:00")],
    ]) {
      const r = documentRequirements(segments, airportDirectory());
      expect(r.international).toBe(true);
      expect(r.gst).toBeUndefined();
      const lastDate = segments.at(-1)!.depTime.slice(0, 10);
      expect(r.passengers.map((p) => [p.type, p.dateOfBirth, p.passport?.requiredAt, p.pan])).toEqual([
        ["ADT", "BOOK", "BOOK", "TICKET"],
        ["CHD", "BOOK", "BOOK", undefined],
        ["INF", "BOOK", "BOOK", undefined],
      ]);
      expect(r.passengers[0]!.passport!.minExpiryDate).toBe(addMonths(lastDate, 6));
    }
  });

  it("asks only for dates of birth on domestic economy fares, and GST details on business fares", () => {
    const domestic = documentRequirements([leg("DEL", "BOM", "2026-12-22T06:15:00+05:30")], airportDirectory());
    expect(domestic.international).toBe(false);
    expect(domestic.passengers.every((p) => p.dateOfBirth === "BOOK" && p.passport === undefined && p.pan === undefined)).toBe(true);
    expect(domestic.gst).toBeUndefined();
    const business = [leg("DEL", "HYD", "2026-12-22T06:15:00+05:30"), leg("HYD", "BOM", "2026-12-22T10:40:00+05:30", "BUSINESS")];
    expect(documentRequirements(business, airportDirectory()).gst).toBe("BOOK");
  });

  it("counts six months from the last flight's local date, ending short months on their last day", () => {
    expect(addMonths("2026-12-22", 6)).toBe("2027-06-22");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
  });
});
