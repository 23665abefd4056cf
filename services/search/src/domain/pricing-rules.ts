import { CABINS, FARE_BRAND_CODES } from "@tarmac/airline-port";
import { z } from "zod";

const basisPoints = z.number().int().min(0).max(10_000);
const paise = z.number().int().min(0).max(10_000_000);

const agentMarkupRule = z
  .object({
    /** Basis points of base_fare + taxes + ota_markup. */
    bps: basisPoints.default(0),
    /** Fixed paise per seated passenger. */
    perPaxPaise: paise.default(0),
  })
  .strict();

const airport = z.string().regex(/^[A-Z]{3}$/, "airports are three uppercase letters");
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "dates are YYYY-MM-DD");

/** An agent_markup rule (domain/markup-rules.ts): the agent it prices, what it matches, what it adds. */
const markupRule = z
  .object({
    agentId: z.string().min(1),
    airline: z
      .string()
      .regex(/^[A-Z0-9]{2}$/, "airline codes are two uppercase letters or digits")
      .optional(),
    origin: airport.optional(),
    destination: airport.optional(),
    cabin: z.enum(CABINS).optional(),
    fareBrand: z.enum(FARE_BRAND_CODES).optional(),
    travelFrom: day.optional(),
    travelTo: day.optional(),
    /** Basis points of base_fare + taxes + ota_markup. */
    bps: basisPoints.default(0),
    /** Fixed paise per seated passenger. */
    perPaxPaise: paise.default(0),
    /** Fixed paise per seated passenger per segment. */
    perPaxPerSegmentPaise: paise.default(0),
    priority: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict()
  .refine((rule) => (rule.origin === undefined) === (rule.destination === undefined), "a route names both origin and destination");

/**
 * B2B pricing rules as data (API guide, Money and pricing), loaded from TARMAC_PRICING_RULES. Strict objects: a
 * misspelt key stops the service at start instead of silently pricing without it.
 */
export const pricingRulesSchema = z
  .object({
    commission: z
      .object({
        /** Basis points of base_fare, for airlines without their own entry. */
        defaultBps: basisPoints,
        /** Airline designator (e.g. AI, 6E) -> basis points of base_fare. */
        byAirline: z
          .record(z.string().regex(/^[A-Z0-9]{2}$/, "airline codes are two uppercase letters or digits"), basisPoints)
          .default({}),
      })
      .strict(),
    otaMarkup: z
      .object({
        /** Fixed paise per seated passenger per segment (round trips count both directions). */
        perPaxPerSegmentPaise: paise.default(0),
        /** Basis points of base_fare + taxes. */
        bps: basisPoints.default(0),
      })
      .strict(),
    agentMarkup: z
      .object({
        default: agentMarkupRule,
        /** Agent id -> its own rule, which replaces the default as a whole. */
        byAgent: z.record(z.string().min(1), agentMarkupRule).default({}),
        /**
         * Rules by airline, route, cabin, fare brand and travel dates, per agent: the most specific
         * that matches an offer wins over byAgent and the default (domain/markup-rules.ts).
         */
        rules: z.array(markupRule).max(10_000).default([]),
      })
      .strict(),
  })
  .strict();

export type PricingRules = z.output<typeof pricingRulesSchema>;
type PricingRulesInput = z.input<typeof pricingRulesSchema>;

/** Used when TARMAC_PRICING_RULES is not set. */
export const defaultPricingRules: PricingRules = pricingRulesSchema.parse({
  commission: { defaultBps: 50, byAirline: { AI: 150, "6E": 100 } },
  otaMarkup: { perPaxPerSegmentPaise: 15_000, bps: 0 },
  agentMarkup: {
    default: { bps: 0, perPaxPaise: 0 },
    byAgent: { agt_demo: { bps: 200 } },
    // The demo agency's sub-agents (README, Pricing rules: the sandbox table).
    rules: [
      { agentId: "agt_demo_pune", airline: "AI", bps: 300 },
      { agentId: "agt_demo_pune", airline: "AI", origin: "DEL", destination: "BOM", cabin: "ECONOMY", perPaxPerSegmentPaise: 20_000 },
      { agentId: "agt_demo_nashik", fareBrand: "SAVER", bps: 150 },
    ],
  },
} satisfies PricingRulesInput);
