import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { defined } from "./defined.js";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Logger } from "./logger.js";

export type { Counter, Gauge, Histogram } from "prom-client";

export interface MetricSpec<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames?: readonly L[];
}

export interface HistogramSpec<L extends string> extends MetricSpec<L> {
  /** Upper bounds in the metric's unit (seconds for durations); default DURATION_BUCKETS. */
  readonly buckets?: readonly number[];
}

export interface GaugeSample<L extends string> {
  readonly labels: Partial<Record<L, string>>;
  readonly value: number;
}

export interface SampledGaugeSpec<L extends string> extends MetricSpec<L> {
  /** How the samples of several sources with the same labels combine; default "sum". */
  readonly aggregate?: "sum" | "max";
}

/** A gauge's source, read at scrape time; a source that throws is left out of that scrape. */
export type GaugeSampler<L extends string> = () => readonly GaugeSample<L>[] | Promise<readonly GaugeSample<L>[]>;

/** Request and call durations, in seconds: 5 ms to 10 s. */
export const DURATION_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Kind = "counter" | "gauge" | "histogram";

interface Defined {
  readonly kind: Kind;
  /** Label names and buckets, to tell a second definition that differs from the first. */
  readonly shape: string;
  readonly metric: Counter | Gauge | Histogram;
}

/**
 * A prom-client Registry with get-or-create helpers: defining a metric a second time with the same
 * kind and labels returns the first one, so code that runs once per service (several services share
 * one process in the stack) or once per test never fails on a duplicate registration. A definition
 * that differs (another kind, other labels or buckets) is a programming error and throws.
 */
export class MetricsRegistry {
  readonly registry = new Registry();
  private readonly defined = new Map<string, Defined>();
  private readonly samplers = new Map<string, Set<GaugeSampler<string>>>();

  /** `defaultMetrics`: Node's process metrics (CPU, memory, event loop lag, GC, handles...). */
  constructor(options: { readonly defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** The Content-Type of scrape(): the Prometheus text format. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric in the Prometheus text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  counter<L extends string = never>(spec: MetricSpec<L>): Counter<L> {
    return this.define(spec, "counter", "", () => new Counter<L>(this.config(spec)));
  }

  histogram<L extends string = never>(spec: HistogramSpec<L>): Histogram<L> {
    const buckets = [...(spec.buckets ?? DURATION_BUCKETS)];
    return this.define(spec, "histogram", buckets.join(","), () => new Histogram<L>({ ...this.config(spec), buckets }));
  }

  gauge<L extends string = never>(spec: MetricSpec<L>): Gauge<L> {
    return this.define(spec, "gauge", "", () => new Gauge<L>(this.config(spec)));
  }

  /**
   * Adds a source to a gauge whose values are read at scrape time (its collect()), from every
   * source added and not yet removed. Returns the removal. Sources reporting the same labels (two
   * stacks in one test process, say) are summed, or their maximum taken with aggregate "max".
   */
  sampledGauge<L extends string = never>(spec: SampledGaugeSpec<L>, sampler: GaugeSampler<L>): () => void {
    const aggregate = spec.aggregate ?? "sum";
    this.define(spec, "gauge", `sampled:${aggregate}`, () => this.newSampledGauge(spec, aggregate));
    const sources = defined(this.samplers.get(spec.name), `the sources of gauge ${spec.name}`);
    const source = sampler as GaugeSampler<string>;
    sources.add(source);
    return () => void sources.delete(source);
  }

  private newSampledGauge<L extends string>(spec: MetricSpec<L>, aggregate: "sum" | "max"): Gauge<L> {
    const sources = new Set<GaugeSampler<string>>();
    this.samplers.set(spec.name, sources);
    const labelNames = [...(spec.labelNames ?? [])];
    return new Gauge<L>({
      ...this.config(spec),
      async collect() {
        const read = await Promise.all(
          [...sources].map((sample) =>
            Promise.resolve()
              .then(sample)
              .catch((): readonly GaugeSample<string>[] => []),
          ),
        );
        const combined = new Map<string, GaugeSample<string>>();
        for (const { labels, value } of read.flat()) {
          const key = labelNames.map((name) => labels[name] ?? "").join("\u0000");
          const before = combined.get(key)?.value;
          const next = before === undefined ? value : aggregate === "sum" ? before + value : Math.max(before, value);
          combined.set(key, { labels, value: next });
        }
        this.reset();
        for (const { labels, value } of combined.values()) this.set(labels as Partial<Record<L, string>>, value);
      },
    });
  }

  private config<L extends string>(spec: MetricSpec<L>) {
    return { name: spec.name, help: spec.help, labelNames: [...(spec.labelNames ?? [])], registers: [this.registry] };
  }

  private define<L extends string, M extends Defined["metric"]>(spec: MetricSpec<L>, kind: Kind, extra: string, create: () => M): M {
    const shape = `${[...(spec.labelNames ?? [])].sort().join(",")}|${extra}`;
    const existing = this.defined.get(spec.name);
    if (existing) {
      if (existing.kind !== kind || existing.shape !== shape) {
        throw new Error(`metric ${spec.name} is already defined differently (a ${existing.kind} with other labels, buckets or sampling)`);
      }
      // Same name, kind and shape: the metric create() made the first time.
      return existing.metric as M;
    }
    if (this.registry.getSingleMetric(spec.name)) throw new Error(`metric ${spec.name} is already registered outside these helpers`);
    const metric = create();
    this.defined.set(spec.name, { kind, shape, metric });
    return metric;
  }
}

let processWide: MetricsRegistry | undefined;

/**
 * The process's registry, with Node's default metrics: what the service hosts, the gateway and the
 * domain code record to unless given another. One per process, so the one-process stack has one
 * registry for all its services; RPC and outbox metrics carry a `service` label to tell them apart.
 */
export function processMetrics(): MetricsRegistry {
  return (processWide ??= new MetricsRegistry({ defaultMetrics: true }));
}

/** A registry of its own (tests, or a service that must not share the process registry). */
export function createMetricsRegistry(options: { readonly defaultMetrics?: boolean } = {}): MetricsRegistry {
  return new MetricsRegistry(options);
}

export interface MetricsServerOptions {
  readonly metrics: MetricsRegistry;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly logger?: Logger;
}

export interface MetricsServer {
  readonly port: number;
  /** http://host:port/metrics, for Prometheus. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * A plain HTTP/1.1 server answering GET /metrics with the registry in the Prometheus text format:
 * a gRPC service's own port speaks h2c only, which Prometheus' scraper does not.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { metrics, logger } = options;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found: scrape /metrics\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed\n");
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { "content-type": metrics.contentType }).end(req.method === "HEAD" ? undefined : text),
      (err: unknown) => {
        logger?.error({ err }, "metrics scrape failed");
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metrics unavailable\n");
      },
    );
  });
  const bindHost = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, bindHost, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = bindHost === "0.0.0.0" || bindHost === "::" ? "127.0.0.1" : bindHost;
  let stopping: Promise<void> | undefined;
  return {
    port,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/metrics`,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Prometheus keeps its connection alive between scrapes; nothing here is worth waiting for.
        server.closeAllConnections();
      })),
  };
}
