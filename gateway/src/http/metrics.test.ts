import { createLogger, createMetricsRegistry, processMetrics, type MetricsRegistry } from "@tarmac/kernel";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { buildOperations } from "../operations/operations-app.js";
import { fakeServiceClients } from "../testing/fake-services.js";
import { idempotencyTestApp, opRequest } from "../testing/idempotency-app.js";
import { searchRequest } from "../testing/test-app.js";

let app: FastifyInstance | undefined;
let ops: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  await ops?.close();
  app = undefined;
  ops = undefined;
});

/** GET /metrics on the operations app that serves `metrics`. */
async function scrape(metrics: MetricsRegistry) {
  ops = buildOperations({
    health: fakeServiceClients().clients.health,
    logger: createLogger({ name: "gateway", level: "silent" }),
    metrics,
  });
  return ops.inject({ method: "GET", url: "/metrics" });
}

async function gatewayWith(metrics: MetricsRegistry): Promise<FastifyInstance> {
  const logger = createLogger({ name: "gateway", level: "silent" });
  app = build({ clients: fakeServiceClients().clients, logger, metrics });
  await app.ready();
  return app;
}

async function sample(metrics: MetricsRegistry, name: string, labels: Record<string, string>): Promise<number> {
  const all = await metrics.registry.getMetricsAsJSON();
  return all
    .flatMap((m) => m.values.map((v) => ({ name: (v as { metricName?: string }).metricName ?? m.name, labels: v.labels, value: v.value })))
    .filter((v) => v.name === name && Object.entries(labels).every(([k, value]) => v.labels[k] === value))
    .reduce((sum, v) => sum + v.value, 0);
}

describe("GET /metrics (operations port) and the request metrics", () => {
  it("serves the registry in the Prometheus text format, without credentials", async () => {
    const metrics = createMetricsRegistry();
    metrics.counter({ name: "probe_total", help: "probe" }).inc(7);
    await gatewayWith(metrics);
    const res = await scrape(metrics);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain("probe_total 7\n");
    expect(res.body).toContain("# TYPE http_requests_total counter");
  });

  it("counts and times requests by route pattern, method and status; an unknown path is `unmatched`", async () => {
    const metrics = createMetricsRegistry();
    const gateway = await gatewayWith(metrics);
    expect((await gateway.inject(searchRequest())).statusCode).toBe(200);
    expect((await gateway.inject(searchRequest(undefined, { "x-api-key": "" }))).statusCode).toBe(401);
    expect((await gateway.inject({ method: "GET", url: "/api/v1/flight/nope/12345" })).statusCode).toBe(404);

    const search = { route: "/api/v1/flight/search", method: "POST" };
    expect(await sample(metrics, "http_requests_total", { ...search, status: "200" })).toBe(1);
    expect(await sample(metrics, "http_requests_total", { ...search, status: "401" })).toBe(1);
    expect(await sample(metrics, "http_request_duration_seconds_count", { ...search, status: "200" })).toBe(1);
    expect(await sample(metrics, "http_requests_total", { route: "unmatched", method: "GET", status: "404" })).toBe(1);
    const text = (await scrape(metrics)).body;
    expect(text).not.toContain("/flight/nope");
  });

  it("counts idempotent replays by operation", async () => {
    const replays = () => sample(processMetrics(), "idempotency_replays_total", { operation: "test.op" });
    const before = await replays();
    const harness = await idempotencyTestApp();
    app = harness.app;
    await harness.app.inject(opRequest("replay-me"));
    expect(await replays()).toBe(before);
    const again = await harness.app.inject(opRequest("replay-me"));
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await replays()).toBe(before + 1);
  });
});
