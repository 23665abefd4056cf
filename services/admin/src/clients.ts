import type { DescService } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { createServiceClient, type CallerCredential } from "@tarmac/kernel";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";

export type Peer = "auth" | "wallet" | "webhooks" | "booking";

/** The services the command line talks to; commands get them injected. */
export interface AdminClients {
  readonly auth: Client<typeof AuthService>;
  readonly wallet: Client<typeof WalletService>;
  readonly webhooks: Client<typeof WebhookService>;
  /** Reconcile and the monthly export (ExportInvoices) only. */
  readonly booking: Client<typeof BookingService>;
}

export interface ServiceUrls {
  readonly auth: string;
  readonly wallet: string;
  readonly webhooks: string;
  readonly booking: string;
}

/** A failed call, with the service and URL it went to, so the message can name them. */
export class PeerCallError extends Error {
  override readonly name = "PeerCallError";

  constructor(
    readonly peer: Peer,
    readonly url: string,
    /** e.g. AuthService.CreateAgent */
    readonly method: string,
    override readonly cause: unknown,
  ) {
    super(`${method} at ${url} failed`, { cause });
  }
}

/** gRPC clients for the services, signed with the ops credential; `timeoutMs` bounds every call. */
export function connectClients(urls: ServiceUrls, credential: CallerCredential, timeoutMs = 10_000): AdminClients {
  return adminClients(
    {
      auth: createServiceClient(AuthService, urls.auth, { timeoutMs, credential }),
      wallet: createServiceClient(WalletService, urls.wallet, { timeoutMs, credential }),
      webhooks: createServiceClient(WebhookService, urls.webhooks, { timeoutMs, credential }),
      // A reconciliation reads every agency's ledger and bookings: far longer than one call's ten seconds.
      booking: createServiceClient(BookingService, urls.booking, { timeoutMs: Math.max(timeoutMs, 300_000), credential }),
    },
    urls,
  );
}

/** Wraps ready clients (real or fake) so that every failure says where it happened. */
export function adminClients(clients: AdminClients, urls: ServiceUrls): AdminClients {
  return {
    auth: tagged(AuthService, clients.auth, "auth", urls.auth),
    wallet: tagged(WalletService, clients.wallet, "wallet", urls.wallet),
    webhooks: tagged(WebhookService, clients.webhooks, "webhooks", urls.webhooks),
    booking: tagged(BookingService, clients.booking, "booking", urls.booking),
  };
}

function tagged<S extends DescService>(service: S, client: Client<S>, peer: Peer, url: string): Client<S> {
  const calls: Record<string, unknown> = {};
  for (const [localName, method] of Object.entries(service.method)) {
    const call = (client as Record<string, (...args: unknown[]) => Promise<unknown>>)[localName];
    if (!call) continue;
    calls[localName] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (cause) {
        throw new PeerCallError(peer, url, `${service.name}.${method.name}`, cause);
      }
    };
  }
  return calls as Client<S>;
}
