import {
  callerAuthConfig,
  callerAuthEnv,
  checkCallerAuth,
  commonConfig,
  commonEnv,
  env,
  mongoConfig,
  mongoEnv,
  requireInProduction,
} from "@tarmac/kernel";
import { z } from "zod";
import { DEFAULT_TICKETING_DELAY_MS } from "./sandbox/ticketing.js";

/** The sandbox airline's own process (tarmac.airline.v1). */
export const airlineConfigSchema = z
  .object({
    ...commonEnv,
    ...callerAuthEnv,
    AIRLINE_HOST: z.string().min(1).default("127.0.0.1"),
    AIRLINE_PORT: env.port(50056),
    /** Prometheus scrapes GET /metrics here (HTTP/1.1; the gRPC port is h2c only); 0 picks a free port. */
    METRICS_PORT: env.port(9469),
    /** Its reservations: MongoDB when set (a restart forgets nothing), else memory. */
    ...mongoEnv,
    /** How long after a reservation its tickets are issued. */
    SANDBOX_TICKETING_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(DEFAULT_TICKETING_DELAY_MS),
  })
  .superRefine((v, ctx) => {
    checkCallerAuth(v, ctx, "airline");
    requireInProduction(v, ctx, ["MONGODB_URI"]);
  })
  .transform((v) => ({
    callerAuth: callerAuthConfig(v, "airline"),
    ...commonConfig(v),
    host: v.AIRLINE_HOST,
    port: v.AIRLINE_PORT,
    metricsPort: v.METRICS_PORT,
    ...mongoConfig(v),
    ticketingDelayMs: v.SANDBOX_TICKETING_DELAY_MS,
  }));

export type AirlineConfig = z.output<typeof airlineConfigSchema>;
