import { commonEnv, env } from "@tarmac/kernel";
import { z } from "zod";

/**
 * The gateway's environment. HOST defaults to loopback so a developer machine does not expose the
 * API to its network by accident; containers set HOST=0.0.0.0.
 */
export const gatewayConfigSchema = z
  .object({
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: env.port(8080),
    SEARCH_URL: env.url().default("http://127.0.0.1:50051"),
    FARE_URL: env.url().default("http://127.0.0.1:50052"),
    BOOKING_URL: env.url().default("http://127.0.0.1:50053"),
    WALLET_URL: env.url().default("http://127.0.0.1:50054"),
    AUTH_URL: env.url().default("http://127.0.0.1:50055"),
    /** How long a verified API key is trusted without asking the auth service again; 0 disables. */
    AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** Idempotency-Key records; unset keeps them in this process's memory. */
    MONGODB_URI: env.mongoUri(),
    MONGODB_DB: z.string().min(1).default("tarmac"),
    LOG_LEVEL: commonEnv.LOG_LEVEL,
  })
  .transform((v) => ({
    host: v.HOST,
    port: v.PORT,
    searchUrl: v.SEARCH_URL,
    fareUrl: v.FARE_URL,
    bookingUrl: v.BOOKING_URL,
    walletUrl: v.WALLET_URL,
    authUrl: v.AUTH_URL,
    authCacheTtlMs: v.AUTH_CACHE_TTL_MS,
    mongoUri: v.MONGODB_URI,
    mongoDb: v.MONGODB_DB,
    logLevel: v.LOG_LEVEL,
  }));

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
