/** A person who signs in for an agent with a one-time code sent to their e-mail or phone. */
export interface AgentUser {
  /** `usr_` + ULID. */
  readonly userId: string;
  readonly agentId: string;
  /** Lower case; unique across all users. */
  readonly email?: string;
  /** E.164 (`+` and 8 to 15 digits); unique across all users. */
  readonly phone?: string;
  readonly createdAt: Date;
}

export const USER_ID_PREFIX = "usr";

/** Where a one-time code goes. */
export type OtpChannelName = "EMAIL" | "SMS";

/** An e-mail address or phone number in its one stored spelling. */
export interface Identifier {
  readonly channel: OtpChannelName;
  readonly value: string;
}

export const EMAIL_MAX_LENGTH = 254;

// Deliberately plain: one @, no spaces or control characters, a dot in the domain. Deliverability
// is proven by the code arriving, not by a regular expression.
const EMAIL_PATTERN = /^[^\s@\p{Cc}]{1,64}@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const E164_PATTERN = /^\+[1-9][0-9]{7,14}$/;
// Separators people type in phone numbers; removed before the E.164 check.
const PHONE_SEPARATORS = /[\s\-().]/g;

/** The stored spelling of an e-mail address (trimmed, lower case), or undefined if it is not one. */
export function normalizeEmail(raw: string): string | undefined {
  const value = raw.trim().toLowerCase();
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value) ? value : undefined;
}

/** The E.164 spelling of a phone number (`+919800000001`), or undefined if it is not one. */
export function normalizePhone(raw: string): string | undefined {
  const value = raw.trim().replace(PHONE_SEPARATORS, "");
  return E164_PATTERN.test(value) ? value : undefined;
}

/**
 * Reads a login identifier. With a channel, the identifier must be of that kind; without one
 * (OTP_CHANNEL_UNSPECIFIED) the kind follows the identifier: an `@` means e-mail.
 */
export function parseIdentifier(raw: string, channel?: OtpChannelName): Identifier | undefined {
  const kind = channel ?? (raw.includes("@") ? "EMAIL" : "SMS");
  const value = kind === "EMAIL" ? normalizeEmail(raw) : normalizePhone(raw);
  return value === undefined ? undefined : { channel: kind, value };
}
