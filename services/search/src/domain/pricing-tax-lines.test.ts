import { percentOf } from "@tarmac/kernel";
import { DEFAULT_TAX_RATES, taxLines } from "@tarmac/tax";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../testing/seeded-random.js";
import { priceOffer } from "./pricing.js";
import { defaultPricingRules, pricingRulesSchema } from "./pricing-rules.js";

describe("tax lines of priced offers", () => {
  it("keep every identity with GST and TDS on thousands of offers, at default and random rates", () => {
    const random = seededRandom(20261126);
    for (let i = 0; i < 5_000; i++) {
      const rules =
        i % 2 === 0
          ? defaultPricingRules
          : pricingRulesSchema.parse({
              commission: { defaultBps: random.int(0, 2_000) },
              otaMarkup: { perPaxPerSegmentPaise: random.int(0, 50_000), bps: random.int(0, 2_500) },
              agentMarkup: { default: { bps: 0, perPaxPaise: 0 } },
            });
      const rates =
        i % 3 === 0 ? DEFAULT_TAX_RATES : { gstOnServiceFeeBps: random.int(0, 2_800), tdsOnCommissionBps: random.int(0, 1_000) };
      const adult = random.int(1, 9);
      const p = priceOffer(rules, {
        airline: random.pick(["AI", "6E", "UK", "EK"]),
        agentId: random.pick(["agt_demo", "agt_plain"]),
        baseFare: random.int(0, 25_000_000),
        taxes: random.int(0, 3_000_000),
        segmentCount: random.int(1, 4),
        pax: { adult, child: random.int(0, 9 - adult), infant: random.int(0, adult) },
      });
      const lines = taxLines(p, rates, random.int(0, 1) === 0 ? "IGST" : "CGST_SGST");
      for (const value of [lines.serviceFee, lines.cgst, lines.sgst, lines.igst, lines.grossCommission, lines.tds])
        expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
      expect(lines.serviceFee + lines.cgst + lines.sgst + lines.igst).toBe(p.otaMarkup);
      expect(lines.grossCommission - lines.tds).toBe(p.commission);
      expect(lines.tds).toBe(percentOf(lines.grossCommission, rates.tdsOnCommissionBps));
      expect(Math.abs(percentOf(lines.serviceFee, rates.gstOnServiceFeeBps) - (p.otaMarkup - lines.serviceFee))).toBeLessThanOrEqual(1);
      expect(lines.netPayable).toBe(p.netFare);
      expect(lines.netPayable).toBe(p.baseFare + p.taxes + p.otaMarkup - lines.grossCommission + lines.tds);
      if (lines.gstKind === "CGST_SGST") expect(Math.abs(lines.cgst - lines.sgst)).toBeLessThanOrEqual(1);
    }
  });
});
