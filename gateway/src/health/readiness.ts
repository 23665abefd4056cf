import type { DescService } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { withRequestId } from "@tarmac/kernel";
import { HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { PeerName, ServiceClients } from "../clients.js";

/** Each peer is asked about its own service, so a URL pointing at the wrong service is not ready. */
const services: Readonly<Record<PeerName, DescService>> = {
  search: SearchService,
  fare: FareService,
  booking: BookingService,
  wallet: WalletService,
  auth: AuthService,
};

export type PeerStatus = keyof typeof ServingStatus | "UNREACHABLE";

export interface Readiness {
  readonly ready: boolean;
  readonly services: Record<PeerName, PeerStatus>;
}

/** grpc.health.v1 Check on every peer in parallel, each bounded by `timeoutMs`. */
export async function checkReadiness(
  health: ServiceClients["health"],
  requestId: string,
  timeoutMs: number,
): Promise<Readiness> {
  const peers = Object.keys(services) as PeerName[];
  const statuses = await Promise.all(
    peers.map(async (peer): Promise<PeerStatus> => {
      try {
        const check = () => health[peer].check({ service: services[peer].typeName }, { timeoutMs });
        const { status } = await withRequestId(requestId, check);
        return (ServingStatus[status] as keyof typeof ServingStatus | undefined) ?? "UNKNOWN";
      } catch (cause) {
        return ConnectError.from(cause).code === Code.NotFound ? "SERVICE_UNKNOWN" : "UNREACHABLE";
      }
    }),
  );
  const result = Object.fromEntries(peers.map((peer, i) => [peer, statuses[i]])) as Record<PeerName, PeerStatus>;
  return { ready: statuses.every((s) => s === "SERVING"), services: result };
}
