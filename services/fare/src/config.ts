import { commonEnv, env } from "@tarmac/kernel";
import { z } from "zod";

export const fareConfigSchema = z
  .object({
    FARE_HOST: z.string().min(1).default("127.0.0.1"),
    FARE_PORT: env.port(50052),
    ...commonEnv,
  })
  .transform((v) => ({ host: v.FARE_HOST, port: v.FARE_PORT, environment: v.TARMAC_ENV, logLevel: v.LOG_LEVEL }));

export type FareConfig = z.output<typeof fareConfigSchema>;
