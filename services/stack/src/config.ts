import { commonEnv } from "@tarmac/kernel";
import { z } from "zod";

/**
 * The launcher's own variables. The gateway and every service read theirs (PORT, MONGODB_URI,
 * TARMAC_DEV_API_KEY, ...) from the same environment.
 */
export const stackConfigSchema = z
  .object({
    /** `fixed`: each service on its documented port; `ephemeral`: free ports (tests, parallel runs). */
    TARMAC_SERVICE_PORTS: z.enum(["fixed", "ephemeral"]).default("fixed"),
    ...commonEnv,
  })
  .transform((v) => ({
    servicePorts: v.TARMAC_SERVICE_PORTS,
    environment: v.TARMAC_ENV,
    logLevel: v.LOG_LEVEL,
  }));

export type StackConfig = z.output<typeof stackConfigSchema>;
