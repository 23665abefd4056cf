import { commonConfig, commonEnv, env, mongoConfig, mongoEnv, refuseDevelopmentSecrets, requireInProduction } from "@tarmac/kernel";
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
    ...mongoEnv,
    TARMAC_FARE_SECRET: env.secret(DEVELOPMENT_FARE_SECRET),
    // Peers wait 5 s for each other (kernel client default): the provider's deadline must end
    // first, so a slow airline answers PROVIDER_TIMEOUT rather than a peer's UNAVAILABLE.
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(4_000).default(4_000),
  })
  .superRefine((vars, ctx) => {
    refuseDevelopmentSecrets(vars, ctx, { TARMAC_FARE_SECRET: DEVELOPMENT_FARE_SECRET });
    requireInProduction(vars, ctx, ["MONGODB_URI"]);
  })
  .transform((v) => ({
    ...commonConfig(v),
    host: v.FARE_HOST,
    port: v.FARE_PORT,
    metricsPort: v.METRICS_PORT,
    searchUrl: v.SEARCH_URL,
    ...mongoConfig(v),
    fareSecret: v.TARMAC_FARE_SECRET,
    usesDevelopmentSecret: v.TARMAC_FARE_SECRET === DEVELOPMENT_FARE_SECRET,
    providerTimeoutMs: v.PROVIDER_TIMEOUT_MS,
  }));

export type FareConfig = z.output<typeof fareConfigSchema>;
