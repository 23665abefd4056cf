import { developmentCredential, parseCredential, type CallerCredential } from "@tarmac/kernel";
import { UsageError } from "./usage-error.js";

/**
 * The credential the command line signs its calls with: SERVICE_CREDENTIAL (an ops credential the
 * services trust, e.g. from the chart's secret), else the development "admin" credential, which
 * only development services accept.
 */
export function adminCredential(env: NodeJS.ProcessEnv): CallerCredential {
  const text = env.SERVICE_CREDENTIAL?.trim();
  if (!text) return developmentCredential("admin");
  try {
    return parseCredential(text);
  } catch (error) {
    throw new UsageError(`env SERVICE_CREDENTIAL: ${error instanceof Error ? error.message : String(error)}`);
  }
}
