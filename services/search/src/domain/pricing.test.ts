import { describe, expect, it } from "vitest";
import { seededRandom } from "../testing/seeded-random.js";
import { priceOffer, type PricingInput } from "./pricing.js";
import { defaultPricingRules, pricingRulesSchema, type PricingRules } from "./pricing-rules.js";

/** Half-up percentage computed independently of the kernel, in exact integer arithmetic. */
const halfUp = (amount: number, bps: number) => Number((BigInt(amount) * BigInt(bps) + 5000n) / 10000n);

const input = (overrides: Partial<PricingInput> = {}): PricingInput => ({
  airline: "AI",
  agentId: "agt_other",
  baseFare: 500_000,
  taxes: 80_000,
  segmentCount: 1,
  pax: { adult: 1, child: 0, infant: 0 },
  ...overrides,
});

const rules = (overrides: Partial<{ commission: number; perPax: number; otaBps: number; agentBps: number; agentPerPax: number }>) =>
  pricingRulesSchema.parse({
    commission: { defaultBps: overrides.commission ?? 0 },
    otaMarkup: { perPaxPerSegmentPaise: overrides.perPax ?? 0, bps: overrides.otaBps ?? 0 },
    agentMarkup: { default: { bps: overrides.agentBps ?? 0, perPaxPaise: overrides.agentPerPax ?? 0 } },
  });

describe("priceOffer", () => {
  it("holds both identities exactly on thousands of generated offers", () => {
    const random = seededRandom(20261122);
    const ruleSets: PricingRules[] = [defaultPricingRules];
    for (let i = 0; i < 20; i++) {
      ruleSets.push(
        pricingRulesSchema.parse({
          commission: { defaultBps: random.int(0, 10_000), byAirline: { AI: random.int(0, 999), UK: random.int(0, 10_000) } },
          otaMarkup: { perPaxPerSegmentPaise: random.int(0, 50_000), bps: random.int(0, 2_500) },
          agentMarkup: {
            default: { bps: random.int(0, 1_000), perPaxPaise: random.int(0, 20_000) },
            byAgent: { agt_demo: { bps: random.int(0, 3_000) }, agt_fixed: { perPaxPaise: random.int(0, 90_000) } },
          },
        }),
      );
    }
    const airlines = ["AI", "6E", "UK", "SG", "EK", "QR"];
    const agents = ["agt_demo", "agt_fixed", "agt_plain", "constructor"];
    for (let i = 0; i < 5_000; i++) {
      const ruleSet = random.pick(ruleSets);
      const adult = random.int(1, 9);
      const offer = input({
        airline: random.pick(airlines),
        agentId: random.pick(agents),
        baseFare: random.int(0, 1) === 0 ? random.int(0, 999) : random.int(1_000, 25_000_000),
        taxes: random.int(0, 3_000_000),
        segmentCount: random.int(1, 4),
        pax: { adult, child: random.int(0, 9 - adult), infant: random.int(0, adult) },
      });
      const p = priceOffer(ruleSet, offer);
      for (const value of Object.values(p)) expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
      expect(p.baseFare).toBe(offer.baseFare);
      expect(p.taxes).toBe(offer.taxes);
      expect(p.netFare).toBe(p.baseFare + p.taxes + p.otaMarkup - p.commission);
      expect(p.finalPrice).toBe(p.baseFare + p.taxes + p.otaMarkup + p.agentMarkup);

      const seated = offer.pax.adult + offer.pax.child;
      const commissionBps = Object.hasOwn(ruleSet.commission.byAirline, offer.airline)
        ? ruleSet.commission.byAirline[offer.airline]!
        : ruleSet.commission.defaultBps;
      expect(p.commission).toBe(halfUp(offer.baseFare, commissionBps));
      expect(p.otaMarkup).toBe(
        seated * offer.segmentCount * ruleSet.otaMarkup.perPaxPerSegmentPaise + halfUp(offer.baseFare + offer.taxes, ruleSet.otaMarkup.bps),
      );
      const agentRule = Object.hasOwn(ruleSet.agentMarkup.byAgent, offer.agentId)
        ? ruleSet.agentMarkup.byAgent[offer.agentId]!
        : ruleSet.agentMarkup.default;
      expect(p.agentMarkup).toBe(halfUp(offer.baseFare + offer.taxes + p.otaMarkup, agentRule.bps) + seated * agentRule.perPaxPaise);
    }
  });

  it("rounds commission half up, once, on the offer total", () => {
    expect(priceOffer(rules({ commission: 50 }), input({ baseFare: 100 })).commission).toBe(1); // 0.5
    expect(priceOffer(rules({ commission: 50 }), input({ baseFare: 99 })).commission).toBe(0); // 0.495
    expect(priceOffer(rules({ commission: 150 }), input({ baseFare: 300 })).commission).toBe(5); // 4.5
    expect(priceOffer(rules({ commission: 150 }), input({ baseFare: 30 })).commission).toBe(0); // 0.45
    expect(priceOffer(rules({ commission: 150 }), input({ baseFare: 433 })).commission).toBe(6); // 6.495
    expect(priceOffer(rules({ commission: 150 }), input({ baseFare: 434 })).commission).toBe(7); // 6.51
  });

  it("uses the default rules: commission by airline, 150 rupees per seat per segment, 2% for the demo agent", () => {
    const demo = priceOffer(defaultPricingRules, input({ agentId: "agt_demo" }));
    expect(demo).toEqual({
      baseFare: 500_000,
      taxes: 80_000,
      commission: 7_500, // AI 1.5%
      otaMarkup: 15_000,
      agentMarkup: 11_900, // 2% of 595 000
      netFare: 587_500,
      finalPrice: 606_900,
    });
    expect(priceOffer(defaultPricingRules, input({ airline: "6E" })).commission).toBe(5_000);
    expect(priceOffer(defaultPricingRules, input({ airline: "SG" })).commission).toBe(2_500);
    expect(priceOffer(defaultPricingRules, input({ agentId: "agt_other" })).agentMarkup).toBe(0);
  });

  it("charges per-seat markups for seated passengers on every segment, not for lap infants", () => {
    const priced = priceOffer(
      rules({ perPax: 15_000, agentPerPax: 1_000 }),
      input({ segmentCount: 2, pax: { adult: 2, child: 1, infant: 2 } }),
    );
    expect(priced.otaMarkup).toBe(3 * 2 * 15_000);
    expect(priced.agentMarkup).toBe(3 * 1_000);
  });

  it("never reads rules inherited from Object.prototype for odd agent ids", () => {
    expect(priceOffer(defaultPricingRules, input({ agentId: "constructor" })).agentMarkup).toBe(0);
    expect(priceOffer(defaultPricingRules, input({ agentId: "__proto__" })).agentMarkup).toBe(0);
  });

  it("refuses fares that are not whole non-negative paise", () => {
    expect(() => priceOffer(defaultPricingRules, input({ baseFare: 10.5 }))).toThrow(RangeError);
    expect(() => priceOffer(defaultPricingRules, input({ taxes: -1 }))).toThrow(RangeError);
  });
});

describe("pricingRulesSchema", () => {
  it("fills defaults for omitted parts", () => {
    expect(pricingRulesSchema.parse({ commission: { defaultBps: 10 }, otaMarkup: {}, agentMarkup: { default: {} } })).toEqual({
      commission: { defaultBps: 10, byAirline: {} },
      otaMarkup: { perPaxPerSegmentPaise: 0, bps: 0 },
      agentMarkup: { default: { bps: 0, perPaxPaise: 0 }, byAgent: {}, rules: [] },
    });
  });

  it("rejects misspelt keys, fractions, negatives and more than 100%", () => {
    const base = { commission: { defaultBps: 10 }, otaMarkup: {}, agentMarkup: { default: {} } };
    expect(pricingRulesSchema.safeParse({ ...base, otaMarkup: { perPaxPaise: 1 } }).success).toBe(false);
    expect(pricingRulesSchema.safeParse({ ...base, commission: { defaultBps: 1.5 } }).success).toBe(false);
    expect(pricingRulesSchema.safeParse({ ...base, commission: { defaultBps: -1 } }).success).toBe(false);
    expect(pricingRulesSchema.safeParse({ ...base, commission: { defaultBps: 10_001 } }).success).toBe(false);
    expect(pricingRulesSchema.safeParse({ ...base, commission: { defaultBps: 1, byAirline: { air: 5 } } }).success).toBe(false);
  });
});
