import { describe, expect, it } from "vitest";
import { formatRupees, parseRupees } from "./rupees.js";

describe("parseRupees", () => {
  it.each([
    ["50000.00", 5_000_000],
    ["50000", 5_000_000],
    ["50000.5", 5_000_050],
    ["50000.05", 5_000_005],
    ["0.01", 1],
    ["0.1", 10],
    ["0", 0],
    ["0.00", 0],
    ["007", 700],
    // Floats would get these wrong: 0.29 * 100 = 28.999999999999996, 1.13 * 100 = 112.99999999999999.
    ["0.29", 29],
    ["1.13", 113],
    ["19.99", 1999],
    ["10000000000.00", 1_000_000_000_000],
    ["90071992547409.91", Number.MAX_SAFE_INTEGER],
  ])("reads %j as %i paise", (text, paise) => {
    expect(parseRupees(text)).toEqual({ ok: true, paise });
  });

  it.each([
    ["", "is required"],
    ["-5", "must not be negative"],
    ["-0.01", "must not be negative"],
    ["1.001", "has more than 2 decimal places"],
    ["1.000", "has more than 2 decimal places"],
    ["50,000.00", "without separators, e.g. 50000.00"],
    ["1,00,000", "without separators, e.g. 100000"],
    ["90071992547409.92", "is too large"],
    ["99999999999999999999", "is too large"],
  ])("refuses %j: %s", (text, reason) => {
    const result = parseRupees(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });

  it.each(["abc", "1e5", "0x10", "5.", ".5", "+5", " 5", "5 ", "5.0.0", "₹500", "500 INR", "Infinity", "NaN", "٥"])(
    "refuses garbage %j",
    (text) => {
      expect(parseRupees(text)).toEqual({ ok: false, reason: "must be an amount in rupees such as 50000 or 50000.50" });
    },
  );
});

describe("formatRupees", () => {
  it("prints paise as rupees with the currency", () => {
    expect(formatRupees(5_000_005)).toBe("INR 50000.05");
    expect(formatRupees(-150)).toBe("INR -1.50");
    expect(formatRupees(0, "INR")).toBe("INR 0.00");
  });
});
