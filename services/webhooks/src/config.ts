import {
  callerAuthConfig,
  callerAuthEnv,
  checkCallerAuth,
  commonConfig,
  commonEnv,
  env,
  eventsConfig,
  eventsEnv,
  mongoConfig,
  mongoEnv,
  refuseDevelopmentSecrets,
  requireInProduction,
} from "@tarmac/kernel";
import { z } from "zod";
import { DEFAULT_RETRY_SCHEDULE } from "./domain/retry-schedule.js";

/** Development only: main.ts warns when they are in use and production refuses them. */
const DEVELOPMENT_WEBHOOKS_SECRET = "tarmac-development-webhooks-secret-not-for-production";
const DEVELOPMENT_WEBHOOK_SECRET_KEY = "dev:0000000000000000000000000000000000000000000000000000000000000000";

const ms = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export const webhooksConfigSchema = z
  .object({
    ...commonEnv,
    ...callerAuthEnv,
    WEBHOOKS_HOST: z.string().min(1).default("127.0.0.1"),
    WEBHOOKS_PORT: env.port(50057),
    /** Prometheus scrapes GET /metrics here; 0 picks a free port. */
    METRICS_PORT: env.port(9470),
    ...mongoEnv,
    ...eventsEnv,
    /** Signs delivery-list cursors. */
    TARMAC_WEBHOOKS_SECRET: env.secret(DEVELOPMENT_WEBHOOKS_SECRET),
    /** Seals endpoint secrets at rest (AES-256-GCM): "<kid>:<64 hex digits>"; WEBHOOK_SECRET_KEY_PREVIOUS keeps old ones opening. */
    WEBHOOK_SECRET_KEY: z.string().min(1).default(DEVELOPMENT_WEBHOOK_SECRET_KEY),
    WEBHOOK_SECRET_KEY_PREVIOUS: z.string().default(""),
    /** Development only: endpoints at http://127.0.0.1 or localhost (local receivers). */
    WEBHOOK_ALLOW_LOOPBACK: env.boolean(false),
    WEBHOOK_POLL_INTERVAL_MS: ms(1_000, 10, 60_000),
    WEBHOOK_TIMEOUT_MS: ms(10_000, 100, 30_000),
    WEBHOOK_CONCURRENCY_PER_ENDPOINT: z.coerce.number().int().min(1).max(64).default(4),
    WEBHOOK_RETRY_FIRST_MS: ms(DEFAULT_RETRY_SCHEDULE.firstDelayMs, 100, 3_600_000),
    WEBHOOK_RETRY_MAX_MS: ms(DEFAULT_RETRY_SCHEDULE.maxDelayMs, 100, 86_400_000),
    WEBHOOK_RETRY_FOR_MS: ms(DEFAULT_RETRY_SCHEDULE.giveUpAfterMs, 1_000, 7 * 86_400_000),
  })
  .superRefine((vars, ctx) => {
    checkCallerAuth(vars, ctx, "webhooks");
    refuseDevelopmentSecrets(vars, ctx, {
      TARMAC_WEBHOOKS_SECRET: DEVELOPMENT_WEBHOOKS_SECRET,
      WEBHOOK_SECRET_KEY: DEVELOPMENT_WEBHOOK_SECRET_KEY,
    });
    requireInProduction(vars, ctx, ["MONGODB_URI", "NATS_URL"]);
    if (vars.TARMAC_ENV === "production" && vars.WEBHOOK_ALLOW_LOOPBACK) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_ALLOW_LOOPBACK"],
        message: "must be false in production (receivers are on the internet)",
      });
    }
  })
  .transform((v) => ({
    callerAuth: callerAuthConfig(v, "webhooks"),
    ...commonConfig(v),
    host: v.WEBHOOKS_HOST,
    port: v.WEBHOOKS_PORT,
    metricsPort: v.METRICS_PORT,
    ...mongoConfig(v),
    events: eventsConfig(v),
    cursorSecret: v.TARMAC_WEBHOOKS_SECRET,
    secretKey: v.WEBHOOK_SECRET_KEY,
    previousSecretKeys: v.WEBHOOK_SECRET_KEY_PREVIOUS,
    usesDevelopmentSecret:
      v.TARMAC_WEBHOOKS_SECRET === DEVELOPMENT_WEBHOOKS_SECRET || v.WEBHOOK_SECRET_KEY === DEVELOPMENT_WEBHOOK_SECRET_KEY,
    allowLoopback: v.WEBHOOK_ALLOW_LOOPBACK || v.TARMAC_ENV === "development",
    dispatch: {
      schedule: {
        firstDelayMs: v.WEBHOOK_RETRY_FIRST_MS,
        maxDelayMs: v.WEBHOOK_RETRY_MAX_MS,
        giveUpAfterMs: v.WEBHOOK_RETRY_FOR_MS,
        jitter: 0.2,
      },
      pollIntervalMs: v.WEBHOOK_POLL_INTERVAL_MS,
      batchSize: 100,
      perEndpointConcurrency: v.WEBHOOK_CONCURRENCY_PER_ENDPOINT,
      timeoutMs: v.WEBHOOK_TIMEOUT_MS,
    },
  }));

export type WebhooksConfig = z.output<typeof webhooksConfigSchema>;
