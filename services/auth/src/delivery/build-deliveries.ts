import type { Clock, Logger } from "@tarmac/kernel";
import type { OtpDeliveryConfig } from "../config.js";
import type { CodeDeliveries } from "./code-delivery.js";
import { DevelopmentCodeDelivery, DevOutbox } from "./development-delivery.js";
import { SmsGatewayCodeDelivery } from "./sms-gateway-delivery.js";
import { createSmtpTransport, SmtpCodeDelivery, type MailTransport } from "./smtp-delivery.js";

export interface BuiltDeliveries {
  readonly deliveries: CodeDeliveries;
  /** Present when a channel uses the development adapter (never in production). */
  readonly devOutbox?: DevOutbox;
  /** Closes the adapters' connections. */
  close(): Promise<void>;
}

export interface DeliveryDeps {
  readonly environment: "development" | "test" | "production";
  readonly logger: Logger;
  readonly clock: Clock;
  /** Tests: the SMTP transport to use instead of nodemailer's. */
  readonly mailTransport?: MailTransport;
  /** Tests: the fetch the SMS adapter uses. */
  readonly fetch?: typeof globalThis.fetch;
}

/** The delivery adapter of each channel, as configured. Production never gets the development adapter. */
export async function buildCodeDeliveries(config: OtpDeliveryConfig, deps: DeliveryDeps): Promise<BuiltDeliveries> {
  const wantsDevelopment = config.email === "development" || config.sms === "development";
  if (wantsDevelopment && deps.environment === "production") {
    throw new Error("production refuses the development OTP delivery adapter (OTP_EMAIL_DELIVERY / OTP_SMS_DELIVERY)");
  }
  const devOutbox = wantsDevelopment ? new DevOutbox(config.devOutboxSize) : undefined;
  const development = devOutbox && new DevelopmentCodeDelivery({ outbox: devOutbox, logger: deps.logger, clock: deps.clock });
  const deliveries: CodeDeliveries = {};

  if (config.email === "development" && development) deliveries.EMAIL = development;
  if (config.email === "smtp") {
    if (!config.smtp) throw new Error("OTP_EMAIL_DELIVERY=smtp without SMTP settings");
    deliveries.EMAIL = new SmtpCodeDelivery({
      transport: deps.mailTransport ?? (await createSmtpTransport(config.smtp)),
      from: config.smtp.from,
    });
  }
  if (config.sms === "development" && development) deliveries.SMS = development;
  if (config.sms === "http") {
    if (!config.smsGateway) throw new Error("OTP_SMS_DELIVERY=http without SMS gateway settings");
    deliveries.SMS = new SmsGatewayCodeDelivery(config.smsGateway, deps.fetch);
  }

  deps.logger.info({ emailDelivery: config.email, smsDelivery: config.sms }, "one-time codes: delivery adapters");
  return {
    deliveries,
    ...(devOutbox && { devOutbox }),
    async close() {
      const adapters = new Set(Object.values(deliveries));
      for (const adapter of adapters) await adapter.close?.();
    },
  };
}
