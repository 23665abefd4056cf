import type { DescService } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { DEPENDENCY_HEALTH_PREFIX, DomainError, withRequestId, type DependencyProbe } from "@tarmac/kernel";
import { HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import type { PeerName, ServiceClients } from "../clients.js";

/** Each peer is asked about its own service, so a URL pointing at the wrong service is not ready. */
const services: Readonly<Record<PeerName, DescService>> = {
  search: SearchService,
  fare: FareService,
  booking: BookingService,
  wallet: WalletService,
  auth: AuthService,
  webhooks: WebhookService,
};

export type PeerStatus = keyof typeof ServingStatus | "UNREACHABLE";

export interface Readiness {
  readonly ready: boolean;
  readonly services: Record<PeerName, PeerStatus>;
  /** For each peer answering NOT_SERVING: the dependencies it reports failing ("mongodb", "nats"). */
  readonly dependencies: Partial<Record<PeerName, string[]>>;
}

/**
 * grpc.health.v1 Check on every peer in parallel, each bounded by `timeoutMs`. A peer answering
 * NOT_SERVING is asked (List) which of its `dependency/<name>` entries fail, to name them.
 */
export async function checkReadiness(health: ServiceClients["health"], requestId: string, timeoutMs: number): Promise<Readiness> {
  const peers = Object.keys(services) as PeerName[];
  const statuses = await Promise.all(
    peers.map(async (peer): Promise<PeerStatus> => {
      try {
        const check = () => health[peer].check({ service: services[peer].typeName }, { timeoutMs });
        const { status } = await withRequestId(requestId, check);
        return (ServingStatus[status] as keyof typeof ServingStatus | undefined) ?? "UNKNOWN";
      } catch (cause) {
        // Peer clients reject with a DomainError that keeps the gRPC status it came from as its cause.
        const sent = cause instanceof DomainError ? cause.cause : cause;
        return ConnectError.from(sent).code === Code.NotFound ? "SERVICE_UNKNOWN" : "UNREACHABLE";
      }
    }),
  );
  const result = Object.fromEntries(peers.map((peer, i) => [peer, statuses[i]])) as Record<PeerName, PeerStatus>;
  const dependencies: Partial<Record<PeerName, string[]>> = {};
  await Promise.all(
    peers
      .filter((peer) => result[peer] === "NOT_SERVING")
      .map(async (peer) => {
        const failing = await failingDependencies(health[peer], requestId, timeoutMs);
        if (failing.length > 0) dependencies[peer] = failing;
      }),
  );
  return { ready: statuses.every((s) => s === "SERVING"), services: result, dependencies };
}

/** The peer's failing dependencies by name; none when it cannot tell (no List, no answer in time). */
async function failingDependencies(client: ServiceClients["health"][PeerName], requestId: string, timeoutMs: number): Promise<string[]> {
  try {
    const { statuses } = await withRequestId(requestId, () => client.list({}, { timeoutMs }));
    return Object.entries(statuses)
      .filter(([name, res]) => name.startsWith(DEPENDENCY_HEALTH_PREFIX) && res.status !== ServingStatus.SERVING)
      .map(([name]) => name.slice(DEPENDENCY_HEALTH_PREFIX.length))
      .sort();
  } catch {
    return [];
  }
}

/** The gateway's own dependencies (its MongoDB) failing a check now, each bounded by `timeoutMs`. */
export async function failingOwnDependencies(probes: readonly DependencyProbe[], timeoutMs: number): Promise<string[]> {
  const passed = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), timeoutMs);
          void Promise.resolve()
            .then(() => probe.check())
            .then(
              (ok) => resolve(ok),
              () => resolve(false),
            )
            .finally(() => clearTimeout(timer));
        }),
    ),
  );
  return probes.filter((_, i) => !passed[i]).map((p) => p.name);
}
