import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { airlineConfigSchema } from "@tarmac/airline";
import { authConfigSchema } from "@tarmac/auth";
import { bookingConfigSchema } from "@tarmac/booking";
import { fareConfigSchema } from "@tarmac/fare";
import { gatewayConfigSchema } from "@tarmac/gateway";
import { ConfigError, developmentCredential, formatCredential, parseConfig, trustEntryOf } from "@tarmac/kernel";
import { searchConfigSchema } from "@tarmac/search";
import { walletConfigSchema } from "@tarmac/wallet";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { productionCallerEnv } from "@tarmac/kernel/testing";

const SECRET = "an-operator-secret-of-at-least-32-characters";
/** A GSTIN of Maharashtra with its check character, not the sandbox's. */
const OPERATOR_GSTIN = "27AABCT1332L1ZE";
const DURABLE = {
  MONGODB_URI: "mongodb://mongo.example.test:27017/?replicaSet=rs0",
  NATS_URL: "nats://nats.example.test:4222",
  AIRLINE_URL: "http://airline.example.test:50056",
};

/** Each service's production environment, complete but for what the test takes away. */
const services: { name: string; schema: z.ZodType; env: Record<string, string>; durable: (keyof typeof DURABLE)[] }[] = [
  {
    name: "auth",
    schema: authConfigSchema,
    env: { TARMAC_AUTH_SECRET: SECRET, OTP_EMAIL_DELIVERY: "disabled", OTP_SMS_DELIVERY: "disabled" },
    durable: ["MONGODB_URI"],
  },
  { name: "search", schema: searchConfigSchema, env: { TARMAC_CURSOR_SECRET: SECRET }, durable: ["MONGODB_URI", "AIRLINE_URL"] },
  { name: "fare", schema: fareConfigSchema, env: { TARMAC_FARE_SECRET: SECRET }, durable: ["MONGODB_URI", "AIRLINE_URL"] },
  {
    name: "booking",
    schema: bookingConfigSchema,
    env: { TARMAC_BOOKING_SECRET: SECRET, TARMAC_GSTIN: OPERATOR_GSTIN },
    durable: ["MONGODB_URI", "NATS_URL", "AIRLINE_URL"],
  },
  { name: "airline", schema: airlineConfigSchema, env: {}, durable: ["MONGODB_URI"] },
  { name: "gateway", schema: gatewayConfigSchema, env: {}, durable: ["MONGODB_URI"] },
  { name: "wallet", schema: walletConfigSchema, env: { TARMAC_WALLET_SECRET: SECRET }, durable: ["MONGODB_URI", "NATS_URL"] },
];

describe("production refuses the embedded defaults that lose data or split state", () => {
  for (const service of services) {
    const complete = {
      TARMAC_ENV: "production",
      ...service.env,
      ...productionCallerEnv(service.name),
      ...Object.fromEntries(service.durable.map((v) => [v, DURABLE[v]])),
    };

    it(`${service.name} starts with ${service.durable.join(" and ")} and refuses to without each`, () => {
      expect(() => parseConfig(service.schema, complete)).not.toThrow();
      for (const variable of service.durable) {
        const without = Object.fromEntries(Object.entries(complete).filter(([name]) => name !== variable));
        expect(() => parseConfig(service.schema, without)).toThrow(ConfigError);
        expect(() => parseConfig(service.schema, without)).toThrow(new RegExp(`${variable}: is required in production`));
        // Development keeps the embedded default.
        expect(() => parseConfig(service.schema, { ...without, TARMAC_ENV: "development" })).not.toThrow();
      }
    });

    it(`${service.name} needs caller keys of its own in production: no development key, no other caller's`, () => {
      for (const variable of ["SERVICE_CREDENTIAL", "TRUSTED_CALLERS"]) {
        const without = Object.fromEntries(Object.entries(complete).filter(([name]) => name !== variable));
        expect(() => parseConfig(service.schema, without)).toThrow(new RegExp(`${variable}: is required in production`));
      }
      const developmentKey = formatCredential(developmentCredential(service.name));
      expect(() => parseConfig(service.schema, { ...complete, SERVICE_CREDENTIAL: developmentKey })).toThrow(
        /SERVICE_CREDENTIAL: must be a credential of your own/,
      );
      const developmentTrust = trustEntryOf(developmentCredential("gateway"));
      expect(() => parseConfig(service.schema, { ...complete, TRUSTED_CALLERS: developmentTrust })).toThrow(
        /TRUSTED_CALLERS: holds development keys \(gateway\)/,
      );
      const other = productionCallerEnv(service.name === "booking" ? "wallet" : "booking").SERVICE_CREDENTIAL;
      expect(() => parseConfig(service.schema, { ...complete, SERVICE_CREDENTIAL: other })).toThrow(
        /SERVICE_CREDENTIAL: is the credential of/,
      );
    });
  }

  it("a production process without them exits 78 (EX_CONFIG) naming each variable", () => {
    const main = fileURLToPath(new URL("../../wallet/src/main.ts", import.meta.url));
    const tsx = fileURLToPath(new URL("../../../node_modules/.bin/tsx", import.meta.url));
    const run = spawnSync(tsx, [main], {
      env: { PATH: process.env.PATH, TARMAC_ENV: "production", TARMAC_WALLET_SECRET: SECRET },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toMatch(/MONGODB_URI: is required in production/);
    expect(run.stderr).toMatch(/NATS_URL: is required in production/);
  }, 40_000);
});

describe("booking's tax invoices in production", () => {
  it("name the platform's own GSTIN: booking refuses to start without one, development keeps the sandbox's", () => {
    const env = {
      TARMAC_ENV: "production",
      TARMAC_BOOKING_SECRET: SECRET,
      ...productionCallerEnv("booking"),
      ...DURABLE,
    };
    expect(() => parseConfig(bookingConfigSchema, env)).toThrow(/TARMAC_GSTIN: is required in production/);
    expect(() => parseConfig(bookingConfigSchema, { ...env, TARMAC_GSTIN: OPERATOR_GSTIN })).not.toThrow();
    expect(() => parseConfig(bookingConfigSchema, { ...env, TARMAC_GSTIN: "27AABCT1332L1ZA" })).toThrow(/TARMAC_GSTIN: not a valid GSTIN/);
    expect(() => parseConfig(bookingConfigSchema, { ...env, TARMAC_ENV: "development" })).not.toThrow();
  });
});
