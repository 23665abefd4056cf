import { DomainError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import type { ReservationPassenger } from "@tarmac/airline-port";
import { paxCountsOf } from "./reservation-passengers.js";
import { passengersFor } from "./test-support.js";

function refusal(passengers: readonly ReservationPassenger[]): DomainError {
  const error = (() => {
    try {
      paxCountsOf(passengers);
    } catch (e) {
      return e;
    }
    return undefined;
  })();
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("paxCountsOf", () => {
  it("counts the passengers by type", () => {
    expect(paxCountsOf(passengersFor({ adult: 2, child: 1, infant: 2 }))).toEqual({ adult: 2, child: 1, infant: 2 });
    expect(paxCountsOf(passengersFor({ adult: 0, child: 1, infant: 0 }))).toEqual({ adult: 0, child: 1, infant: 0 });
  });

  it("refuses name lists an airline cannot seat as INVALID_PASSENGERS", () => {
    const [adult, child] = passengersFor({ adult: 1, child: 1, infant: 0 });
    const lists: ReservationPassenger[][] = [
      [],
      passengersFor({ adult: 0, child: 0, infant: 1 }),
      passengersFor({ adult: 1, child: 0, infant: 2 }),
      passengersFor({ adult: 6, child: 4, infant: 0 }),
      [adult!, adult!],
      [adult!, { ...child!, paxId: "ADT2" }],
      [{ ...adult!, paxId: "ADT0" }],
      [{ ...adult!, paxId: "adult-1" }],
    ];
    for (const list of lists) {
      const error = refusal(list);
      expect(error.code, JSON.stringify(list.map((p) => p.paxId))).toBe("PROVIDER_REJECTED");
      expect(error.provider).toMatchObject({ name: "SANDBOX", code: "INVALID_PASSENGERS" });
    }
  });
});
