import { commonEnv, env } from "@tarmac/kernel";
import { z } from "zod";

export const bookingConfigSchema = z
  .object({
    BOOKING_HOST: z.string().min(1).default("127.0.0.1"),
    BOOKING_PORT: env.port(50053),
    ...commonEnv,
  })
  .transform((v) => ({ host: v.BOOKING_HOST, port: v.BOOKING_PORT, environment: v.TARMAC_ENV, logLevel: v.LOG_LEVEL }));

export type BookingConfig = z.output<typeof bookingConfigSchema>;
