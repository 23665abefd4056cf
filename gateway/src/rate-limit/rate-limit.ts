import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, normalizeIP } from "@fastify/rate-limit";
import { DomainError } from "@tarmac/kernel";
import type { AuthFailureLimiter } from "../auth/auth-failure-limiter.js";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { RATE_LIMIT_GROUPS, RATE_LIMIT_WINDOW_MS, type RateLimitGroup, type RateLimits } from "./limits.js";
import type { RateLimitStore } from "./rate-limit-store.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's rate limit group (API guide, Limits); "default" when absent. */
    rateLimitGroup?: RateLimitGroup;
  }
}

/** What build() hands every surface: one store and one set of limits for the whole gateway. */
export interface RateLimitSettings {
  readonly store: RateLimitStore;
  readonly limits: RateLimits;
  /** Length of a window; RATE_LIMIT_WINDOW_MS (1 s) unless a test says otherwise. */
  readonly windowMs?: number;
  /** Failed authentications per client address, counted in the same store; each surface's credential plugin uses it. */
  readonly authFailures?: AuthFailureLimiter;
}

export interface RateLimiterOptions extends RateLimitSettings {
  /**
   * Whose bucket a request counts against; undefined means the client IP. Default `callerIdentity`:
   * the API key or the bearer token's session, from `request.caller`.
   */
  readonly identify?: (request: FastifyRequest) => string | undefined;
}

/**
 * The verified caller's credential: its API key id, or for a bearer token its session id (decisions
 * section 11: limits are per API key or token, so two keys of one agent have separate buckets).
 */
function callerIdentity(request: FastifyRequest): string | undefined {
  const caller = request.caller;
  if (!caller) return undefined;
  return caller.userId === undefined ? `key:${caller.keyId}` : `session:${caller.keyId}`;
}

function rateLimitGroupOf(request: FastifyRequest): RateLimitGroup {
  return request.routeOptions.config.rateLimitGroup ?? "default";
}

/**
 * Rate limits on every route of the plugin it is registered in (register it before the routes),
 * with @fastify/rate-limit doing the limiting. One bucket per caller and group: the caller is
 * `identify(request)` (the API key or token session), else the client IP; the group is the
 * route's `config.rateLimitGroup`, each with its own limit per window.
 *
 * The check runs as a route-level onRequest hook, and Fastify runs route-level hooks after the
 * instance's: so after authentication (an instance onRequest hook), which sets the caller, and
 * before the body is read, so a limited client costs no parsing. A request that fails
 * authentication is answered 401/403 without touching a bucket.
 *
 * Every response of a limited route carries RateLimit-Limit, RateLimit-Remaining and
 * RateLimit-Reset (seconds); over the limit the answer is 429 RATE_LIMITED (retryable) with
 * Retry-After, thrown as a DomainError so each surface's error handler writes its own format.
 */
const rateLimiterPlugin: FastifyPluginAsync<RateLimiterOptions> = async (app, options) => {
  const { store, limits } = options;
  const windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
  const identify = options.identify ?? callerIdentity;
  for (const group of RATE_LIMIT_GROUPS) {
    if (!Number.isInteger(limits[group]) || limits[group] < 1) throw new Error(`rate limit of group ${group} must be a positive integer`);
  }
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new Error("rate limit window must be a positive number of milliseconds");

  app.addHook("onRoute", (route) => {
    const group: string | undefined = route.config?.rateLimitGroup;
    if (group !== undefined && !(RATE_LIMIT_GROUPS as readonly string[]).includes(group)) {
      throw new Error(`route ${String(route.method)} ${route.url} names unknown rate limit group "${group}"`);
    }
  });

  const per = windowMs === 1_000 ? "second" : `${windowMs} ms`;
  await app.register(fastifyRateLimit, {
    global: true,
    hook: "onRequest",
    timeWindow: windowMs,
    max: (request) => limits[rateLimitGroupOf(request)],
    keyGenerator: (request) => `${identify(request) ?? `ip:${normalizeIP(request.ip)}`}|${rateLimitGroupOf(request)}`,
    store: storeClassOf(store, app.log),
    // Reached only if the store rejects (the adapters degrade on their own): let the request through.
    skipOnError: true,
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) =>
      new DomainError("RATE_LIMITED", `Rate limit of ${context.max} requests per ${per} exceeded; retry in ${context.after}`, {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
};

/** @fastify/rate-limit constructs its store from a class; this one counts in the gateway's store. */
function storeClassOf(store: RateLimitStore, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      store.increment(key, timeWindow).then(
        (hit) => callback(null, { current: hit.current, ttl: hit.resetInMs }),
        (error: unknown) => {
          log.error({ err: error }, "rate limit store failed; request let through");
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    // Routes never override the limiter's options (groups live in the key), so one store serves all.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

export const rateLimiter = fp(rateLimiterPlugin, { name: "tarmac-rate-limit" });
