import { ConfigError, parseConfig } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { gatewayConfigSchema } from "./config.js";
import { defaultRateTable } from "./secondary/currency.js";

describe("gatewayConfigSchema", () => {
  it("defaults to loopback, port 8080 and the fixed service ports", () => {
    expect(parseConfig(gatewayConfigSchema, {})).toEqual({
      callerAuth: expect.objectContaining({ usesDevelopmentCredential: true }),
      host: "127.0.0.1",
      port: 8080,
      metricsPort: 9463,
      searchUrl: "http://127.0.0.1:50051",
      fareUrl: "http://127.0.0.1:50052",
      bookingUrl: "http://127.0.0.1:50053",
      walletUrl: "http://127.0.0.1:50054",
      authUrl: "http://127.0.0.1:50055",
      webhooksUrl: "http://127.0.0.1:50057",
      authCacheTtlMs: 5_000,
      events: {
        natsUrl: undefined,
        streamName: "TARMAC",
        subjectPrefix: "tarmac",
        // One server, a week, 8 GiB, two minutes of dedup: the defaults outside a NATS cluster.
        streamLimits: { replicas: 1, maxAgeMs: 7 * 86_400_000, maxBytes: 8 * 1024 ** 3, duplicateWindowMs: 120_000 },
      },
      mongoUri: undefined,
      mongoDb: "tarmac",
      rateLimits: { search: 20, default: 10, auth: 5 },
      authFailureLimits: { limit: 20, windowMs: 60_000 },
      currencyRates: defaultRateTable,
      trustProxy: false,
      environment: "development",
      logLevel: "info",
    });
  });

  it("reads the rate limits per second, which must be positive integers", () => {
    const env = { RATE_LIMIT_SEARCH_PER_SECOND: "40", RATE_LIMIT_DEFAULT_PER_SECOND: "15", RATE_LIMIT_AUTH_PER_SECOND: "2" };
    expect(parseConfig(gatewayConfigSchema, env).rateLimits).toEqual({ search: 40, default: 15, auth: 2 });
    expect(() => parseConfig(gatewayConfigSchema, { RATE_LIMIT_SEARCH_PER_SECOND: "0" })).toThrow(/RATE_LIMIT_SEARCH_PER_SECOND/);
    expect(() => parseConfig(gatewayConfigSchema, { RATE_LIMIT_DEFAULT_PER_SECOND: "2.5" })).toThrow(/RATE_LIMIT_DEFAULT_PER_SECOND/);
  });

  it("reads every variable", () => {
    const config = parseConfig(gatewayConfigSchema, {
      HOST: "0.0.0.0",
      PORT: "0",
      SEARCH_URL: "http://search:50051",
      AUTH_URL: "http://auth:50055",
      WEBHOOKS_URL: "http://webhooks:50057",
      AUTH_CACHE_TTL_MS: "0",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 0,
      searchUrl: "http://search:50051",
      authUrl: "http://auth:50055",
      webhooksUrl: "http://webhooks:50057",
    });
    expect(config).toMatchObject({ authCacheTtlMs: 0, logLevel: "warn" });
  });

  it("reads the MongoDB store for Idempotency-Key records, and treats an empty URI as unset", () => {
    const uri = "mongodb://db:27017/?replicaSet=rs0";
    expect(parseConfig(gatewayConfigSchema, { MONGODB_URI: uri, MONGODB_DB: "tarmac_dev" })).toMatchObject({
      mongoUri: uri,
      mongoDb: "tarmac_dev",
    });
    expect(parseConfig(gatewayConfigSchema, { MONGODB_URI: "" }).mongoUri).toBeUndefined();
    expect(() => parseConfig(gatewayConfigSchema, { MONGODB_URI: "postgres://db" })).toThrow(/MONGODB_URI/);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseConfig(gatewayConfigSchema, { PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig(gatewayConfigSchema, { PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig(gatewayConfigSchema, { FARE_URL: "not a url" })).toThrow(/FARE_URL/);
  });
});
