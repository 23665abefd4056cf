import { describe, expect, it } from "vitest";
import type { Cabin } from "@tarmac/airline-port";
import { aircraftType } from "./aircraft.js";
import { cabinsOf } from "./cabins.js";
import { carrierByCode, CARRIERS } from "./carriers.js";
import { cabinSections } from "./seat-layouts.js";

const sectionsOf = (carrier: string, aircraft: string) => {
  const type = aircraftType(aircraft);
  return cabinSections(type, cabinsOf(carrierByCode(carrier)!, type));
};
const summary = (carrier: string, aircraft: string) =>
  sectionsOf(carrier, aircraft).map((s) => [s.cabin, s.firstRow, s.rows, s.blocks.join("-"), s.exitRows, s.extraLegroomRows]);

describe("cabinSections", () => {
  it("gives every cabin a carrier sells on every aircraft it flies rows, numbered front to back from 1", () => {
    const order: readonly Cabin[] = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY"];
    for (const carrier of CARRIERS) {
      for (const code of carrier.fleet) {
        const type = aircraftType(code);
        const sections = cabinSections(type, cabinsOf(carrier, type));
        const label = `${carrier.code} ${code}`;
        expect(
          sections.map((s) => s.cabin),
          label,
        ).toEqual(order.filter((c) => cabinsOf(carrier, type).includes(c)));
        let next = 1;
        for (const s of sections) {
          expect(s.firstRow, label).toBe(next);
          expect(s.rows, label).toBeGreaterThan(0);
          expect(
            s.exitRows.every((r) => r >= s.firstRow && r < s.firstRow + s.rows),
            label,
          ).toBe(true);
          next += s.rows;
        }
      }
    }
  });

  it("fits a low-cost A320 with 30 rows 3-3, exits over the wing at 12 and 13", () => {
    expect(summary("6E", "320")).toEqual([["ECONOMY", 1, 30, "ABC-DEF", [12, 13], [1, 12, 13]]]);
    expect(summary("6E", "321")).toEqual([["ECONOMY", 1, 37, "ABC-DEF", [11, 25], [1, 11, 25]]]);
  });

  it("puts 2-2 business rows in front of a full-service narrowbody's economy", () => {
    expect(summary("AI", "320")).toEqual([
      ["BUSINESS", 1, 2, "AC-DF", [], []],
      ["ECONOMY", 3, 27, "ABC-DEF", [11, 12], [3, 11, 12]],
    ]);
    expect(summary("FZ", "738")[0]).toEqual(["BUSINESS", 1, 3, "AC-DF", [], []]);
  });

  it("fits turboprops 2-2", () => {
    expect(summary("6E", "AT7")).toEqual([["ECONOMY", 1, 18, "AC-DF", [], [1]]]);
    expect(summary("SG", "DH4")).toEqual([["ECONOMY", 1, 19, "AC-DF", [], [1]]]);
  });

  it("fits widebodies first 1-1-1, business 1-2-1, premium 2-4-2 or 2-3-2, economy 3-4-3, 3-3-3 or 2-4-2", () => {
    expect(summary("AI", "77W").map(([cabin, first, rows, blocks]) => [cabin, first, rows, blocks])).toEqual([
      ["FIRST", 1, 2, "A-E-K"],
      ["BUSINESS", 3, 10, "A-DG-K"],
      ["PREMIUM_ECONOMY", 13, 4, "AC-DEFG-HK"],
      ["ECONOMY", 17, 32, "ABC-DEFG-HJK"],
    ]);
    expect(summary("AI", "77W").at(-1)!.slice(4)).toEqual([
      [17, 33],
      [17, 33],
    ]);
    expect(summary("BA", "789").map((s) => s[3])).toEqual(["A-E-K", "A-DG-K", "AC-DEF-HK", "ABC-DEF-HJK"]);
    expect(summary("EK", "388").at(-1)![3]).toBe("ABC-DEFG-HJK");
    expect(summary("TK", "333").map((s) => s[3])).toEqual(["A-DG-K", "AC-DEFG-HK"]);
  });
});
