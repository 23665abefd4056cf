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

/** Development only: main.ts warns when it is in use and production refuses it. */
export const DEVELOPMENT_FARE_SECRET = "tarmac-development-fare-secret-not-for-production";

export const fareConfigSchema = z
  .object({
    ...commonEnv,
    ...callerAuthEnv,
    FARE_HOST: z.string().min(1).default("127.0.0.1"),
    FARE_PORT: env.port(50052),
    /** Prometheus scrapes GET /metrics here (HTTP/1.1; the gRPC port is h2c only); 0 picks a free port. */
    METRICS_PORT: env.port(9465),
    SEARCH_URL: env.url().default("http://127.0.0.1:50051"),
    ...mongoEnv,
    TARMAC_FARE_SECRET: env.secret(DEVELOPMENT_FARE_SECRET),
    ...providerEnv,
  })
  .superRefine((vars, ctx) => {
    checkCallerAuth(vars, ctx, "fare");
    refuseDevelopmentSecrets(vars, ctx, { TARMAC_FARE_SECRET: DEVELOPMENT_FARE_SECRET });
    requireInProduction(vars, ctx, ["MONGODB_URI", "AIRLINE_URL"]);
  })
  .transform((v) => ({
    callerAuth: callerAuthConfig(v, "fare"),
    ...commonConfig(v),
    host: v.FARE_HOST,
    port: v.FARE_PORT,
    metricsPort: v.METRICS_PORT,
    searchUrl: v.SEARCH_URL,
    ...mongoConfig(v),
    fareSecret: v.TARMAC_FARE_SECRET,
    usesDevelopmentSecret: v.TARMAC_FARE_SECRET === DEVELOPMENT_FARE_SECRET,
    ...providerConfig(v),
  }));

export type FareConfig = z.output<typeof fareConfigSchema>;
