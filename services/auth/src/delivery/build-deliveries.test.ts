import { parseConfig } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { authConfigSchema } from "../config.js";
import { buildCodeDeliveries } from "./build-deliveries.js";
import { DevelopmentCodeDelivery } from "./development-delivery.js";
import { SmsGatewayCodeDelivery } from "./sms-gateway-delivery.js";
import { SmtpCodeDelivery, type MailTransport } from "./smtp-delivery.js";

const deps = { environment: "development" as const, logger: silentLogger(), clock: new ManualClock() };

describe("buildCodeDeliveries", () => {
  it("uses the development adapter for both channels by default, sharing one outbox", async () => {
    const config = parseConfig(authConfigSchema, {});
    const built = await buildCodeDeliveries(config.otpDelivery, deps);
    expect(built.deliveries.EMAIL).toBeInstanceOf(DevelopmentCodeDelivery);
    expect(built.deliveries.SMS).toBe(built.deliveries.EMAIL);
    expect(built.devOutbox?.capacity).toBe(100);
  });

  it("uses SMTP and the SMS gateway when configured, without an outbox, and closes the transport", async () => {
    const config = parseConfig(authConfigSchema, {
      OTP_EMAIL_DELIVERY: "smtp",
      SMTP_HOST: "smtp.example.com",
      SMTP_FROM: "no-reply@example.com",
      OTP_SMS_DELIVERY: "http",
      SMS_GATEWAY_URL: "https://sms.example.com/send",
      SMS_GATEWAY_API_KEY: "k",
    });
    let closed = 0;
    const mailTransport: MailTransport = {
      sendMail: async () => undefined,
      close: () => {
        closed++;
      },
    };
    const built = await buildCodeDeliveries(config.otpDelivery, { ...deps, mailTransport });
    expect(built.deliveries.EMAIL).toBeInstanceOf(SmtpCodeDelivery);
    expect(built.deliveries.SMS).toBeInstanceOf(SmsGatewayCodeDelivery);
    expect(built.devOutbox).toBeUndefined();
    await built.close();
    expect(closed).toBe(1);
  });

  it("leaves a disabled channel without an adapter", async () => {
    const config = parseConfig(authConfigSchema, { OTP_SMS_DELIVERY: "disabled" });
    const built = await buildCodeDeliveries(config.otpDelivery, deps);
    expect(built.deliveries.SMS).toBeUndefined();
    expect(built.deliveries.EMAIL).toBeDefined();
  });

  it("refuses the development adapter in production even past the configuration's own check", async () => {
    const config = parseConfig(authConfigSchema, {});
    await expect(buildCodeDeliveries(config.otpDelivery, { ...deps, environment: "production" })).rejects.toThrow(/production refuses/);
  });
});
