import { describe, expect, it } from "vitest";
import { createMetricsRegistry, processMetrics, startMetricsServer } from "./metrics.js";

const valuesOf = async (registry: ReturnType<typeof createMetricsRegistry>, name: string) => {
  const metric = (await registry.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return metric?.values.map((v) => ({ labels: v.labels, value: v.value }));
};

describe("metrics registry", () => {
  it("returns the metric already defined under a name instead of failing on a second registration", async () => {
    const metrics = createMetricsRegistry();
    const spec = { name: "things_total", help: "things", labelNames: ["kind"] } as const;
    const first = metrics.counter(spec);
    const second = metrics.counter({ ...spec, labelNames: ["kind"] });
    expect(second).toBe(first);
    first.inc({ kind: "a" });
    second.inc({ kind: "a" });
    expect(await valuesOf(metrics, "things_total")).toEqual([{ labels: { kind: "a" }, value: 2 }]);
    expect(metrics.histogram({ name: "took_seconds", help: "took" })).toBe(metrics.histogram({ name: "took_seconds", help: "took" }));
    expect(metrics.gauge({ name: "level", help: "level" })).toBe(metrics.gauge({ name: "level", help: "level" }));
  });

  it("refuses a second definition of a name with another kind, other labels or other buckets", () => {
    const metrics = createMetricsRegistry();
    metrics.counter({ name: "calls_total", help: "calls", labelNames: ["code"] });
    expect(() => metrics.gauge({ name: "calls_total", help: "calls", labelNames: ["code"] })).toThrow(/already defined/);
    expect(() => metrics.counter({ name: "calls_total", help: "calls", labelNames: ["status"] })).toThrow(/already defined/);
    metrics.histogram({ name: "wait_seconds", help: "wait", buckets: [1, 2] });
    expect(() => metrics.histogram({ name: "wait_seconds", help: "wait", buckets: [1, 3] })).toThrow(/already defined/);
  });

  it("keeps registries apart: the same name in two registries is two metrics", async () => {
    const one = createMetricsRegistry();
    const other = createMetricsRegistry();
    one.counter({ name: "hits_total", help: "hits" }).inc(3);
    other.counter({ name: "hits_total", help: "hits" }).inc();
    expect(await valuesOf(one, "hits_total")).toEqual([{ labels: {}, value: 3 }]);
    expect(await valuesOf(other, "hits_total")).toEqual([{ labels: {}, value: 1 }]);
  });

  it("has one process registry, with Node's default metrics, which a helper cannot redefine", async () => {
    expect(processMetrics()).toBe(processMetrics());
    const text = await processMetrics().scrape();
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(() => processMetrics().counter({ name: "process_cpu_user_seconds_total", help: "x" })).toThrow(/outside these helpers/);
    expect(createMetricsRegistry().registry.getSingleMetric("process_cpu_user_seconds_total")).toBeUndefined();
  });

  it("reads a sampled gauge from its sources at scrape time, combining equal labels, until a source is removed", async () => {
    const metrics = createMetricsRegistry();
    let a = 2;
    const spec = { name: "backlog", help: "backlog", labelNames: ["service"] } as const;
    const removeA = metrics.sampledGauge(spec, () => [{ labels: { service: "booking" }, value: a }]);
    const removeB = metrics.sampledGauge(spec, async () => [
      { labels: { service: "booking" }, value: 5 },
      { labels: { service: "wallet" }, value: 1 },
    ]);
    metrics.sampledGauge(spec, () => {
      throw new Error("unreadable");
    });
    expect(await valuesOf(metrics, "backlog")).toEqual([
      { labels: { service: "booking" }, value: 7 },
      { labels: { service: "wallet" }, value: 1 },
    ]);
    a = 10;
    removeB();
    expect(await valuesOf(metrics, "backlog")).toEqual([{ labels: { service: "booking" }, value: 10 }]);
    removeA();
    expect(await valuesOf(metrics, "backlog")).toEqual([]);

    const age = { name: "age_seconds", help: "age", labelNames: ["service"], aggregate: "max" } as const;
    metrics.sampledGauge(age, () => [{ labels: { service: "booking" }, value: 3 }]);
    metrics.sampledGauge(age, () => [{ labels: { service: "booking" }, value: 8 }]);
    expect(await valuesOf(metrics, "age_seconds")).toEqual([{ labels: { service: "booking" }, value: 8 }]);
    expect(() => metrics.sampledGauge({ ...age, aggregate: "sum" }, () => [])).toThrow(/already defined/);
    expect(() => metrics.gauge({ name: "backlog", help: "backlog", labelNames: ["service"] })).toThrow(/already defined/);
  });
});

describe("metrics server", () => {
  it("serves GET /metrics in the Prometheus text format over HTTP/1.1, and nothing else", async () => {
    const metrics = createMetricsRegistry();
    metrics.counter({ name: "served_total", help: "served" }).inc(4);
    const server = await startMetricsServer({ metrics, port: 0 });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/metrics`);
      const res = await fetch(server.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain("# TYPE served_total counter\nserved_total 4\n");
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(server.url, { method: "POST" })).status).toBe(405);
    } finally {
      await server.stop();
    }
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it("fails to start on a port already in use", async () => {
    const first = await startMetricsServer({ metrics: createMetricsRegistry(), port: 0 });
    try {
      await expect(startMetricsServer({ metrics: createMetricsRegistry(), port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.stop();
    }
  });
});
