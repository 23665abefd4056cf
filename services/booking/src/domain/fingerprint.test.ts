import { describe, expect, it } from "vitest";
import { canonicalJson, fingerprintOf } from "./fingerprint.js";

describe("fingerprintOf", () => {
  it("ignores key order and undefined fields, and keeps array order", () => {
    expect(fingerprintOf({ a: 1, b: { c: [1, 2], d: undefined } })).toBe(fingerprintOf({ b: { c: [1, 2] }, a: 1 }));
    expect(fingerprintOf({ c: [1, 2] })).not.toBe(fingerprintOf({ c: [2, 1] }));
    expect(fingerprintOf({ a: "1" })).not.toBe(fingerprintOf({ a: 1 }));
    expect(fingerprintOf({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("writes bigints and dates as strings", () => {
    expect(canonicalJson({ n: 5n, at: new Date("2026-01-01T00:00:00Z"), x: null })).toBe(
      '{"at":"2026-01-01T00:00:00.000Z","n":"5","x":null}',
    );
  });
});
