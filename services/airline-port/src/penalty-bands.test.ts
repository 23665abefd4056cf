import { describe, expect, it } from "vitest";
import { penaltyBandAt, stricterFareRules } from "./penalty-bands.js";
import type { FareRules, PenaltyBand } from "./provider-port.js";

const band = (minHoursBeforeDeparture: number, perPassengerPaise: number): PenaltyBand => ({ minHoursBeforeDeparture, perPassengerPaise });
const FLEX = [band(72, 0), band(24, 50_000), band(2, 100_000), band(0, 150_000)];

describe("penaltyBandAt", () => {
  it("applies the band with the largest threshold not above the time left", () => {
    const at = (hours: number) => penaltyBandAt(FLEX, hours)?.perPassengerPaise;
    expect([at(500), at(72), at(71.99), at(24), at(23.5), at(2), at(1.99), at(0)]).toEqual([
      0, 0, 50_000, 50_000, 100_000, 100_000, 150_000, 150_000,
    ]);
    expect(penaltyBandAt(FLEX, -0.5)).toBeUndefined();
    expect(penaltyBandAt([band(24, 1)], 10)).toBeUndefined();
    expect(penaltyBandAt([], 10)).toBeUndefined();
  });

  it("does not depend on the order of the list", () => {
    expect(penaltyBandAt([...FLEX].reverse(), 30)).toEqual(band(24, 50_000));
  });
});

describe("stricterFareRules", () => {
  const rules = (refundable: boolean, cancellationPenalties: PenaltyBand[], changeFees: PenaltyBand[]): FareRules => ({
    refundable,
    cancellationPenalties,
    changeFees,
    taxesRefundable: true,
  });

  it("takes the larger charge at every boundary of either, refundable only if both are", () => {
    const a = rules(true, FLEX, [band(24, 0), band(0, 75_000)]);
    const b = rules(true, [band(48, 20_000), band(0, 120_000)], [band(0, 25_000)]);
    expect(stricterFareRules(a, b)).toEqual(
      rules(
        true,
        [band(72, 20_000), band(48, 50_000), band(24, 120_000), band(2, 120_000), band(0, 150_000)],
        [band(24, 25_000), band(0, 75_000)],
      ),
    );
    expect(stricterFareRules(a, a)).toEqual(a);
    const saver = rules(false, [band(0, 450_000)], [band(0, 300_000)]);
    expect(stricterFareRules(a, saver)).toMatchObject({
      refundable: false,
      cancellationPenalties: FLEX.map((b) => band(b.minHoursBeforeDeparture, 450_000)),
    });
  });
});
