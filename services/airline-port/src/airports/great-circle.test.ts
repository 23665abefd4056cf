import { describe, expect, it } from "vitest";
import { greatCircleKm } from "./great-circle.js";

const DEL = { latitude: 28.5665, longitude: 77.1031 };
const BOM = { latitude: 19.0887, longitude: 72.8679 };
const LHR = { latitude: 51.4706, longitude: -0.4619 };
const JFK = { latitude: 40.6398, longitude: -73.7789 };

describe("greatCircleKm", () => {
  it("matches published great-circle distances", () => {
    expect(greatCircleKm(DEL, BOM)).toBeCloseTo(1138, -1);
    expect(greatCircleKm(LHR, JFK)).toBeCloseTo(5540, -1);
  });

  it("is symmetric and zero for the same point", () => {
    expect(greatCircleKm(BOM, DEL)).toBe(greatCircleKm(DEL, BOM));
    expect(greatCircleKm(DEL, DEL)).toBe(0);
  });

  it("crosses the antimeridian the short way", () => {
    const fiji = { latitude: -17.7554, longitude: 177.4434 };
    const samoa = { latitude: -13.83, longitude: -172.008 };
    expect(greatCircleKm(fiji, samoa)).toBeLessThan(1300);
  });
});
