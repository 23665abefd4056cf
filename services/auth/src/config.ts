import { commonEnv, env } from "@tarmac/kernel";
import { z } from "zod";
import { isSandboxApiKey } from "./domain/api-key.js";

export const authConfigSchema = z
  .object({
    AUTH_HOST: z.string().min(1).default("127.0.0.1"),
    AUTH_PORT: env.port(50055),
    MONGODB_URI: env.mongoUri(),
    MONGODB_DB: z.string().min(1).default("tarmac"),
    TARMAC_DEV_API_KEY: z
      .string()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .refine(
        (v) => v === undefined || isSandboxApiKey(v),
        "must be a sandbox key: tk_test_<8 letters or digits>_<32 letters or digits>",
      ),
    ...commonEnv,
  })
  .transform((v) => ({
    host: v.AUTH_HOST,
    port: v.AUTH_PORT,
    mongoUri: v.MONGODB_URI,
    mongoDb: v.MONGODB_DB,
    environment: v.TARMAC_ENV,
    devApiKey: v.TARMAC_DEV_API_KEY,
    logLevel: v.LOG_LEVEL,
  }));

export type AuthConfig = z.output<typeof authConfigSchema>;
