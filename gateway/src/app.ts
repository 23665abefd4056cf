import { processMetrics, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { CredentialNoticeSource } from "@tarmac/events";
import { apiKeyVerifier } from "./auth/api-key-credential.js";
import { AuthFailureLimiter, type AuthFailureLimits } from "./auth/auth-failure-limiter.js";
import { evictOnNotices } from "./auth/credential-notices.js";
import { sessionVerifier } from "./auth/session-credential.js";
import type { ServiceClients } from "./clients.js";
import { healthRoutes } from "./health/routes.js";
import type { IdempotencyStore } from "./idempotency/idempotency-store.js";
import { MemoryIdempotencyStore } from "./idempotency/memory-idempotency-store.js";
import { docsPage } from "./docs/docs-page.js";
import { clientErrorHandler } from "./errors/client-error.js";
import { draining } from "./http/draining.js";
import { hostHeader } from "./http/host-header.js";
import { envelopeErrorHandler } from "./errors/error-envelope.js";
import { lazySchemaCompilers } from "./http/lazy-schema-compilers.js";
import { jsonBody } from "./http/json-body.js";
import { metricsEndpoint } from "./http/metrics.js";
import { oversizeBody } from "./http/oversize-body.js";
import { openApi } from "./openapi/plugin.js";
import { notFoundHandler } from "./errors/not-found.js";
import { RequestLog } from "./http/request-log.js";
import { requestId, requestIdOf } from "./http/request-id.js";
import { responseHeaders } from "./http/response-headers.js";
import { primaryApi } from "./primary/index.js";
import { defaultRateTable, type RateTable } from "./secondary/currency.js";
import { secondaryApi } from "./secondary/index.js";
import type { RateLimitSettings } from "./rate-limit/rate-limit.js";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "./rate-limit/limits.js";
import { MemoryRateLimitStore } from "./rate-limit/memory-rate-limit-store.js";
import type { RateLimitStore } from "./rate-limit/rate-limit-store.js";

export interface BuildOptions {
  clients: ServiceClients;
  logger: Logger;
  /** How long a verified API key or bearer token is reused without asking the auth service; default 5 s. */
  authCacheTtlMs?: number;
  /** Auth's revocations and suspensions: each evicts what it makes stale from the caches at once. */
  credentialNotices?: CredentialNoticeSource;
  /** Idempotency-Key records (the caller owns and closes it); default a new in-memory store. */
  idempotencyStore?: IdempotencyStore;
  /** Rate limit counters, shared by every surface; default a new in-memory store. */
  rateLimitStore?: RateLimitStore;
  /** Requests per second by route group; default DEFAULT_RATE_LIMITS (API guide, Limits). */
  rateLimits?: RateLimits;
  /** Failed authentications per client address and window; default DEFAULT_AUTH_FAILURE_LIMITS. */
  authFailureLimits?: AuthFailureLimits;
  /** Display currencies of the secondary surface (TARMAC_CURRENCY_RATES); default DEFAULT_RATES. */
  currencyRates?: RateTable;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For gives the client address; default none. */
  trustProxy?: false | string[];
  /** TARMAC_ENV; GET /api/dev/outbox exists only in "development". */
  environment?: "development" | "test" | "production";
  /** Where the request metrics go (the operations app serves them); default the process registry. */
  metrics?: MetricsRegistry;
  /**
   * "eager": every route's schemas compiled while the app starts (Fastify's default), so a schema
   * that cannot compile fails `ready()`; the app-wide test uses it. Default "lazy": on each
   * route's first request, which keeps them out of the start (issue 17).
   */
  schemaCompilation?: "lazy" | "eager";
}

const BODY_LIMIT_BYTES = 1_048_576;

/**
 * The gateway's public application (the API, /healthz, the OpenAPI document and docs), not
 * listening: tests drive it with inject(), startGateway listens. /metrics and /readyz are on the
 * operations app (operations/operations-app.ts).
 */
export function build(options: BuildOptions): FastifyInstance {
  // Fastify's logger type is a structural subset of pino's; typed as Fastify's so the app is a plain FastifyInstance.
  const loggerInstance: FastifyBaseLogger = options.logger;
  const app = Fastify({
    loggerInstance,
    logController: new RequestLog(),
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT_BYTES,
    // Node would answer a missing Host with a bare 400 of its own; hostHeader refuses it in the envelope.
    http: { requireHostHeader: false },
    trustProxy: options.trustProxy ?? false,
    // Fastify's own 503 while closing has its own body; the draining plugin answers instead.
    return503OnClosing: false,
    ajv: {
      // Unknown fields are rejected, never stripped; no coercion or defaults hide what was sent;
      // every problem is reported at once (bodies are bounded by bodyLimit).
      customOptions: { removeAdditional: false, allErrors: true, coerceTypes: false, useDefaults: false },
    },
    // Each route's schemas compiled on its first request, not all at start (Fastify's compilers).
    ...(options.schemaCompilation !== "eager" && { schemaController: { compilersFactory: lazySchemaCompilers } }),
    clientErrorHandler: clientErrorHandler(options.logger),
    frameworkErrors: (error, request, reply) => {
      envelopeErrorHandler(error, request, reply);
    },
  });

  app.register(requestId);
  app.register(hostHeader);
  app.register(responseHeaders);
  app.register(draining);
  app.register(metricsEndpoint, { metrics: options.metrics ?? processMetrics() });
  app.register(jsonBody);
  app.register(oversizeBody);
  app.setErrorHandler(envelopeErrorHandler);
  app.setNotFoundHandler(notFoundHandler(app));

  const idempotencyStore = options.idempotencyStore ?? memoryStoreOwnedBy(app);
  // One store and one set of limits; each surface registers the rateLimiter plugin with them.
  const rateLimitStore = options.rateLimitStore ?? new MemoryRateLimitStore();
  const rateLimit: RateLimitSettings = {
    store: rateLimitStore,
    limits: options.rateLimits ?? DEFAULT_RATE_LIMITS,
    authFailures: new AuthFailureLimiter(rateLimitStore, options.authFailureLimits),
  };
  const authCacheTtlMs = options.authCacheTtlMs ?? 5_000;
  const apiKeys = apiKeyVerifier(options.clients.auth, authCacheTtlMs);
  const sessions = sessionVerifier(options.clients.auth, authCacheTtlMs);
  if (options.credentialNotices) {
    const unsubscribe = evictOnNotices(options.credentialNotices, [apiKeys, sessions]);
    app.addHook("onClose", async () => unsubscribe());
  }
  // Before the routes: the OpenAPI document collects them as they are added (GET /api/v1/openapi.json, /docs).
  app.register(openApi, { development: options.environment === "development" });
  app.register(docsPage);
  app.register(healthRoutes);
  app.register(primaryApi, {
    prefix: "/api/v1",
    clients: options.clients,
    apiKeys,
    sessions,
    idempotencyStore,
    rateLimit,
  });
  app.register(secondaryApi, {
    prefix: "/api",
    clients: options.clients,
    sessions,
    idempotencyStore,
    rateLimit,
    currencyRates: options.currencyRates ?? defaultRateTable,
    devRoutes: options.environment === "development",
  });
  return app;
}

function memoryStoreOwnedBy(app: FastifyInstance): IdempotencyStore {
  const store = new MemoryIdempotencyStore();
  app.addHook("onClose", () => store.close());
  return store;
}
