import { commonEnv, env } from "@tarmac/kernel";
import { z } from "zod";

export const walletConfigSchema = z
  .object({
    WALLET_HOST: z.string().min(1).default("127.0.0.1"),
    WALLET_PORT: env.port(50054),
    ...commonEnv,
  })
  .transform((v) => ({ host: v.WALLET_HOST, port: v.WALLET_PORT, environment: v.TARMAC_ENV, logLevel: v.LOG_LEVEL }));

export type WalletConfig = z.output<typeof walletConfigSchema>;
