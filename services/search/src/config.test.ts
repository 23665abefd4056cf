import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, parseConfig } from "@tarmac/kernel";
import { afterAll, describe, expect, it } from "vitest";
import { DEVELOPMENT_CURSOR_SECRET, searchConfigSchema } from "./config.js";
import { defaultPricingRules } from "./domain/pricing-rules.js";
import { productionCallerEnv } from "@tarmac/kernel/testing";

const ownSecret = "an-operator-chosen-secret-of-40-characters!";
const rules = {
  commission: { defaultBps: 75, byAirline: { UK: 120 } },
  otaMarkup: { perPaxPerSegmentPaise: 9_900 },
  agentMarkup: { default: { perPaxPaise: 500 } },
};

function configError(env: NodeJS.ProcessEnv): string {
  try {
    parseConfig(searchConfigSchema, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

describe("search configuration", () => {
  const dir = mkdtempSync(join(tmpdir(), "search-config-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("has working defaults for development", () => {
    expect(parseConfig(searchConfigSchema, {})).toEqual({
      callerAuth: expect.objectContaining({ usesDevelopmentCredential: true }),
      environment: "development",
      logLevel: "info",
      host: "127.0.0.1",
      port: 50051,
      mongoUri: undefined,
      mongoDb: "tarmac",
      cursorSecret: DEVELOPMENT_CURSOR_SECRET,
      usesDevelopmentSecret: true,
      pricingRules: defaultPricingRules,
      ttlSeconds: 1800,
      cacheMaxOffers: 100_000,
      providerTimeoutMs: 4000,
      airlineUrl: undefined,
      airlineName: "SANDBOX",
      readinessIntervalMs: 1000,
      metricsPort: 9464,
      drainDelayMs: 0,
    });
  });

  it("reads every variable", () => {
    const config = parseConfig(searchConfigSchema, {
      SEARCH_HOST: "0.0.0.0",
      SEARCH_PORT: "6000",
      METRICS_PORT: "9100",
      MONGODB_URI: "mongodb://db:27017/?replicaSet=rs0",
      MONGODB_DB: "tarmac_uat",
      TARMAC_CURSOR_SECRET: ownSecret,
      SEARCH_TTL_SECONDS: "600",
      SEARCH_CACHE_MAX_OFFERS: "5000",
      PROVIDER_TIMEOUT_MS: "2500",
      AIRLINE_URL: "http://airline:50056",
      LOG_LEVEL: "debug",
      READINESS_INTERVAL_MS: "250",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 6000,
      metricsPort: 9100,
      mongoUri: "mongodb://db:27017/?replicaSet=rs0",
      mongoDb: "tarmac_uat",
      cursorSecret: ownSecret,
      usesDevelopmentSecret: false,
      ttlSeconds: 600,
      cacheMaxOffers: 5000,
      providerTimeoutMs: 2500,
      airlineUrl: "http://airline:50056",
      logLevel: "debug",
      readinessIntervalMs: 250,
    });
  });

  it("refuses the development secret in production, and short secrets anywhere", () => {
    expect(configError({ TARMAC_ENV: "production" })).toContain("TARMAC_CURSOR_SECRET");
    expect(configError({ TARMAC_ENV: "production", TARMAC_CURSOR_SECRET: DEVELOPMENT_CURSOR_SECRET })).toContain("TARMAC_CURSOR_SECRET");
    expect(
      parseConfig(searchConfigSchema, {
        TARMAC_ENV: "production",
        MONGODB_URI: "mongodb://mongo.example.test:27017/?replicaSet=rs0",
        AIRLINE_URL: "http://airline.example.test:50056",
        TARMAC_CURSOR_SECRET: ownSecret,
        ...productionCallerEnv("search"),
      }).cursorSecret,
    ).toBe(ownSecret);
    expect(configError({ TARMAC_CURSOR_SECRET: "short" })).toContain("at least 32 characters");
  });

  it("loads pricing rules from JSON text or from a file", () => {
    const expected = {
      commission: { defaultBps: 75, byAirline: { UK: 120 } },
      otaMarkup: { perPaxPerSegmentPaise: 9_900, bps: 0 },
      agentMarkup: { default: { bps: 0, perPaxPaise: 500 }, byAgent: {}, rules: [] },
    };
    expect(parseConfig(searchConfigSchema, { TARMAC_PRICING_RULES: JSON.stringify(rules) }).pricingRules).toEqual(expected);
    const file = join(dir, "rules.json");
    writeFileSync(file, JSON.stringify(rules));
    expect(parseConfig(searchConfigSchema, { TARMAC_PRICING_RULES: file }).pricingRules).toEqual(expected);
  });

  it("stops on pricing rules that are unreadable, not JSON or not valid rules", () => {
    expect(configError({ TARMAC_PRICING_RULES: join(dir, "missing.json") })).toMatch(/TARMAC_PRICING_RULES: cannot read/);
    expect(configError({ TARMAC_PRICING_RULES: "{ not json" })).toMatch(/TARMAC_PRICING_RULES: pricing rules are not valid JSON/);
    const bad = { ...rules, commission: { defaultBps: 20_000 } };
    expect(configError({ TARMAC_PRICING_RULES: JSON.stringify(bad) })).toMatch(/pricing rules commission\.defaultBps/);
  });
});
