import { providerConfig, providerEnv } from "@tarmac/airline";
import {
  commonConfig,
  commonEnv,
  env,
  mongoConfig,
  mongoEnv,
  refuseDevelopmentSecrets,
  requireInProduction,
  callerAuthConfig,
  callerAuthEnv,
  checkCallerAuth,
} from "@tarmac/kernel";
import { z } from "zod";
import { defaultPricingRules, type PricingRules } from "./domain/pricing-rules.js";
import { pricingRulesVariable } from "./pricing-rules-source.js";
import { DEFAULT_MAX_CACHED_OFFERS } from "./store/memory-search-cache-store.js";

/** Development only: main.ts warns when it is in use and production refuses it. */
export const DEVELOPMENT_CURSOR_SECRET = "tarmac-development-cursor-secret-not-for-production";

export const searchConfigSchema = z
  .object({
    ...commonEnv,
    ...callerAuthEnv,
    SEARCH_HOST: z.string().min(1).default("127.0.0.1"),
    SEARCH_PORT: env.port(50051),
    /** Prometheus scrapes GET /metrics here (HTTP/1.1; the gRPC port is h2c only); 0 picks a free port. */
    METRICS_PORT: env.port(9464),
    ...mongoEnv,
    TARMAC_CURSOR_SECRET: env.secret(DEVELOPMENT_CURSOR_SECRET),
    TARMAC_PRICING_RULES: pricingRulesVariable(),
    SEARCH_TTL_SECONDS: env.seconds(1800),
    /** The in-memory cache's bound (MONGODB_URI unset); MongoDB's TTL index bounds its own. */
    SEARCH_CACHE_MAX_OFFERS: z.coerce.number().int().positive().default(DEFAULT_MAX_CACHED_OFFERS),
    ...providerEnv,
  })
  .superRefine((vars, ctx) => {
    checkCallerAuth(vars, ctx, "search");
    refuseDevelopmentSecrets(vars, ctx, { TARMAC_CURSOR_SECRET: DEVELOPMENT_CURSOR_SECRET });
    requireInProduction(vars, ctx, ["MONGODB_URI", "AIRLINE_URL"]);
  })
  .transform((vars) => ({
    ...commonConfig(vars),
    callerAuth: callerAuthConfig(vars, "search"),
    host: vars.SEARCH_HOST,
    port: vars.SEARCH_PORT,
    metricsPort: vars.METRICS_PORT,
    ...mongoConfig(vars),
    cursorSecret: vars.TARMAC_CURSOR_SECRET,
    usesDevelopmentSecret: vars.TARMAC_CURSOR_SECRET === DEVELOPMENT_CURSOR_SECRET,
    pricingRules: (vars.TARMAC_PRICING_RULES ?? defaultPricingRules) satisfies PricingRules,
    ttlSeconds: vars.SEARCH_TTL_SECONDS,
    cacheMaxOffers: vars.SEARCH_CACHE_MAX_OFFERS,
    ...providerConfig(vars),
  }));

export type SearchConfig = z.output<typeof searchConfigSchema>;
