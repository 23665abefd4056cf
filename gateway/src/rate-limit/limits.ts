/**
 * Route groups of the rate limiter. A route names its group in `config.rateLimitGroup` (default
 * "default"); each group has its own limit and its own bucket per caller.
 * - search: flight search (API guide, Limits: 20 requests/s per key or token)
 * - default: every other operation (10/s)
 * - auth: the secondary surface's /api/auth/* routes, counted per client IP when there is no caller
 *   (a coarse flood guard; the OTP limits of API guide, Authentication are the auth service's)
 */
export const RATE_LIMIT_GROUPS = ["search", "default", "auth"] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];

/** Requests allowed per window, by group. */
export type RateLimits = Readonly<Record<RateLimitGroup, number>>;

/** API guide, Limits. */
export const DEFAULT_RATE_LIMITS: RateLimits = { search: 20, default: 10, auth: 5 };

/** Every limit is per this window: 1 s, so the limits read "per second". */
export const RATE_LIMIT_WINDOW_MS = 1_000;
