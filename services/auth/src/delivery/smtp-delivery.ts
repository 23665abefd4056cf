import { otpText, type CodeDelivery, type OtpMessage } from "./code-delivery.js";

/** The part of a nodemailer transport this adapter uses; tests pass a fake. */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close?(): void;
}

export interface SmtpSettings {
  /** `smtp://` or `smtps://` URL, credentials included; wins over host and port. */
  readonly url?: string | undefined;
  readonly host?: string | undefined;
  readonly port: number;
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  readonly secure: boolean;
  /** Refuse to send over a connection that did not upgrade to TLS (set in production). */
  readonly requireTls: boolean;
  readonly user?: string | undefined;
  readonly password?: string | undefined;
  /** The From header, e.g. `Tarmac <no-reply@tarmac.example>`. */
  readonly from: string;
  /** Connection, greeting and socket timeouts. */
  readonly timeoutMs: number;
}

/**
 * A nodemailer SMTP transport, pooled (a burst of logins reuses connections). Nodemailer's own
 * logging stays off: it would print the conversation, credentials included. Nodemailer loads here,
 * not with the module: a start without SMTP (the embedded stack) would pay about 40 ms for it (issue 17).
 */
export async function createSmtpTransport(settings: SmtpSettings): Promise<MailTransport> {
  const { default: nodemailer } = await import("nodemailer");
  const timeouts = {
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  };
  const common = { pool: true as const, maxConnections: 3, logger: false, debug: false, ...timeouts };
  if (settings.url) {
    return nodemailer.createTransport({ ...common, url: settings.url, ...(settings.requireTls && { requireTLS: true }) });
  }
  return nodemailer.createTransport({
    ...common,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls && !settings.secure,
    ...(settings.user !== undefined && { auth: { user: settings.user, pass: settings.password ?? "" } }),
  });
}

/** E-mail delivery over SMTP. */
export class SmtpCodeDelivery implements CodeDelivery {
  readonly name = "smtp";

  constructor(private readonly deps: { readonly transport: MailTransport; readonly from: string }) {}

  async deliver(message: OtpMessage): Promise<void> {
    if (message.channel !== "EMAIL") throw new Error(`the SMTP adapter sends e-mail only, not ${message.channel}`);
    const text = otpText(message);
    await this.deps.transport.sendMail({ from: this.deps.from, to: message.to, subject: text.subject, text: text.body });
  }

  async close(): Promise<void> {
    this.deps.transport.close?.();
  }
}
