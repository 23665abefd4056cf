import type { Client, Transport } from "@connectrpc/connect";
import { createPeerClient, createServiceTransport, type CallerCredential } from "@tarmac/kernel";
import { Health } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { SearchPageService } from "./primary/search/search-page-service.js";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";

export type PeerName = "search" | "fare" | "booking" | "wallet" | "auth" | "webhooks";

export type PeerUrls = Readonly<Record<PeerName, string>>;

/** Everything the gateway talks to; tests pass in-memory fakes with the same shape. */
export interface ServiceClients {
  search: Client<typeof SearchService>;
  /** SearchFlights with the offers left as wire bytes, for the primary search route (search-page-service.ts). */
  searchPages: Client<typeof SearchPageService>;
  auth: Client<typeof AuthService>;
  fare: Client<typeof FareService>;
  booking: Client<typeof BookingService>;
  wallet: Client<typeof WalletService>;
  webhooks: Client<typeof WebhookService>;
  health: Record<PeerName, Client<typeof Health>>;
}

/**
 * gRPC (HTTP/2) clients for every peer: each call is signed with the gateway's credential, vouches
 * for the agency the request authenticated (its agent_id) and forwards the request id.
 */
export function createServiceClients(urls: PeerUrls, options: { credential: CallerCredential; timeoutMs?: number }): ServiceClients {
  const clientOptions = {
    credential: options.credential,
    vouchesForAgents: true,
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  };
  // One HTTP/2 session per peer, shared by its services and its health checks.
  const transports = Object.fromEntries(
    Object.entries(urls).map(([peer, url]) => [peer, createServiceTransport(url, clientOptions)]),
  ) as Record<PeerName, Transport>;
  const health = (peer: PeerName) => createPeerClient(Health, transports[peer]);
  return {
    search: createPeerClient(SearchService, transports.search),
    searchPages: createPeerClient(SearchPageService, transports.search),
    auth: createPeerClient(AuthService, transports.auth),
    fare: createPeerClient(FareService, transports.fare),
    booking: createPeerClient(BookingService, transports.booking),
    wallet: createPeerClient(WalletService, transports.wallet),
    webhooks: createPeerClient(WebhookService, transports.webhooks),
    health: {
      search: health("search"),
      fare: health("fare"),
      booking: health("booking"),
      wallet: health("wallet"),
      auth: health("auth"),
      webhooks: health("webhooks"),
    },
  };
}
