import { dualProtocolServer } from "./dual-protocol-server.js";
import type { AddressInfo } from "node:net";
import type { DescService } from "@bufbuild/protobuf";
import type { ConnectRouter, Interceptor, MethodImplSpec } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { Health } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { HealthService } from "./health-service.js";
import type { AgentStanding } from "./agent-standing.js";
import { callerAuthInterceptor } from "./caller-auth/interceptors.js";
import type { CallerAuthConfig } from "./caller-auth/config.js";
import { unknownPolicyMethods, type CallerPolicy } from "./caller-auth/policy.js";
import { CallerTokenVerifier } from "./caller-auth/tokens.js";
import { deadlineInterceptor } from "./deadline.js";
import { errorInterceptor, requestIdInterceptor } from "./interceptors.js";
import type { Logger } from "./logger.js";
import { processMetrics, startMetricsServer, type MetricsRegistry } from "./metrics.js";
import { rpcMetricsInterceptor } from "./rpc-metrics.js";
import { serveReflection } from "./reflection/server-reflection.js";
import { ReadinessMonitor, type DependencyProbe } from "./readiness.js";
import { grpcFastPathEnabled } from "./fast-path/switch.js";
import { recordingRouter, withUnaryGrpcFastPath } from "./fast-path/unary-grpc-handler.js";

export interface ServiceHostOptions {
  readonly name: string;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The services this host serves, for health reporting. */
  readonly services: readonly DescService[];
  readonly routes: (router: ConnectRouter) => void;
  readonly logger: Logger;
  /** Whom the service trusts (TRUSTED_CALLERS, CALLER_GRANTS). */
  readonly callerAuth: Pick<CallerAuthConfig, "trusted" | "grants">;
  /** Which caller may call which method, and how it names the agency (caller-auth/policy.ts). */
  readonly callerPolicy: CallerPolicy;
  /** Refuses a suspended agency's own calls (agent-context ones): booking and wallet give one. */
  readonly agentStanding?: AgentStanding;
  /** The service's own checks, run after the caller is authenticated (e.g. activeAgentInterceptor). */
  readonly interceptors?: readonly Interceptor[];
  /** Unary binary gRPC on the kernel's fast path (fast-path/); default TARMAC_GRPC_FAST_PATH (on). */
  readonly grpcFastPath?: boolean;
  /** How long in-flight calls may run once the listener has closed. */
  readonly drainTimeoutMs?: number;
  /**
   * DRAIN_DELAY_MS: after a stop is requested, how long the host keeps accepting and serving calls
   * while its health already says NOT_SERVING, before it closes the listener. Kubernetes removes a
   * terminating pod from its Services' endpoints asynchronously; clients and proxies keep sending
   * to it until they learn, and a closed listener would refuse those calls. Default 0.
   */
  readonly drainDelayMs?: number;
  /**
   * What the service needs to work (MongoDB, NATS): checked at start and every
   * `readinessIntervalMs`, the host's health is NOT_SERVING while any fails (ReadinessMonitor).
   */
  readonly dependencies?: readonly DependencyProbe[];
  /** READINESS_INTERVAL_MS; default 1000. */
  readonly readinessIntervalMs?: number;
  /**
   * METRICS_PORT: serve GET /metrics (Prometheus text, HTTP/1.1) on this port (0: a free one);
   * unset: no metrics server.
   */
  readonly metricsPort?: number;
  /** Where RPC metrics go and what /metrics serves; default the process registry. */
  readonly metrics?: MetricsRegistry;
  /**
   * Closes what the service opened for this host (stores, relays, sweeps): after the host has
   * stopped, or at once if it cannot start, so no service writes its own start/stop unwinding.
   */
  readonly release?: () => Promise<void>;
}

/** The host's part of a service's parsed configuration. */
export type HostSettings = Pick<ServiceHostOptions, "host" | "port" | "metricsPort" | "readinessIntervalMs" | "drainDelayMs">;

/** Picks the host's settings out of a service's configuration (which holds much else). */
export function hostSettings({ host, port, metricsPort, readinessIntervalMs, drainDelayMs }: HostSettings): HostSettings {
  return { host, port, metricsPort, readinessIntervalMs, ...(drainDelayMs !== undefined && { drainDelayMs }) };
}

export interface ServiceHost {
  readonly port: number;
  /** http://host:port, for clients. */
  readonly url: string;
  readonly health: HealthService;
  /** http://host:port/metrics when the host serves metrics (metricsPort set). */
  readonly metricsUrl?: string;
  /** Stops accepting calls, lets in-flight calls finish (bounded), then closes. */
  stop(): Promise<void>;
}

/** One port serving Connect, gRPC and gRPC-Web over HTTP/2 and HTTP/1.1, plus grpc.health.v1 and server reflection; callers authenticated. */
export async function startServiceHost(options: ServiceHostOptions): Promise<ServiceHost> {
  const release = options.release ?? (() => Promise.resolve());
  const host = await listen(options).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  let stopped: Promise<void> | undefined;
  return { ...host, stop: () => (stopped ??= host.stop().then(release)) };
}

async function listen(options: ServiceHostOptions): Promise<ServiceHost> {
  const { logger } = options;
  const served = options.services.flatMap((service) => service.methods.map((method) => method.name));
  const misspelt = unknownPolicyMethods(options.callerPolicy, served);
  if (misspelt.length > 0) throw new Error(`${options.name}'s caller policy names methods it does not serve: ${misspelt.join(", ")}`);
  // A mistyped grant would silently lock an internal team out: refuse to start instead.
  const ungranted = [...options.callerAuth.grants].flatMap(([caller, methods]) =>
    [...methods].filter((method) => !served.includes(method)).map((method) => `${caller}=${method}`),
  );
  if (ungranted.length > 0) throw new Error(`CALLER_GRANTS names methods ${options.name} does not serve: ${ungranted.join(", ")}`);
  const metrics = options.metrics ?? processMetrics();
  const health = new HealthService(options.services.map((s) => s.typeName));
  const readiness = options.dependencies?.length
    ? new ReadinessMonitor({
        health,
        probes: options.dependencies,
        logger,
        ...(options.readinessIntervalMs !== undefined && { intervalMs: options.readinessIntervalMs }),
      })
    : undefined;
  // Runs while the port opens; awaited below, so the host starts with its real status.
  const firstRound = readiness?.start();
  // Outermost first: the error interceptor also translates what the deadline bound throws.
  const interceptors = [
    rpcMetricsInterceptor(options.name, metrics),
    requestIdInterceptor(),
    errorInterceptor(logger),
    callerAuthInterceptor({
      verifier: new CallerTokenVerifier(options.callerAuth.trusted),
      grants: options.callerAuth.grants,
      policy: options.callerPolicy,
      ...(options.agentStanding && { standing: options.agentStanding }),
    }),
    deadlineInterceptor(logger),
    ...(options.interceptors ?? []),
  ];
  const fastPath = options.grpcFastPath ?? grpcFastPathEnabled();
  const unarySpecs: MethodImplSpec[] = [];
  const handler = connectNodeAdapter({
    routes(connectRouter) {
      const router = fastPath ? recordingRouter(connectRouter, unarySpecs) : connectRouter;
      router.service(Health, health);
      serveReflection(router, [...options.services, Health]);
      options.routes(router);
    },
    interceptors,
    grpc: true,
    grpcWeb: true,
    connect: true,
  });
  const dual = dualProtocolServer(fastPath ? withUnaryGrpcFastPath(handler, unarySpecs, interceptors, logger) : handler);
  const { server } = dual;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await readiness?.stop();
    throw error;
  });
  await firstRound;
  const metricsServer =
    options.metricsPort === undefined
      ? undefined
      : await startMetricsServer({ metrics, host: options.host, port: options.metricsPort, logger }).catch(async (error: unknown) => {
          await new Promise<void>((done) => server.close(() => done()));
          await readiness?.stop();
          throw error;
        });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== "0.0.0.0" && options.host !== "::" ? options.host : "127.0.0.1";
  logger.info({ port }, `${options.name} listening`);
  if (metricsServer) logger.info({ metricsUrl: metricsServer.url }, `${options.name} metrics listening`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // NOT_SERVING first: readiness fails and the pod leaves its Services while it still answers.
      health.close();
      const delayMs = options.drainDelayMs ?? 0;
      if (delayMs > 0) {
        logger.info({ delayMs }, `${options.name} draining: still serving until the endpoints have moved on`);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      await closeAndDrain();
    })());
  const closeAndDrain = () =>
    new Promise<void>((resolve) => {
      const closed = new Promise<void>((done) => server.close(() => done()));
      // GOAWAY: peers open no new streams here, in-flight streams (and HTTP/1.1 calls) run to completion.
      dual.drain();
      const timer = setTimeout(() => {
        if (dual.openSessions > 0) logger.warn({ sessions: dual.openSessions }, "drain timed out, closing connections");
        dual.destroy();
      }, options.drainTimeoutMs ?? 10_000);
      timer.unref();
      void Promise.all([closed, readiness?.stop()]).then(() => {
        clearTimeout(timer);
        logger.info(`${options.name} stopped`);
        resolve();
      });
    });

  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (!metricsServer) return { port, url, health, stop };
  // Metrics stay scrapable while calls drain.
  return { port, url, health, metricsUrl: metricsServer.url, stop: () => stop().then(() => metricsServer.stop()) };
}

/** For a main.ts: stop the given parts in order on SIGTERM or SIGINT, then exit. */
export function stopOnSignal(logger: Logger, ...parts: { stop(): Promise<void> }[]): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    void (async () => {
      for (const part of parts) await part.stop();
      process.exit(0);
    })();
  };
  // `on`, not `once`: a terminal or supervisor often signals the whole process group twice while
  // pnpm/tsx forward it too, and a second default-handled signal would cut the drain short.
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
