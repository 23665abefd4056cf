import type { MetricsRegistry } from "@tarmac/kernel";
import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** The registry GET /metrics serves; plugins add their metrics to it (idempotency replays). */
    metrics: MetricsRegistry;
  }
  interface FastifySchema {
    /** @fastify/swagger leaves the route out of the OpenAPI document (declared here as it does). */
    hide?: boolean;
  }
}

export interface MetricsPluginOptions {
  readonly metrics: MetricsRegistry;
}

const HTTP_LABELS = ["route", "method", "status"] as const;

/** The route label of a request no route matched: the raw URL would make a series per probe. */
const UNMATCHED_ROUTE = "unmatched";

/**
 * For every request, http_requests_total{route,method,status} and http_request_duration_seconds
 * with the same labels, `route` being the route pattern (/api/v1/bookings/:bookingId), never the
 * raw URL. Register before the surfaces: its hook then sees every request, 404s included. The
 * registry is served by the operations app (GET /metrics on METRICS_PORT), not on the public port.
 */
const metricsPlugin: FastifyPluginCallback<MetricsPluginOptions> = (app, { metrics }, done) => {
  const requests = metrics.counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status",
    labelNames: HTTP_LABELS,
  });
  const duration = metrics.histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern, method and status",
    labelNames: HTTP_LABELS,
  });
  app.decorate("metrics", metrics);

  app.addHook("onResponse", (request, reply, next) => {
    const labels = { route: request.routeOptions.url ?? UNMATCHED_ROUTE, method: request.method, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    next();
  });

  done();
};

export const metricsEndpoint = fp(metricsPlugin, { name: "tarmac-metrics" });
