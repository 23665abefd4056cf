import type { OtpChannelName } from "../domain/agent-user.js";

/** One one-time code to one recipient. */
export interface OtpMessage {
  /** Names the message in logs and outboxes (and the SMS gateway's `reference`); not a secret. */
  readonly messageId: string;
  readonly channel: OtpChannelName;
  /** Normalized e-mail address or E.164 phone number. */
  readonly to: string;
  readonly code: string;
  readonly expiresInSeconds: number;
}

/**
 * The port that carries codes to people. Adapters: development (log and outbox), SMTP (e-mail),
 * SMS HTTP gateway (phones). `deliver` rejects when the provider refused or did not answer in
 * time; it never retries (the person asks for a new code after the resend interval).
 */
export interface CodeDelivery {
  /** For logs: "development", "smtp", "sms-gateway". */
  readonly name: string;
  deliver(message: OtpMessage): Promise<void>;
  /** Releases connections; pending deliveries are awaited by the caller first. */
  close?(): Promise<void>;
}

/** The adapter for each channel; a channel without one is disabled. */
export type CodeDeliveries = Partial<Record<OtpChannelName, CodeDelivery>>;

export interface OtpText {
  readonly subject: string;
  readonly body: string;
}

/** The words of a code message. SMS stays within one 160-character GSM-7 segment. */
export function otpText(message: Pick<OtpMessage, "channel" | "code" | "expiresInSeconds">): OtpText {
  const minutes = Math.round(message.expiresInSeconds / 60);
  if (message.channel === "SMS") {
    return { subject: "", body: `${message.code} is your Tarmac login code. It expires in ${minutes} minutes. Never share it.` };
  }
  return {
    // Not in the subject: subjects show on lock screens and in mail servers' logs.
    subject: "Your Tarmac login code",
    body: [
      `Your Tarmac login code is ${message.code}.`,
      "",
      `It expires in ${minutes} minutes and works once. Tarmac staff will never ask you for it.`,
      "If you did not try to sign in, you can ignore this e-mail.",
    ].join("\n"),
  };
}

const EMAIL_LIKE = /[^\s<>"'@]+@[^\s<>"'@]+/g;
const PHONE_LIKE = /\+?[0-9][0-9 ()-]{6,}[0-9]/g;

/**
 * A delivery failure as it may be logged: name, code and status, and the message with anything
 * that looks like an address or phone number removed (providers quote recipients in errors).
 * Credentials never appear: adapters put them in no error.
 */
export function describeDeliveryError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: "non-error thrown" };
  const fields = error as Error & { code?: unknown; responseCode?: unknown; status?: unknown };
  return {
    name: error.name,
    message: error.message.replace(EMAIL_LIKE, "[address]").replace(PHONE_LIKE, "[number]"),
    ...(typeof fields.code === "string" && { code: fields.code }),
    ...(typeof fields.responseCode === "number" && { responseCode: fields.responseCode }),
    ...(typeof fields.status === "number" && { status: fields.status }),
  };
}
