import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger } from "pino";

/** Keys whose values never reach a log line: credentials, OTP codes and passenger contact data. */
const SENSITIVE_KEYS = new Set(
  [
    "x-api-key",
    "apikey",
    "api_key",
    "authorization",
    "cookie",
    "set-cookie",
    "token",
    "verification_token",
    "access_token",
    "secret",
    "password",
    "otp",
    "otp_code",
    "code_hash",
    "email",
    "phone",
    "contact",
    "contact_info",
    "contactinfo",
    "dob",
  ].map((k) => k.toLowerCase()),
);

export const REDACTED = "[redacted]";

/** Deep copy with sensitive keys replaced; bounded so a cyclic or huge object cannot stall logging. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SENSITIVE_KEYS.has(key.toLowerCase()) ? REDACTED : redact(inner, depth + 1);
  }
  return out;
}

export interface LoggerConfig {
  readonly name: string;
  readonly level?: string;
}

export function createLogger(config: LoggerConfig, destination?: pino.DestinationStream): Logger {
  const options: LoggerOptions = {
    name: config.name,
    level: config.level ?? "info",
    formatters: { log: (object) => redact(object) as Record<string, unknown> },
    serializers: { err: pino.stdSerializers.errWithCause },
  };
  return destination ? pino(options, destination) : pino(options);
}
