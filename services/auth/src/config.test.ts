import { ConfigError, parseConfig } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { authConfigSchema, DEVELOPMENT_AUTH_SECRET } from "./config.js";
import { productionCallerEnv } from "@tarmac/kernel/testing";

const production = {
  TARMAC_ENV: "production",
  MONGODB_URI: "mongodb://mongo.example.test:27017/?replicaSet=rs0",
  TARMAC_AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
  SMTP_HOST: "smtp.example.com",
  SMTP_FROM: "Tarmac <no-reply@example.com>",
  SMS_GATEWAY_URL: "https://sms.example.com/send",
  SMS_GATEWAY_API_KEY: "sms-key",
  ...productionCallerEnv("auth"),
};

const problems = (env: Record<string, string>) => {
  try {
    parseConfig(authConfigSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("auth config", () => {
  it("defaults to port 50055, the tarmac database, development and the development adapter for both channels", () => {
    expect(parseConfig(authConfigSchema, {})).toEqual({
      callerAuth: expect.objectContaining({ usesDevelopmentCredential: true }),
      host: "127.0.0.1",
      port: 50055,
      metricsPort: 9468,
      drainDelayMs: 0,
      mongoUri: undefined,
      mongoDb: "tarmac",
      environment: "development",
      events: {
        natsUrl: undefined,
        streamName: "TARMAC",
        subjectPrefix: "tarmac",
        // One server, a week, 8 GiB, two minutes of dedup: the defaults outside a NATS cluster.
        streamLimits: { replicas: 1, maxAgeMs: 7 * 86_400_000, maxBytes: 8 * 1024 ** 3, duplicateWindowMs: 120_000 },
      },
      devApiKey: undefined,
      devUser: { email: "demo@tarmac.test", phone: "+919800000001" },
      authSecret: DEVELOPMENT_AUTH_SECRET,
      usesDevelopmentSecret: true,
      otpDelivery: { email: "development", sms: "development", devOutboxSize: 100 },
      logLevel: "info",
      readinessIntervalMs: 1000,
    });
  });

  it("stops on a TARMAC_DEV_API_KEY that is not a sandbox key, naming the variable", () => {
    for (const bad of ["secret", `tk_live_Ab3dE6g8_${"a".repeat(32)}`, `tk_test_Ab3dE6g8_${"a".repeat(31)}`]) {
      const parse = () => parseConfig(authConfigSchema, { TARMAC_DEV_API_KEY: bad });
      expect(parse).toThrow(ConfigError);
      expect(parse).toThrow(/TARMAC_DEV_API_KEY: must be a sandbox key/);
    }
  });

  it("accepts a well-formed sandbox key", () => {
    const key = `tk_test_Ab3dE6g8_${"a".repeat(32)}`;
    expect(parseConfig(authConfigSchema, { TARMAC_DEV_API_KEY: key }).devApiKey).toBe(key);
  });

  it("normalizes the demo user's contact and refuses a malformed one", () => {
    const config = parseConfig(authConfigSchema, { TARMAC_DEV_USER_EMAIL: " Demo@X.Test", TARMAC_DEV_USER_PHONE: "+91 98765-43210" });
    expect(config.devUser).toEqual({ email: "demo@x.test", phone: "+919876543210" });
    expect(problems({ TARMAC_DEV_USER_EMAIL: "nope", TARMAC_DEV_USER_PHONE: "98765" })).toMatch(
      /TARMAC_DEV_USER_EMAIL: must be an e-mail address[\s\S]*TARMAC_DEV_USER_PHONE: must be a phone number in E\.164/,
    );
  });

  it("in production defaults to SMTP and the SMS gateway, with TLS required for SMTP", () => {
    const config = parseConfig(authConfigSchema, production);
    expect(config.otpDelivery).toEqual({
      email: "smtp",
      sms: "http",
      devOutboxSize: 100,
      smtp: {
        url: undefined,
        host: "smtp.example.com",
        port: 587,
        secure: false,
        requireTls: true,
        user: undefined,
        password: undefined,
        from: "Tarmac <no-reply@example.com>",
        timeoutMs: 10_000,
      },
      smsGateway: {
        url: "https://sms.example.com/send",
        apiKey: "sms-key",
        apiKeyHeader: "X-API-Key",
        sender: undefined,
        timeoutMs: 5_000,
      },
    });
    expect(config.usesDevelopmentSecret).toBe(false);
  });

  it("in production refuses the development adapter, the development secret and a plain-http SMS gateway", () => {
    const message = problems({
      ...production,
      TARMAC_AUTH_SECRET: DEVELOPMENT_AUTH_SECRET,
      OTP_EMAIL_DELIVERY: "development",
      OTP_SMS_DELIVERY: "http",
      SMS_GATEWAY_URL: "http://sms.example.com/send",
    });
    expect(message).toMatch(/TARMAC_AUTH_SECRET: must be set to a secret of your own in production \(value hidden\)/);
    expect(message).toMatch(/OTP_EMAIL_DELIVERY: production refuses the development adapter/);
    expect(message).toMatch(/SMS_GATEWAY_URL: must be https:\/\/ in production \(value hidden\)/);
    expect(problems({ ...production, OTP_SMS_DELIVERY: "development" })).toMatch(/OTP_SMS_DELIVERY: production refuses/);
  });

  it("lets production turn a channel off", () => {
    const config = parseConfig(authConfigSchema, {
      ...production,
      OTP_SMS_DELIVERY: "disabled",
      SMS_GATEWAY_URL: "",
      SMS_GATEWAY_API_KEY: "",
    });
    expect(config.otpDelivery.sms).toBe("disabled");
    expect(config.otpDelivery).not.toHaveProperty("smsGateway");
  });

  it("names what SMTP and the SMS gateway are missing, never echoing secrets", () => {
    const message = problems({
      OTP_EMAIL_DELIVERY: "smtp",
      SMTP_USER: "mailer",
      OTP_SMS_DELIVERY: "http",
      SMTP_PASSWORD: "",
      SMS_GATEWAY_API_KEY_HEADER: "bad header",
    });
    for (const expected of [
      /SMTP_URL: set SMTP_URL or SMTP_HOST/,
      /SMTP_FROM: required/,
      /SMTP_PASSWORD: required with SMTP_USER/,
      /SMS_GATEWAY_URL: required/,
      /SMS_GATEWAY_API_KEY: required/,
      /SMS_GATEWAY_API_KEY_HEADER: must be an HTTP header name \(value hidden\)/,
    ]) {
      expect(message).toMatch(expected);
    }
    const secret = problems({ SMTP_URL: "http://user:hunter2@smtp.example.com" });
    expect(secret).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL \(value hidden\)/);
    expect(secret).not.toContain("hunter2");
  });

  it("reads an SMTP URL and implicit TLS on port 465", () => {
    const url = parseConfig(authConfigSchema, {
      OTP_EMAIL_DELIVERY: "smtp",
      SMTP_URL: "smtps://u:p@mail.example.com",
      SMTP_FROM: "a@b.co",
    });
    expect(url.otpDelivery.smtp).toMatchObject({ url: "smtps://u:p@mail.example.com", requireTls: false });
    const tls = parseConfig(authConfigSchema, { OTP_EMAIL_DELIVERY: "smtp", SMTP_HOST: "h", SMTP_PORT: "465", SMTP_FROM: "a@b.co" });
    expect(tls.otpDelivery.smtp).toMatchObject({ port: 465, secure: true });
    const plain = parseConfig(authConfigSchema, {
      OTP_EMAIL_DELIVERY: "smtp",
      SMTP_HOST: "h",
      SMTP_PORT: "465",
      SMTP_SECURE: "false",
      SMTP_FROM: "a@b.co",
    });
    expect(plain.otpDelivery.smtp?.secure).toBe(false);
  });

  it("bounds the outbox size and the timeouts", () => {
    expect(problems({ OTP_DEV_OUTBOX_SIZE: "0" })).toMatch(/OTP_DEV_OUTBOX_SIZE/);
    expect(problems({ SMS_GATEWAY_TIMEOUT_MS: "60000" })).toMatch(/SMS_GATEWAY_TIMEOUT_MS/);
    expect(problems({ SMTP_TIMEOUT_MS: "10" })).toMatch(/SMTP_TIMEOUT_MS/);
  });
});
