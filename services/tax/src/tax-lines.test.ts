import { describe, expect, it } from "vitest";
import { percentOf } from "@tarmac/kernel";
import { financialYear } from "./financial-year.js";
import { gstKindFor, taxLines } from "./tax-lines.js";
import { DEFAULT_TAX_RATES } from "./tax-rates.js";

const amounts = { baseFare: 500_000, taxes: 80_000, commission: 7_500, otaMarkup: 15_000, netFare: 587_500 };

describe("taxLines", () => {
  it("splits 18% GST out of the service fee and withholds 2% TDS from the gross commission", () => {
    const lines = taxLines(amounts, DEFAULT_TAX_RATES, "CGST_SGST");
    expect(lines.serviceFee).toBe(12_712); // 15000 / 1.18 = 12711.86
    expect(lines.cgst + lines.sgst).toBe(2_288);
    expect(lines.cgst).toBe(1_144);
    expect(lines.igst).toBe(0);
    expect(lines.grossCommission).toBe(7_653); // 7653 - 2% (153.06 -> 153) = 7500
    expect(lines.tds).toBe(153);
    expect(lines.tds).toBe(percentOf(lines.grossCommission, 200));
    expect(lines.netPayable).toBe(amounts.netFare);
  });

  it("charges IGST when the recipient's state differs from the supplier's", () => {
    expect(gstKindFor("29", "27")).toBe("IGST");
    expect(gstKindFor("29", "29")).toBe("CGST_SGST");
    expect(gstKindFor("29", undefined)).toBe("CGST_SGST");
    const lines = taxLines(amounts, DEFAULT_TAX_RATES, "IGST");
    expect(lines.igst).toBe(2_288);
    expect(lines.cgst + lines.sgst).toBe(0);
  });

  it("follows configured rates, zero included", () => {
    const none = taxLines(amounts, { gstOnServiceFeeBps: 0, tdsOnCommissionBps: 0 }, "IGST");
    expect(none).toMatchObject({ serviceFee: 15_000, igst: 0, grossCommission: 7_500, tds: 0, netPayable: 587_500 });
    const old = taxLines(amounts, { gstOnServiceFeeBps: 1800, tdsOnCommissionBps: 500 }, "IGST");
    expect(old.grossCommission - percentOf(old.grossCommission, 500)).toBe(7_500);
  });
});

describe("financialYear", () => {
  it("turns at midnight of 1 April in India, not in UTC", () => {
    expect(financialYear(new Date("2026-03-31T18:29:59.999Z"))).toBe("2025-26");
    expect(financialYear(new Date("2026-03-31T18:30:00.000Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-01-15T00:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2099-12-31T00:00:00Z"))).toBe("2099-00");
  });
});
