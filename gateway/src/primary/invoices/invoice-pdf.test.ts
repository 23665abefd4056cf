import { describe, expect, it } from "vitest";
import { deductionCell } from "./invoice-pdf.js";

describe("invoice PDF cells", () => {
  it("print a commission as a deduction, and none as 0.00 rather than -0.00 (debit and credit notes carry none)", () => {
    expect(deductionCell(0)).toBe("0.00");
    expect(deductionCell(12_345)).toBe("-123.45");
    expect(deductionCell(7)).toBe("-0.07");
  });
});
