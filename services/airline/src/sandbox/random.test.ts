import { describe, expect, it } from "vitest";
import { hashParts, hashString, mulberry32, randomFor } from "./random.js";

describe("seeded randomness", () => {
  it("hashes parts as their joined text would hash", () => {
    expect(hashParts(["seats", "2026-11-22", 7])).toBe(hashString("seats|2026-11-22|7"));
    expect(hashString("DEL")).not.toBe(hashString("BOM"));
  });

  it("replays the same sequence for the same seed, in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(990);
  });

  it("draws integers within both bounds and reaches each of them", () => {
    const random = randomFor("test", 1);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(1, 9)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
