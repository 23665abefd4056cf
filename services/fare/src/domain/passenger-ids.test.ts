import { describe, expect, it } from "vitest";
import { maySitInExitRow, seatedPassengers } from "./passenger-ids.js";

describe("seated passengers", () => {
  it("numbers adults then children from 1; infants get no seat", () => {
    const ids = seatedPassengers({ adult: 3, child: 2, infant: 2 }).map((p) => p.paxId);
    expect(ids).toEqual(["ADT1", "ADT2", "ADT3", "CHD1", "CHD2"]);
  });

  it("puts each infant on an adult's lap from ADT1 on, and keeps those adults and children out of exit rows", () => {
    const passengers = seatedPassengers({ adult: 3, child: 1, infant: 2 });
    expect(passengers.map((p) => [p.paxId, p.withInfant, maySitInExitRow(p)])).toEqual([
      ["ADT1", true, false],
      ["ADT2", true, false],
      ["ADT3", false, true],
      ["CHD1", false, false],
    ]);
  });
});
