import { DomainError } from "@tarmac/kernel";

/** API guide, Authentication: at most one send per 30 s and five per hour, per identifier. */
export const OTP_RESEND_INTERVAL_SECONDS = 30;
export const OTP_SENDS_PER_HOUR = 5;
export const OTP_SEND_WINDOW_SECONDS = 60 * 60;

export interface OtpSendDecision {
  readonly accepted: boolean;
  /** The sends inside the window after this decision, oldest first (with this one if accepted). */
  readonly sends: readonly Date[];
  /** When refused: how long until a send would be accepted. 0 when accepted. */
  readonly retryAfterMs: number;
}

/**
 * The send limit as a sliding window: a send is accepted when the last one is at least 30 s old
 * and fewer than five fall in the hour before `now`. `previous` may hold sends of any age.
 * The MongoDB adapter runs the same rule as one atomic update pipeline.
 */
export function decideOtpSend(previous: readonly Date[], now: Date): OtpSendDecision {
  const t = now.getTime();
  const windowStart = t - OTP_SEND_WINDOW_SECONDS * 1000;
  const sends = previous.filter((s) => s.getTime() > windowStart).sort((a, b) => a.getTime() - b.getTime());
  const last = sends.at(-1);
  const tooSoon = last !== undefined && last.getTime() > t - OTP_RESEND_INTERVAL_SECONDS * 1000;
  const tooMany = sends.length >= OTP_SENDS_PER_HOUR;
  if (!tooSoon && !tooMany) return { accepted: true, sends: [...sends, now], retryAfterMs: 0 };
  return { accepted: false, sends, retryAfterMs: retryAfterMs(sends, t) };
}

/** How long until the window accepts a send again, from the sends inside it. */
export function retryAfterMs(sends: readonly Date[], t: number): number {
  const last = sends.at(-1);
  const resend = last ? last.getTime() + OTP_RESEND_INTERVAL_SECONDS * 1000 - t : 0;
  // The oldest send that must leave the window for one more to fit.
  const blocking = sends.length >= OTP_SENDS_PER_HOUR ? sends[sends.length - OTP_SENDS_PER_HOUR] : undefined;
  const hourly = blocking ? blocking.getTime() + OTP_SEND_WINDOW_SECONDS * 1000 - t : 0;
  return Math.max(0, resend, hourly);
}

/** Whole seconds for Retry-After, at least 1: "retry after 0 s" invites a hot loop. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * 429 RATE_LIMITED (API guide, Errors and Limits: the OTP send limit is one of the rate limits, category
 * SYSTEM, retryable after Retry-After). AUTH_OTP_ATTEMPTS_EXCEEDED is kept for wrong codes.
 */
export function otpSendRateLimited(ms: number): DomainError {
  const seconds = retryAfterSeconds(ms);
  return new DomainError("RATE_LIMITED", `too many codes requested; retry in ${seconds} s`, { retryAfterSeconds: seconds });
}
