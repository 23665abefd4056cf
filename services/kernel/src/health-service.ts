import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import {
  Health,
  HealthCheckResponse_ServingStatus as ServingStatus,
  HealthCheckResponseSchema,
  type HealthCheckRequest,
  type HealthCheckResponse,
} from "@tarmac/proto/grpc/health/v1/health_pb.js";

export { ServingStatus };

/**
 * grpc.health.v1, so kubelet's gRPC probes and grpc_health_probe work. The empty service name is
 * the whole server.
 */
export class HealthService implements ServiceImpl<typeof Health> {
  private readonly statuses = new Map<string, ServingStatus>();
  private readonly watchers = new Set<() => void>();
  private closed = false;
  /** "" and the served services: what setServing sets. */
  private readonly serviceNames: readonly string[];

  constructor(serviceNames: readonly string[]) {
    this.serviceNames = ["", ...serviceNames];
    for (const name of this.serviceNames) this.statuses.set(name, ServingStatus.SERVING);
  }

  setAll(status: ServingStatus): void {
    for (const name of this.statuses.keys()) this.statuses.set(name, status);
    for (const notify of this.watchers) notify();
  }

  /**
   * The whole server ("") and every named service, leaving other entries (dependencies) alone.
   * Ignored once closed: a stopping server stays NOT_SERVING.
   */
  setServing(status: ServingStatus): void {
    if (this.closed) return;
    for (const name of this.serviceNames) this.statuses.set(name, status);
    for (const notify of this.watchers) notify();
  }

  /** One entry, added if new (a dependency such as `dependency/nats`). Ignored once closed. */
  set(name: string, status: ServingStatus): void {
    if (this.closed) return;
    this.statuses.set(name, status);
    for (const notify of this.watchers) notify();
  }

  /** The status of one entry, undefined for a name it does not know. */
  status(name: string): ServingStatus | undefined {
    return this.statuses.get(name);
  }

  /** Reports NOT_SERVING and ends every Watch stream, so a draining server is not held open. */
  close(): void {
    this.closed = true;
    this.setAll(ServingStatus.NOT_SERVING);
  }

  check(req: HealthCheckRequest): HealthCheckResponse {
    const status = this.statuses.get(req.service);
    if (status === undefined) throw new ConnectError(`unknown service ${req.service}`, Code.NotFound);
    return create(HealthCheckResponseSchema, { status });
  }

  list() {
    const statuses: Record<string, HealthCheckResponse> = {};
    for (const [name, status] of this.statuses) statuses[name] = create(HealthCheckResponseSchema, { status });
    return { statuses };
  }

  async *watch(req: HealthCheckRequest, context: { signal: AbortSignal }): AsyncIterable<HealthCheckResponse> {
    let last: ServingStatus | undefined;
    while (!context.signal.aborted) {
      const status = this.statuses.get(req.service) ?? ServingStatus.SERVICE_UNKNOWN;
      if (status !== last) {
        last = status;
        yield create(HealthCheckResponseSchema, { status });
        // Read again before waiting: the status may have changed while the caller had the answer.
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          this.watchers.delete(done);
          context.signal.removeEventListener("abort", done);
          resolve();
        };
        this.watchers.add(done);
        context.signal.addEventListener("abort", done);
      });
    }
  }
}
