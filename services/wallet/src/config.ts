import {
  commonConfig,
  commonEnv,
  env,
  eventsConfig,
  eventsEnv,
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
export const DEVELOPMENT_WALLET_SECRET = "tarmac-development-wallet-secret-not-for-production";

export const walletConfigSchema = z
  .object({
    ...commonEnv,
    ...callerAuthEnv,
    WALLET_HOST: z.string().min(1).default("127.0.0.1"),
    WALLET_PORT: env.port(50054),
    /** Where an agency's standing is checked (a suspended agency's money is not held; unknown agencies get no wallet). */
    AUTH_URL: env.url().default("http://127.0.0.1:50055"),
    /** Prometheus scrapes GET /metrics here (HTTP/1.1; the gRPC port is h2c only); 0 picks a free port. */
    METRICS_PORT: env.port(9467),
    ...mongoEnv,
    ...eventsEnv,
    /** Signs statement cursors. */
    TARMAC_WALLET_SECRET: env.secret(DEVELOPMENT_WALLET_SECRET),
    /** How often expired holds are voided. */
    HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  })
  .superRefine((vars, ctx) => {
    checkCallerAuth(vars, ctx, "wallet");
    refuseDevelopmentSecrets(vars, ctx, { TARMAC_WALLET_SECRET: DEVELOPMENT_WALLET_SECRET });
    requireInProduction(vars, ctx, ["MONGODB_URI", "NATS_URL"]);
  })
  .transform((v) => ({
    callerAuth: callerAuthConfig(v, "wallet"),
    ...commonConfig(v),
    host: v.WALLET_HOST,
    port: v.WALLET_PORT,
    authUrl: v.AUTH_URL,
    metricsPort: v.METRICS_PORT,
    ...mongoConfig(v),
    events: eventsConfig(v),
    walletSecret: v.TARMAC_WALLET_SECRET,
    usesDevelopmentSecret: v.TARMAC_WALLET_SECRET === DEVELOPMENT_WALLET_SECRET,
    holdSweepIntervalMs: v.HOLD_SWEEP_INTERVAL_MS,
  }));

export type WalletConfig = z.output<typeof walletConfigSchema>;
