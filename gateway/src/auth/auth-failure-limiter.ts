import { normalizeIP } from "@fastify/rate-limit";
import { DomainError, systemClock, type Clock } from "@tarmac/kernel";
import type { RateLimitStore } from "../rate-limit/rate-limit-store.js";

export interface AuthFailureLimits {
  /** Failed authentications allowed per client address and window (AUTH_FAILURE_LIMIT). */
  readonly limit: number;
  /** AUTH_FAILURE_WINDOW_SECONDS, in milliseconds. */
  readonly windowMs: number;
}

const DEFAULT_AUTH_FAILURE_LIMITS: AuthFailureLimits = { limit: 20, windowMs: 60_000 };

/** Addresses remembered as blocked at most (least recently blocked dropped first). */
const MAX_BLOCKED = 10_000;

/**
 * Limits failed authentications (unknown, revoked, malformed or expired credentials) per client
 * address, against credential stuffing: past the limit, every request from the address answers
 * 429 RATE_LIMITED with Retry-After until the window ends, before its credential is looked at, so
 * a guess that happens to be right cannot be told from a wrong one. Failures count in the shared
 * rate limit store (all replicas add to one count with MongoDB); the block itself is remembered
 * here, so a blocked address costs neither a store nor an auth call. Another replica learns of the
 * block at that address's next failure there.
 */
export class AuthFailureLimiter {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: AuthFailureLimits = DEFAULT_AUTH_FAILURE_LIMITS,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Throws RATE_LIMITED while the address is blocked. */
  check(ip: string): void {
    const address = normalizeIP(ip);
    const until = this.blockedUntil.get(address);
    if (until === undefined) return;
    const waitMs = until - this.clock.now().getTime();
    if (waitMs <= 0) {
      this.blockedUntil.delete(address);
      return;
    }
    throw refusal(this.limits, waitMs);
  }

  /** Counts a failed authentication; the one that goes past the limit is already answered 429. */
  async recordFailure(ip: string): Promise<void> {
    const address = normalizeIP(ip);
    const hit = await this.store.increment(`authfail:${address}`, this.limits.windowMs);
    if (hit.current <= this.limits.limit) return;
    this.blockedUntil.delete(address);
    this.blockedUntil.set(address, this.clock.now().getTime() + hit.resetInMs);
    if (this.blockedUntil.size > MAX_BLOCKED) {
      const oldest = this.blockedUntil.keys().next();
      if (!oldest.done) this.blockedUntil.delete(oldest.value);
    }
    throw refusal(this.limits, hit.resetInMs);
  }
}

function refusal(limits: AuthFailureLimits, waitMs: number): DomainError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new DomainError(
    "RATE_LIMITED",
    `Too many failed authentications from this address (${limits.limit} per ${limits.windowMs / 1000} s); retry in ${retryAfterSeconds} s`,
    { retryAfterSeconds },
  );
}
