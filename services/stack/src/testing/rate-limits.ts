/**
 * Gateway rate limits (API guide, Limits: 20 searches and 10 other requests per second per API
 * key) raised out of the way, for tests and benches that drive the one demo key faster than an
 * agency may: they exercise booking and the request path, not the limiter (the gateway's own tests
 * do). The limiter still runs and counts; it just never refuses.
 */
export const relaxedRateLimits = {
  RATE_LIMIT_SEARCH_PER_SECOND: "1000000",
  RATE_LIMIT_DEFAULT_PER_SECOND: "1000000",
} as const;
