import { processMetrics, type DependencyProbe, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import type { ServiceClients } from "../clients.js";
import { envelopeErrorHandler } from "../errors/error-envelope.js";
import { healthRoutes, readinessRoutes } from "../health/routes.js";
import { requestId, requestIdOf } from "../http/request-id.js";

export interface OperationsOptions {
  readonly health: ServiceClients["health"];
  readonly logger: Logger;
  /** What GET /metrics serves; default the process registry (the one the public app counts into). */
  readonly metrics?: MetricsRegistry;
  /** The gateway's own dependencies (its MongoDB), which GET /readyz checks besides the services. */
  readonly dependencies?: readonly DependencyProbe[];
}

/**
 * The gateway's operations port (METRICS_PORT): GET /metrics (Prometheus text), GET /readyz and
 * GET /healthz. Kept off the public port: what the metrics and the readiness answer say about the
 * platform (services, dependencies, traffic) is for the cluster, not for agencies on the internet.
 */
export function buildOperations(options: OperationsOptions): FastifyInstance {
  const loggerInstance: FastifyBaseLogger = options.logger;
  // Probes and scrapes every few seconds would drown the request log.
  const app = Fastify({ loggerInstance, genReqId: requestIdOf, logController: new LogController({ disableRequestLogging: true }) });
  const metrics = options.metrics ?? processMetrics();
  app.register(requestId);
  app.setErrorHandler(envelopeErrorHandler);
  app.register(healthRoutes);
  app.register(readinessRoutes, { health: options.health, ...(options.dependencies && { dependencies: options.dependencies }) });
  app.get("/metrics", async (_request, reply) => reply.type(metrics.contentType).send(await metrics.scrape()));
  return app;
}
