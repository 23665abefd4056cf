import { describe, expect, it } from "vitest";
import { gstOn, gstTotal, headRatesBps, supplyOf } from "./gst-amounts.js";
import { invoiceSerial } from "./invoice-serial.js";
import { placeOfSupply } from "./place-of-supply.js";
import { deemedValueOf } from "./valuation.js";
import { airlineGstOf } from "./airline-gst.js";

describe("GST on a taxable value", () => {
  it("recomputes on every line: round(taxable x rate) half up, CGST and SGST each at half the rate (issue 35, finding 7)", () => {
    // 508.47 at 18% is 91.5246: 91.52, never the 91.53 a tax-inclusive 600.00 leaves.
    expect(gstOn(50_847, 1800, "IGST")).toEqual({ cgst: 0, sgst: 0, igst: 9_152 });
    expect(gstOn(50_847, 1800, "CGST_SGST")).toEqual({ cgst: 4_576, sgst: 4_576, igst: 0 });
    // 0.09 x 50 = 4.5: each half rounds up on its own.
    expect(gstOn(50, 1800, "CGST_SGST")).toEqual({ cgst: 5, sgst: 5, igst: 0 });
    expect(headRatesBps(1800, "CGST_SGST")).toEqual({ cgst: 900, sgst: 900, igst: 0 });
  });

  it("splits a tax-inclusive fee into the largest taxable value that fits, the rest a round-off of at most 2 paise", () => {
    const fee = supplyOf(60_000, 1800, "IGST");
    expect(fee).toEqual({ consideration: 60_000, taxableValue: 50_847, cgst: 0, sgst: 0, igst: 9_152, adjustment: 1 });
    for (let consideration = 0; consideration < 20_000; consideration += 7) {
      for (const kind of ["IGST", "CGST_SGST"] as const) {
        const s = supplyOf(consideration, 1800, kind);
        expect(gstOn(s.taxableValue, 1800, kind)).toEqual({ cgst: s.cgst, sgst: s.sgst, igst: s.igst });
        expect(s.taxableValue + gstTotal(s) + s.adjustment).toBe(consideration);
        expect(s.adjustment).toBeGreaterThanOrEqual(0);
        expect(s.adjustment).toBeLessThanOrEqual(2);
      }
    }
    expect(supplyOf(25_000, 0, "IGST")).toMatchObject({ taxableValue: 25_000, igst: 0, adjustment: 0 });
  });

  it("takes Rule 32(3)'s deemed value when configured: 5% of a domestic basic fare, 10% of an international one", () => {
    expect(deemedValueOf("ACTUAL", 700_000, false)).toBeUndefined();
    expect(deemedValueOf("RULE_32_3", 700_000, false)).toBe(35_000);
    expect(deemedValueOf("RULE_32_3", 700_000, true)).toBe(70_000);
    const s = supplyOf(30_000, 1800, "IGST", 35_000);
    expect(s).toMatchObject({ taxableValue: 35_000, igst: 6_300, adjustment: 30_000 - 35_000 - 6_300 });
  });
});

describe("place of supply", () => {
  it("is the registered recipient's state, named; else the supplier's", () => {
    expect(placeOfSupply("29", "27")).toEqual({ stateCode: "27", stateName: "Maharashtra", gstKind: "IGST" });
    expect(placeOfSupply("29", "29")).toEqual({ stateCode: "29", stateName: "Karnataka", gstKind: "CGST_SGST" });
    expect(placeOfSupply("29", undefined)).toEqual({ stateCode: "29", stateName: "Karnataka", gstKind: "CGST_SGST" });
  });
});

describe("invoice serial", () => {
  it("fits Rule 46(b)'s 16 characters (TI/2026-27/000003 was 17: finding 4)", () => {
    expect(invoiceSerial("TI", "2026-27", 3)).toBe("TI2627000003");
    expect(invoiceSerial("CN", "2099-00", 999_999)).toBe("CN9900999999");
    expect(invoiceSerial("DN", "2026-27", 1).length).toBeLessThanOrEqual(16);
    expect(() => invoiceSerial("DN", "2026-27", 12_345_678_901)).toThrow(RangeError);
  });
});

describe("airline GST", () => {
  it("is 5% of an economy base fare and 12% of a business one from India, never above the airline's taxes", () => {
    expect(airlineGstOf(700_000, 150_000, "ECONOMY", true)).toBe(35_000);
    expect(airlineGstOf(700_000, 150_000, "BUSINESS", true)).toBe(84_000);
    expect(airlineGstOf(700_000, 10_000, "BUSINESS", true)).toBe(10_000);
    expect(airlineGstOf(700_000, 150_000, "ECONOMY", false)).toBe(0);
  });
});
