import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { DomainError } from "@tarmac/kernel";
import type { OtpChannelName } from "./agent-user.js";

/** API guide, Authentication: six digits, five minutes, five wrong tries. */
export const OTP_DIGITS = 6;
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;

const OTP_PATTERN = /^[0-9]{6}$/;

/**
 * One pending code for one identifier. A new send replaces it; a right code deletes it.
 *
 * Identifiers that belong to no user get a challenge too (`userId` unset, a code nobody was
 * sent): verification then counts tries, locks and expires exactly as for a real user, so no
 * answer tells the two apart. Such a challenge never verifies.
 */
export interface OtpChallenge {
  /** The normalized e-mail address or E.164 phone number; one challenge per identifier. */
  readonly identifier: string;
  /** Unique per send: consuming names it, so a code replaced meanwhile is never consumed. */
  readonly challengeId: string;
  readonly channel: OtpChannelName;
  /** HMAC-SHA256(secret, salt . code), hex. */
  readonly codeHash: string;
  /** 16 random bytes, hex, per code. */
  readonly salt: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  /** Tries counted so far, right or wrong. */
  readonly attempts: number;
  readonly userId?: string;
}

/** A code from a cryptographically secure source, uniform over 000000..999999. */
export function generateOtpCode(): string {
  return randomInt(0, 10 ** OTP_DIGITS)
    .toString()
    .padStart(OTP_DIGITS, "0");
}

export function isOtpCodeFormat(code: string): boolean {
  return OTP_PATTERN.test(code);
}

/**
 * Hashes codes with HMAC-SHA256 under the service's secret (TARMAC_AUTH_SECRET) and a per-code
 * salt. A million possible codes make any unkeyed hash reversible in a moment; keyed, a copy of
 * the database alone reveals nothing, and the salt keeps equal codes from having equal hashes.
 */
export class OtpHasher {
  constructor(private readonly secret: string) {
    if (secret.length < 32) throw new Error("the OTP hashing secret must be at least 32 characters");
  }

  newSalt(): string {
    return randomBytes(16).toString("hex");
  }

  hash(code: string, salt: string): string {
    return createHmac("sha256", this.secret).update(`${salt}.${code}`, "utf8").digest("hex");
  }

  /** Constant-time: the time taken does not depend on how much of the code was right. */
  matches(code: string, salt: string, codeHash: string): boolean {
    const presented = Buffer.from(this.hash(code, salt), "hex");
    const stored = Buffer.from(codeHash, "hex");
    return presented.length === stored.length && timingSafeEqual(presented, stored);
  }
}

export function otpInvalid(): DomainError {
  return new DomainError("AUTH_OTP_INVALID", "the code is not valid for this identifier");
}

export function otpExpired(): DomainError {
  return new DomainError("AUTH_OTP_EXPIRED", "the code has expired; request a new one");
}

export function otpAttemptsExceeded(retryAfterSeconds: number): DomainError {
  return new DomainError("AUTH_OTP_ATTEMPTS_EXCEEDED", "too many wrong codes; request a new one", { retryAfterSeconds });
}
