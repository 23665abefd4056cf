import {
  commonConfig,
  commonEnv,
  env,
  eventsConfig,
  eventsEnv,
  mongoConfig,
  mongoEnv,
  refuseDevelopmentSecrets,
  requireInProduction,
  callerAuthConfig,
  callerAuthEnv,
  checkCallerAuth,
} from "@tarmac/kernel";
import { z } from "zod";
import { normalizeEmail, normalizePhone } from "./domain/agent-user.js";
import { isSandboxApiKey } from "./domain/api-key.js";

/** Development only: main.ts warns when it is in use and production refuses it. */
export const DEVELOPMENT_AUTH_SECRET = "tarmac-development-auth-secret-not-for-production";

export const DEFAULT_DEV_USER_EMAIL = "demo@tarmac.test";
export const DEFAULT_DEV_USER_PHONE = "+919800000001";

const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const emailDelivery = z.enum(["development", "smtp", "disabled"]).optional();
const smsDelivery = z.enum(["development", "http", "disabled"]).optional();

export const authConfigSchema = z
  .object({
    AUTH_HOST: z.string().min(1).default("127.0.0.1"),
    AUTH_PORT: env.port(50055),
    /** Prometheus scrapes GET /metrics here (HTTP/1.1; the gRPC port is h2c only); 0 picks a free port. */
    METRICS_PORT: env.port(9468),
    ...mongoEnv,
    /** Credential notices (revocations, suspensions) go to every gateway over core NATS; unset: to no other process. */
    ...eventsEnv,
    TARMAC_DEV_API_KEY: z
      .string()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .refine((v) => v === undefined || isSandboxApiKey(v), "must be a sandbox key: tk_test_<8 letters or digits>_<32 letters or digits>"),
    /** The demo user's e-mail and phone (development seed). */
    TARMAC_DEV_USER_EMAIL: z
      .string()
      .default(DEFAULT_DEV_USER_EMAIL)
      .transform((v, ctx) => normalizeEmail(v) ?? (ctx.addIssue({ code: "custom", message: "must be an e-mail address" }), z.NEVER)),
    TARMAC_DEV_USER_PHONE: z
      .string()
      .default(DEFAULT_DEV_USER_PHONE)
      .transform(
        (v, ctx) =>
          normalizePhone(v) ??
          (ctx.addIssue({ code: "custom", message: "must be a phone number in E.164 form, e.g. +919800000001" }), z.NEVER),
      ),
    /** HMAC key of one-time code hashes. */
    TARMAC_AUTH_SECRET: env.secret(DEVELOPMENT_AUTH_SECRET),
    /** How codes reach people, per channel. Unset: development in development, smtp / http in production, disabled in test. */
    OTP_EMAIL_DELIVERY: emailDelivery,
    OTP_SMS_DELIVERY: smsDelivery,
    OTP_DEV_OUTBOX_SIZE: z.coerce.number().int().min(1).max(10_000).default(100),
    SMTP_URL: optionalText().pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    SMTP_HOST: optionalText(),
    SMTP_PORT: env.port(587),
    /** Implicit TLS; defaults to true on port 465. */
    SMTP_SECURE: z.enum(["true", "false", "1", "0"]).optional(),
    SMTP_USER: optionalText(),
    SMTP_PASSWORD: z.string().optional(),
    SMTP_FROM: optionalText(),
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    SMS_GATEWAY_URL: env.optionalUrl(),
    SMS_GATEWAY_API_KEY: optionalText(),
    SMS_GATEWAY_API_KEY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "must be an HTTP header name")
      .default("X-API-Key"),
    SMS_GATEWAY_SENDER: optionalText(),
    SMS_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
    ...commonEnv,
    ...callerAuthEnv,
  })
  .superRefine((v, ctx) => {
    checkCallerAuth(v, ctx, "auth");
    const production = v.TARMAC_ENV === "production";
    const issue = (variable: string, message: string) => ctx.addIssue({ code: "custom", path: [variable], message });
    refuseDevelopmentSecrets(v, ctx, { TARMAC_AUTH_SECRET: DEVELOPMENT_AUTH_SECRET });
    requireInProduction(v, ctx, ["MONGODB_URI"]);
    const { email, sms } = deliveryOf(v);
    if (production && email === "development") issue("OTP_EMAIL_DELIVERY", "production refuses the development adapter: smtp or disabled");
    if (production && sms === "development") issue("OTP_SMS_DELIVERY", "production refuses the development adapter: http or disabled");
    if (email === "smtp") {
      if (!v.SMTP_URL && !v.SMTP_HOST) issue("SMTP_URL", "set SMTP_URL or SMTP_HOST for OTP_EMAIL_DELIVERY=smtp");
      if (!v.SMTP_FROM) issue("SMTP_FROM", "required for OTP_EMAIL_DELIVERY=smtp, e.g. Tarmac <no-reply@example.com>");
      if (v.SMTP_USER && !v.SMTP_PASSWORD) issue("SMTP_PASSWORD", "required with SMTP_USER");
    }
    if (sms === "http") {
      if (!v.SMS_GATEWAY_URL) issue("SMS_GATEWAY_URL", "required for OTP_SMS_DELIVERY=http");
      else if (production && !v.SMS_GATEWAY_URL.startsWith("https://")) issue("SMS_GATEWAY_URL", "must be https:// in production");
      if (!v.SMS_GATEWAY_API_KEY) issue("SMS_GATEWAY_API_KEY", "required for OTP_SMS_DELIVERY=http");
    }
  })
  .transform((v) => {
    const { email, sms } = deliveryOf(v);
    const secure = v.SMTP_SECURE === undefined ? v.SMTP_PORT === 465 : v.SMTP_SECURE === "true" || v.SMTP_SECURE === "1";
    return {
      callerAuth: callerAuthConfig(v, "auth"),
      host: v.AUTH_HOST,
      port: v.AUTH_PORT,
      metricsPort: v.METRICS_PORT,
      ...mongoConfig(v),
      ...commonConfig(v),
      events: eventsConfig(v),
      devApiKey: v.TARMAC_DEV_API_KEY,
      devUser: { email: v.TARMAC_DEV_USER_EMAIL, phone: v.TARMAC_DEV_USER_PHONE },
      authSecret: v.TARMAC_AUTH_SECRET,
      usesDevelopmentSecret: v.TARMAC_AUTH_SECRET === DEVELOPMENT_AUTH_SECRET,
      otpDelivery: {
        email,
        sms,
        devOutboxSize: v.OTP_DEV_OUTBOX_SIZE,
        ...(email === "smtp" && {
          smtp: {
            url: v.SMTP_URL,
            host: v.SMTP_HOST,
            port: v.SMTP_PORT,
            secure,
            requireTls: v.TARMAC_ENV === "production",
            user: v.SMTP_USER,
            password: v.SMTP_PASSWORD,
            from: v.SMTP_FROM ?? "",
            timeoutMs: v.SMTP_TIMEOUT_MS,
          },
        }),
        ...(sms === "http" && {
          smsGateway: {
            url: v.SMS_GATEWAY_URL ?? "",
            apiKey: v.SMS_GATEWAY_API_KEY ?? "",
            apiKeyHeader: v.SMS_GATEWAY_API_KEY_HEADER,
            sender: v.SMS_GATEWAY_SENDER,
            timeoutMs: v.SMS_GATEWAY_TIMEOUT_MS,
          },
        }),
      },
    };
  });

export type AuthConfig = z.output<typeof authConfigSchema>;
export type OtpDeliveryConfig = AuthConfig["otpDelivery"];

/**
 * Delivery per channel when not set: the development adapter (which logs codes) only in
 * development, so a test or UAT environment never writes real users' codes to its logs unless it
 * asks for it.
 */
function deliveryOf(v: { TARMAC_ENV: string; OTP_EMAIL_DELIVERY?: string | undefined; OTP_SMS_DELIVERY?: string | undefined }) {
  const fallback = (production: string) =>
    v.TARMAC_ENV === "production" ? production : v.TARMAC_ENV === "development" ? "development" : "disabled";
  return { email: v.OTP_EMAIL_DELIVERY ?? fallback("smtp"), sms: v.OTP_SMS_DELIVERY ?? fallback("http") };
}
