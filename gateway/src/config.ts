import {
  callerAuthConfig,
  callerAuthEnv,
  checkCallerAuth,
  commonEnv,
  env,
  eventsConfig,
  eventsEnv,
  mongoConfig,
  mongoEnv,
  requireInProduction,
} from "@tarmac/kernel";
import { z } from "zod";
import { DEFAULT_RATE_LIMITS } from "./rate-limit/limits.js";
import { rateTableFromEnv } from "./secondary/currency.js";

const perSecond = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/**
 * The gateway's environment. HOST defaults to loopback so a developer machine does not expose the
 * API to its network by accident; containers set HOST=0.0.0.0.
 */
export const gatewayConfigSchema = z
  .object({
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: env.port(8080),
    /** The operations port: GET /metrics, /readyz, /healthz (0 picks a free one). Not for the internet. */
    METRICS_PORT: env.port(9463),
    SEARCH_URL: env.url().default("http://127.0.0.1:50051"),
    FARE_URL: env.url().default("http://127.0.0.1:50052"),
    BOOKING_URL: env.url().default("http://127.0.0.1:50053"),
    WALLET_URL: env.url().default("http://127.0.0.1:50054"),
    AUTH_URL: env.url().default("http://127.0.0.1:50055"),
    WEBHOOKS_URL: env.url().default("http://127.0.0.1:50057"),
    /** How long a verified API key is trusted without asking the auth service again; 0 disables. */
    AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** Auth's credential notices (revocations, suspensions) over core NATS evict that cache at once; unset: the TTL alone. */
    ...eventsEnv,
    /** Idempotency-Key records and rate limit counters; unset keeps them in this process's memory. */
    ...mongoEnv,
    ...callerAuthEnv,
    /** Rate limits (API guide, Limits), per API key or token and per second; see the README. */
    RATE_LIMIT_SEARCH_PER_SECOND: perSecond(DEFAULT_RATE_LIMITS.search),
    RATE_LIMIT_DEFAULT_PER_SECOND: perSecond(DEFAULT_RATE_LIMITS.default),
    /** /api/auth/* routes without a caller, per client IP. */
    RATE_LIMIT_AUTH_PER_SECOND: perSecond(DEFAULT_RATE_LIMITS.auth),
    /** Failed authentications (wrong or expired credentials) per client address and window, against credential stuffing. */
    AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
    AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /** Secondary surface display currencies: JSON of code -> decimal string per INR; see the README. */
    TARMAC_CURRENCY_RATES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return rateTableFromEnv(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /**
     * Which proxies' X-Forwarded-For to believe, so per-IP limits count clients, not the ingress:
     * unset (none) or comma-separated addresses/CIDRs of the ingress. Never "everything": a client
     * would then choose its own address.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v): false | string[] => (v === undefined || v.trim() === "" ? false : v.split(",").map((x) => x.trim())))
      .refine((v) => v === false || v.every((x) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(x)), "comma-separated IP addresses or CIDRs"),
    /** development serves GET /api/dev/outbox (the auth service's development OTP outbox). */
    TARMAC_ENV: commonEnv.TARMAC_ENV,
    LOG_LEVEL: commonEnv.LOG_LEVEL,
    /** Checked here; the kernel's clients read it once per process (fast-path/switch.ts). */
    TARMAC_GRPC_FAST_PATH: commonEnv.TARMAC_GRPC_FAST_PATH,
  })
  // A restart on memory would forget which Idempotency-Keys were used: a retry would book twice.
  .superRefine((v, ctx) => {
    checkCallerAuth(v, ctx, "gateway");
    requireInProduction(v, ctx, ["MONGODB_URI"]);
  })
  .transform((v) => ({
    callerAuth: callerAuthConfig(v, "gateway"),
    host: v.HOST,
    port: v.PORT,
    metricsPort: v.METRICS_PORT,
    searchUrl: v.SEARCH_URL,
    fareUrl: v.FARE_URL,
    bookingUrl: v.BOOKING_URL,
    walletUrl: v.WALLET_URL,
    authUrl: v.AUTH_URL,
    webhooksUrl: v.WEBHOOKS_URL,
    authCacheTtlMs: v.AUTH_CACHE_TTL_MS,
    events: eventsConfig(v),
    ...mongoConfig(v),
    rateLimits: {
      search: v.RATE_LIMIT_SEARCH_PER_SECOND,
      default: v.RATE_LIMIT_DEFAULT_PER_SECOND,
      auth: v.RATE_LIMIT_AUTH_PER_SECOND,
    },
    authFailureLimits: { limit: v.AUTH_FAILURE_LIMIT, windowMs: v.AUTH_FAILURE_WINDOW_SECONDS * 1000 },
    currencyRates: v.TARMAC_CURRENCY_RATES,
    trustProxy: v.TRUST_PROXY,
    environment: v.TARMAC_ENV,
    logLevel: v.LOG_LEVEL,
  }));

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
