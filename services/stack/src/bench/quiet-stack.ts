import { createLogger } from "@tarmac/kernel";
import { startStack } from "../stack.js";

/**
 * The one-process stack as the bench's tools run it: development settings, warnings only, every
 * port a free one. `env` adds to nothing else (the caller passes process.env if it wants it).
 */
export const startQuietStack = (env: NodeJS.ProcessEnv) =>
  startStack({
    env: { ...env, LOG_LEVEL: "warn", TARMAC_ENV: "development" },
    port: 0,
    servicePorts: "ephemeral",
    logger: createLogger({ name: "bench", level: "warn" }),
  });
