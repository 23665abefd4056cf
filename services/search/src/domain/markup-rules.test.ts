import { describe, expect, it } from "vitest";
import { pickMarkupRule, type MarkupContext, type MarkupRule } from "./markup-rules.js";
import { priceOffer } from "./pricing.js";
import { defaultPricingRules, pricingRulesSchema } from "./pricing-rules.js";

const context: MarkupContext = {
  agentId: "agt_branch",
  airline: "AI",
  origin: "DEL",
  destination: "BOM",
  cabin: "ECONOMY",
  fareBrand: "FLEXI",
  travelDate: "2026-12-01",
};
const rule = (fields: Partial<MarkupRule>): MarkupRule => ({
  agentId: "agt_branch",
  bps: 0,
  perPaxPaise: 0,
  perPaxPerSegmentPaise: 0,
  priority: 0,
  ...fields,
});

describe("pickMarkupRule", () => {
  it("takes the most specific matching rule, whatever its place in the table", () => {
    const any = rule({ bps: 100 });
    const airline = rule({ airline: "AI", bps: 200 });
    const airlineRoute = rule({ airline: "AI", origin: "DEL", destination: "BOM", bps: 300 });
    const airlineRouteBrand = rule({ airline: "AI", origin: "DEL", destination: "BOM", fareBrand: "FLEXI", bps: 400 });
    expect(pickMarkupRule([airlineRouteBrand, any, airlineRoute, airline], context)).toBe(airlineRouteBrand);
    expect(pickMarkupRule([any, airline, airlineRoute], context)).toBe(airlineRoute);
  });

  it("skips rules of other agents, airlines, routes, cabins, brands and travel dates", () => {
    const misses = [
      rule({ agentId: "agt_sibling", bps: 1 }),
      rule({ airline: "6E", bps: 2 }),
      rule({ origin: "DEL", destination: "BLR", bps: 3 }),
      rule({ cabin: "BUSINESS", bps: 4 }),
      rule({ fareBrand: "SAVER", bps: 5 }),
      rule({ travelFrom: "2026-12-02", bps: 6 }),
      rule({ travelTo: "2026-11-30", bps: 7 }),
    ];
    expect(pickMarkupRule(misses, context)).toBeUndefined();
    const window = rule({ travelFrom: "2026-12-01", travelTo: "2026-12-01", bps: 8 });
    expect(pickMarkupRule([...misses, window], context)).toBe(window);
  });

  it("breaks a tie of specificity by priority, then by the table's order", () => {
    const first = rule({ cabin: "ECONOMY", bps: 10 });
    const second = rule({ airline: "AI", bps: 20 });
    const urgent = rule({ fareBrand: "FLEXI", bps: 30, priority: 5 });
    expect(pickMarkupRule([first, second], context)).toBe(first);
    expect(pickMarkupRule([first, second, urgent], context)).toBe(urgent);
  });
});

describe("agent_markup from rules, to the paise", () => {
  const rules = pricingRulesSchema.parse({
    commission: { defaultBps: 100 },
    otaMarkup: { perPaxPerSegmentPaise: 15_000 },
    agentMarkup: {
      default: { bps: 0 },
      byAgent: { agt_branch: { bps: 50 } },
      rules: [
        { agentId: "agt_branch", airline: "AI", bps: 200 },
        { agentId: "agt_branch", airline: "AI", origin: "DEL", destination: "BOM", cabin: "ECONOMY", perPaxPerSegmentPaise: 25_000 },
      ],
    },
  });
  const input = { agentId: "agt_branch", baseFare: 500_000, taxes: 80_000, segmentCount: 2, pax: { adult: 2, child: 1, infant: 1 } };

  it("prices with the most specific rule and keeps both identities", () => {
    const priced = priceOffer(rules, { ...input, airline: "AI", markup: context });
    // 3 seated passengers x 2 segments x 250.00; the lap infant takes no seat.
    expect(priced.agentMarkup).toBe(150_000);
    expect(priced.otaMarkup).toBe(90_000);
    expect(priced.finalPrice).toBe(500_000 + 80_000 + 90_000 + 150_000);
    expect(priced.netFare).toBe(500_000 + 80_000 + 90_000 - 5_000);
  });

  it("falls back to the airline rule, then to the agent's own rule, then to the default", () => {
    // Airline rule: 2% of base + taxes + ota_markup (670,000.00 paise) = 13,400.
    expect(priceOffer(rules, { ...input, airline: "AI", markup: { ...context, cabin: "BUSINESS" } }).agentMarkup).toBe(13_400);
    // No rule of this airline: byAgent, 0.5% = 3,350.
    expect(priceOffer(rules, { ...input, airline: "6E", markup: { ...context, airline: "6E" } }).agentMarkup).toBe(3_350);
    expect(
      priceOffer(rules, { ...input, airline: "AI", agentId: "agt_else", markup: { ...context, agentId: "agt_else" } }).agentMarkup,
    ).toBe(0);
  });

  it("refuses a route with one end only", () => {
    const parsed = pricingRulesSchema.safeParse({
      commission: { defaultBps: 0 },
      otaMarkup: {},
      agentMarkup: { default: {}, rules: [{ agentId: "agt_branch", origin: "DEL" }] },
    });
    expect(parsed.success).toBe(false);
  });
});

describe("the sandbox's markup rules (README, the sandbox table), to the paise", () => {
  const offer = { baseFare: 500_000, taxes: 80_000, segmentCount: 1, pax: { adult: 2, child: 0, infant: 0 } };
  // ota_markup: 150.00 per seated passenger per segment = 30,000; base + taxes + ota = 610,000.
  const price = (agentId: string, airline: string, markup: Partial<MarkupContext>) =>
    priceOffer(defaultPricingRules, { ...offer, agentId, airline, markup: { ...context, agentId, airline, ...markup } });

  it("Pune: 200.00 per passenger per segment on AI DEL-BOM economy, else 3% on AI, else nothing", () => {
    expect(price("agt_demo_pune", "AI", {}).agentMarkup).toBe(40_000);
    expect(price("agt_demo_pune", "AI", { cabin: "BUSINESS" }).agentMarkup).toBe(18_300);
    expect(price("agt_demo_pune", "AI", { origin: "BLR", destination: "CCU" }).agentMarkup).toBe(18_300);
    expect(price("agt_demo_pune", "6E", {}).agentMarkup).toBe(0);
  });

  it("Nashik: 1.5% on SAVER fares of any airline; the demo agency itself keeps its 2%", () => {
    expect(price("agt_demo_nashik", "6E", { fareBrand: "SAVER" }).agentMarkup).toBe(9_150);
    expect(price("agt_demo_nashik", "6E", { fareBrand: "FLEXI" }).agentMarkup).toBe(0);
    const demo = price("agt_demo", "AI", {});
    expect(demo.agentMarkup).toBe(12_200);
    expect(demo.finalPrice).toBe(500_000 + 80_000 + 30_000 + 12_200);
  });
});
