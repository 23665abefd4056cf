/** What one request's hit on a bucket left behind. */
export interface RateLimitHit {
  /** Requests counted in the bucket's current window, this one included. */
  readonly current: number;
  /** Milliseconds until the window ends and the count starts again (1..windowMs). */
  readonly resetInMs: number;
}

/**
 * Request counters for the rate limiter: fixed windows of `windowMs` per bucket key. The limiter
 * (@fastify/rate-limit, through `rateLimitStoreClass`) compares `current` with the bucket's limit;
 * the store only counts. Concurrent increments of one key must all be counted.
 *
 * `increment` should not reject: a store that cannot count decides itself how to degrade (see the
 * MongoDB adapter). If it rejects anyway, the plugin lets the request through and logs the error.
 */
export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<RateLimitHit>;
}
