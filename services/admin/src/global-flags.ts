import { z } from "zod";
import type { FlagSpec } from "./command.js";
import type { ServiceUrls } from "./clients.js";
import { UsageError } from "./usage-error.js";

export const DEFAULT_AUTH_URL = "http://127.0.0.1:50055";
export const DEFAULT_WALLET_URL = "http://127.0.0.1:50054";
export const DEFAULT_WEBHOOKS_URL = "http://127.0.0.1:50057";
export const DEFAULT_BOOKING_URL = "http://127.0.0.1:50053";

/** Flags every command takes, anywhere on the line. */
export const GLOBAL_FLAGS = {
  json: { type: "boolean", description: "Print one JSON object (snake_case, amounts in paise) instead of text" },
  "auth-url": { type: "string", value: "<url>", description: `Auth service gRPC URL (env AUTH_URL, default ${DEFAULT_AUTH_URL})` },
  "wallet-url": {
    type: "string",
    value: "<url>",
    description: `Wallet service gRPC URL (env WALLET_URL, default ${DEFAULT_WALLET_URL})`,
  },
  "webhooks-url": {
    type: "string",
    value: "<url>",
    description: `Webhooks service gRPC URL (env WEBHOOKS_URL, default ${DEFAULT_WEBHOOKS_URL})`,
  },
  "booking-url": {
    type: "string",
    value: "<url>",
    description: `Booking service gRPC URL (env BOOKING_URL, default ${DEFAULT_BOOKING_URL})`,
  },
  help: { type: "boolean", short: "h", description: "Show help for the command line, a group or a command" },
} as const satisfies Record<string, FlagSpec>;

/** Global flags that take a value, so a scan for command words can step over it. */
export const GLOBAL_VALUE_FLAGS = new Set(["--auth-url", "--wallet-url", "--webhooks-url", "--booking-url"]);

const serviceUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

/** The flag wins over the environment, the environment over the default. */
export function resolveUrls(
  flags: { "auth-url"?: string; "wallet-url"?: string; "webhooks-url"?: string; "booking-url"?: string },
  env: NodeJS.ProcessEnv,
): ServiceUrls {
  return {
    auth: pick("--auth-url", flags["auth-url"], "AUTH_URL", env.AUTH_URL, DEFAULT_AUTH_URL),
    wallet: pick("--wallet-url", flags["wallet-url"], "WALLET_URL", env.WALLET_URL, DEFAULT_WALLET_URL),
    webhooks: pick("--webhooks-url", flags["webhooks-url"], "WEBHOOKS_URL", env.WEBHOOKS_URL, DEFAULT_WEBHOOKS_URL),
    booking: pick("--booking-url", flags["booking-url"], "BOOKING_URL", env.BOOKING_URL, DEFAULT_BOOKING_URL),
  };
}

function pick(flag: string, fromFlag: string | undefined, variable: string, fromEnv: string | undefined, fallback: string): string {
  const [source, value] =
    fromFlag !== undefined ? [flag, fromFlag] : fromEnv !== undefined && fromEnv !== "" ? [`env ${variable}`, fromEnv] : ["", fallback];
  const parsed = serviceUrl.safeParse(value);
  if (!parsed.success) throw new UsageError(`${source}: "${value}" ${parsed.error.issues[0]?.message ?? "is not a URL"}`);
  // Connect joins paths onto the base URL: a trailing slash would double up.
  return parsed.data.replace(/\/+$/, "");
}
