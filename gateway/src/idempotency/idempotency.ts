import { catalogue, type Clock, DomainError, isErrorCode, processMetrics, systemClock, within } from "@tarmac/kernel";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { requestFingerprint } from "./fingerprint.js";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf } from "./idempotency-key.js";
import type { IdempotencyScope, IdempotencyStore } from "./idempotency-store.js";
import { replay, storedResponseOf } from "./stored-response.js";
import { callerOf } from "../auth/caller-of.js";
import { errorCodeOf } from "../errors/error-envelope.js";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The request's Idempotency-Key, read and checked once by this plugin's onRequest hook on a
     * route that names an idempotency operation; null elsewhere, and on an optional route sent none.
     */
    idempotencyKey: string | null;
  }
  interface FastifyContextConfig {
    /**
     * Operation name (e.g. "booking.create"): the route requires an Idempotency-Key (decisions
     * section 7). `{ operation, optional: true }`: the key is honoured when sent and not required.
     */
    idempotency?: string | IdempotencyRouteConfig;
  }
}

interface IdempotencyRouteConfig {
  readonly operation: string;
  /** Without the header the request runs as a plain one (secondary surface, API guide, Secondary surface). */
  readonly optional?: boolean;
}

function routeConfigOf(config: string | IdempotencyRouteConfig | undefined): IdempotencyRouteConfig | undefined {
  return typeof config === "string" ? { operation: config } : config;
}

export interface IdempotencyOptions {
  readonly store: IdempotencyStore;
  /** Starts records' clocks (24 hours, lease); tests move it by hand. */
  readonly clock?: Clock;
  /**
   * How long a request waits for the store before it answers 503 UNAVAILABLE (begin) or sends its
   * answer unrecorded (complete, abandon): a hung database must not hold requests. Default 2 s.
   */
  readonly storeTimeoutMs?: number;
}

const OPERATION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

interface Claim {
  readonly scope: IdempotencyScope;
  readonly fingerprint: string;
  readonly lease: string;
}

/**
 * Idempotency-Key on every route that names an operation in `config.idempotency`. Register after
 * the API key (or bearer token) plugin: scopes are per agent. The key is checked in onRequest
 * (nothing is read without one; an optional route without one runs unrecorded); the record is begun in preHandler, after schema validation, so a request the
 * schema rejects is never recorded and a corrected retry may reuse its key. From there on every
 * answer below 500 is stored, a handler's catalogue errors included; a 5xx is abandoned.
 */
const idempotencyPlugin: FastifyPluginAsync<IdempotencyOptions> = async (app, { store, clock = systemClock, storeTimeoutMs = 2_000 }) => {
  const bounded = <T>(call: Promise<T>) =>
    within(call, storeTimeoutMs, () => new Error(`idempotency store did not answer within ${storeTimeoutMs} ms`));
  const claims = new WeakMap<FastifyRequest, Claim>();
  // The gateway's registry (the metrics plugin's decorator), else the process one (bare test apps).
  const replays = (app.hasDecorator("metrics") ? app.metrics : processMetrics()).counter({
    name: "idempotency_replays_total",
    help: "Requests answered with the stored response of an earlier request with the same Idempotency-Key, by operation",
    labelNames: ["operation"],
  });

  app.addHook("onRoute", (route) => {
    const operation = routeConfigOf(route.config?.idempotency)?.operation;
    if (operation !== undefined && !OPERATION.test(operation)) {
      throw new Error(`route ${String(route.method)} ${route.url} names an invalid idempotency operation "${operation}"`);
    }
  });

  app.decorateRequest("idempotencyKey", null);
  app.addHook("onRequest", async (request) => {
    const config = routeConfigOf(request.routeOptions.config.idempotency);
    if (config === undefined) return;
    const sent = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (config.optional && (sent === undefined || sent === "")) return;
    request.idempotencyKey = idempotencyKeyOf(request.headers);
  });

  app.addHook("preHandler", async (request, reply) => {
    const operation = routeConfigOf(request.routeOptions.config.idempotency)?.operation;
    const key = request.idempotencyKey;
    if (operation === undefined || key === null) return;
    const scope = { agentId: callerOf(request).agentId, operation, key };
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const outcome = await bounded(store.begin(scope, fingerprint, clock.now())).catch((cause: unknown) => {
      throw new DomainError("UNAVAILABLE", "Idempotency keys cannot be checked right now, please retry", { cause });
    });
    switch (outcome.state) {
      case "started":
        claims.set(request, { scope, fingerprint, lease: outcome.lease });
        return;
      case "done":
        replays.inc({ operation });
        return replay(reply, outcome.response);
      case "mismatch":
        throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request");
      case "in_progress":
        throw new DomainError(
          "IDEMPOTENCY_REQUEST_IN_PROGRESS",
          "A request with this Idempotency-Key is still being processed; retry shortly",
          { retryAfterSeconds: 1 },
        );
    }
  });

  // Awaited before the response leaves, so a client that retries after receiving it finds it stored.
  app.addHook("onSend", async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    // A retryable answer below 500 (still in progress, rate limited) is not the request's outcome:
    // storing it would answer it for 24 hours to a client told to retry.
    const code = errorCodeOf(reply);
    const final = reply.statusCode < 500 && !(code !== undefined && isErrorCode(code) && catalogue[code].retryable);
    const response = final ? storedResponseOf(reply, payload) : undefined;
    if (!response && final) request.log.error("idempotent response not stored: payload is not text");
    try {
      await bounded(response ? store.complete(claim.scope, claim.fingerprint, response) : store.abandon(claim.scope, claim.lease));
    } catch (err) {
      // The answer is still sent; the key stays in progress until its lease runs out.
      request.log.error({ err, operation: claim.scope.operation }, "idempotency record not settled");
    }
    return payload;
  });
};

// Needs an authentication plugin before it (API keys or bearer tokens): scopes are per agent.
/** The key the plugin checked on a route that requires one (config `idempotency`): a route without one is a wiring defect. */
export function requiredIdempotencyKey(request: FastifyRequest): string {
  if (request.idempotencyKey === null) throw new Error(`${request.method} ${request.url}: no Idempotency-Key was checked for this route`);
  return request.idempotencyKey;
}

export const idempotency = fp(idempotencyPlugin, {
  name: "tarmac-idempotency",
  decorators: { request: ["caller"] },
});
