import { DomainError } from "@tarmac/kernel";
import type { FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../clients.js";
import { checkReadiness } from "./readiness.js";

export interface HealthRoutesOptions {
  readonly health: ServiceClients["health"];
  /** Deadline of each peer's health check. */
  readonly timeoutMs?: number;
}

const status = (value: string) => ({ type: "string", const: value }) as const;
const peerStatuses = {
  type: "object",
  properties: Object.fromEntries(["search", "fare", "booking", "wallet", "auth"].map((p) => [p, { type: "string" }])),
} as const;

/**
 * GET /healthz: the process is alive (no peer calls). GET /readyz: all five services answer
 * SERVING; otherwise 503 UNAVAILABLE naming the services that are not, since the envelope has no
 * room for the per-service map (it is logged in full).
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { health, timeoutMs = 1_000 }) => {
  app.get("/healthz", { schema: { response: { 200: { type: "object", properties: { status: status("ok") } } } } }, () =>
    Promise.resolve({ status: "ok" }),
  );

  const readySchema = { type: "object", properties: { status: status("ready"), services: peerStatuses } } as const;
  app.get("/readyz", { schema: { response: { 200: readySchema } } }, async (request) => {
    const readiness = await checkReadiness(health, request.id, timeoutMs);
    if (!readiness.ready) {
      request.log.warn({ services: readiness.services }, "not ready");
      const failing = Object.entries(readiness.services).filter(([, s]) => s !== "SERVING");
      const named = failing.map(([peer, s]) => `${peer} (${s})`).join(", ");
      throw new DomainError("UNAVAILABLE", `Not ready: ${named}`);
    }
    return { status: "ready", services: readiness.services };
  });
};
