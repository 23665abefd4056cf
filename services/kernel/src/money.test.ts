import { describe, expect, it } from "vitest";
import { formatPaise, paiseFromProto, paiseToProto, percentOf } from "./money.js";

describe("money", () => {
  it("rounds percentages half up to whole paise", () => {
    expect(percentOf(10_000, 150)).toBe(150);
    expect(percentOf(333, 150)).toBe(5); // 4.995 -> 5
    expect(percentOf(100, 50)).toBe(1); // 0.5 -> 1
    expect(percentOf(99, 50)).toBe(0); // 0.495 -> 0
    expect(percentOf(0, 9999)).toBe(0);
  });

  it("refuses fractional paise and fractional basis points", () => {
    expect(() => percentOf(10.5, 100)).toThrow(RangeError);
    expect(() => percentOf(100, 1.5)).toThrow(RangeError);
  });

  it("converts to and from protobuf int64 without loss", () => {
    expect(paiseFromProto(paiseToProto(50_000_000))).toBe(50_000_000);
    expect(() => paiseFromProto(2n ** 60n)).toThrow(RangeError);
  });

  it("formats for people", () => {
    expect(formatPaise(50_000_000)).toBe("500000.00");
    expect(formatPaise(-105)).toBe("-1.05");
  });
});
