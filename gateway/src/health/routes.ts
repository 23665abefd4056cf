import { DomainError, type DependencyProbe } from "@tarmac/kernel";
import type { FastifyPluginAsync } from "fastify";
import type { PeerName, ServiceClients } from "../clients.js";
import { checkReadiness, failingOwnDependencies, type PeerStatus } from "./readiness.js";

export interface HealthRoutesOptions {
  readonly health: ServiceClients["health"];
  /** Deadline of each peer's health check. */
  readonly timeoutMs?: number;
  /** The gateway's own dependencies (its MongoDB), checked on every /readyz. */
  readonly dependencies?: readonly DependencyProbe[];
}

const status = (value: string) => ({ type: "string", const: value }) as const;
const peerStatuses = {
  type: "object",
  properties: Object.fromEntries(["search", "fare", "booking", "wallet", "auth", "webhooks"].map((p) => [p, { type: "string" }])),
} as const;

/**
 * GET /healthz (public port): the process is alive (no peer calls). GET /readyz (operations
 * port, beside /metrics): all five services answer
 * SERVING; otherwise 503 UNAVAILABLE naming the services that are not, with the dependencies a
 * NOT_SERVING service reports failing ("booking (NOT_SERVING: nats)"), since the envelope has no
 * room for the per-service map (it is logged in full). Nothing is cached: each call asks again, so
 * it turns 200 as soon as the services report SERVING. The gateway's own dependencies (MongoDB
 * for idempotency keys and rate limits) are checked too: "gateway (mongodb)".
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", { schema: { response: { 200: { type: "object", properties: { status: status("ok") } } } } }, () =>
    Promise.resolve({ status: "ok" }),
  );
};

/** GET /readyz, on the operations port (see healthRoutes for what it answers). */
export const readinessRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { health, timeoutMs = 1_000, dependencies = [] }) => {
  const readySchema = { type: "object", properties: { status: status("ready"), services: peerStatuses } } as const;
  app.get("/readyz", { schema: { response: { 200: readySchema } } }, async (request) => {
    const [readiness, gateway] = await Promise.all([
      checkReadiness(health, request.id, timeoutMs),
      failingOwnDependencies(dependencies, timeoutMs),
    ]);
    if (!readiness.ready || gateway.length > 0) {
      request.log.warn({ services: readiness.services, dependencies: readiness.dependencies, gateway }, "not ready");
      const failing = (Object.entries(readiness.services) as [PeerName, PeerStatus][]).filter(([, s]) => s !== "SERVING");
      const named = failing
        .map(([peer, s]) => `${peer} (${s}${readiness.dependencies[peer] ? `: ${readiness.dependencies[peer].join(", ")}` : ""})`)
        .concat(gateway.length > 0 ? [`gateway (${gateway.join(", ")})`] : [])
        .join(", ");
      throw new DomainError("UNAVAILABLE", `Not ready: ${named}`);
    }
    return { status: "ready", services: readiness.services };
  });
};
