import { commonEnv, env } from "@tarmac/kernel";
import { z } from "zod";

/** Development only: main.ts warns when it is in use and production refuses it. */
export const DEVELOPMENT_FARE_SECRET = "tarmac-development-fare-secret-not-for-production";

export const fareConfigSchema = z
  .object({
    ...commonEnv,
    FARE_HOST: z.string().min(1).default("127.0.0.1"),
    FARE_PORT: env.port(50052),
    /** Prometheus scrapes GET /metrics here (HTTP/1.1; the gRPC port is h2c only); 0 picks a free port. */
    METRICS_PORT: env.port(9465),
    SEARCH_URL: env.url().default("http://127.0.0.1:50051"),
    MONGODB_URI: env.mongoUri(),
    MONGODB_DB: z.string().min(1).default("tarmac"),
    TARMAC_FARE_SECRET: env.secret(DEVELOPMENT_FARE_SECRET),
    // Peers wait 5 s for each other (kernel client default): the provider's deadline must end
    // first, so a slow airline answers PROVIDER_TIMEOUT rather than a peer's UNAVAILABLE.
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(4_000).default(4_000),
  })
  .superRefine((vars, ctx) => {
    if (vars.TARMAC_ENV === "production" && vars.TARMAC_FARE_SECRET === DEVELOPMENT_FARE_SECRET) {
      ctx.addIssue({ code: "custom", path: ["TARMAC_FARE_SECRET"], message: "must be set to a secret of your own in production" });
    }
  })
  .transform((v) => ({
    environment: v.TARMAC_ENV,
    logLevel: v.LOG_LEVEL,
    readinessIntervalMs: v.READINESS_INTERVAL_MS,
    host: v.FARE_HOST,
    port: v.FARE_PORT,
    metricsPort: v.METRICS_PORT,
    searchUrl: v.SEARCH_URL,
    mongoUri: v.MONGODB_URI,
    mongoDb: v.MONGODB_DB,
    fareSecret: v.TARMAC_FARE_SECRET,
    usesDevelopmentSecret: v.TARMAC_FARE_SECRET === DEVELOPMENT_FARE_SECRET,
    providerTimeoutMs: v.PROVIDER_TIMEOUT_MS,
  }));

export type FareConfig = z.output<typeof fareConfigSchema>;
