import type { DescService } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { createServiceClient, type CallerCredential } from "@tarmac/kernel";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";

export type Peer = "auth" | "wallet";

/** The two services the command line talks to; commands get them injected. */
export interface AdminClients {
  readonly auth: Client<typeof AuthService>;
  readonly wallet: Client<typeof WalletService>;
}

export interface ServiceUrls {
  readonly auth: string;
  readonly wallet: string;
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

/** gRPC clients for the two services, signed with the ops credential; `timeoutMs` bounds every call. */
export function connectClients(urls: ServiceUrls, credential: CallerCredential, timeoutMs = 10_000): AdminClients {
  return adminClients(
    createServiceClient(AuthService, urls.auth, { timeoutMs, credential }),
    createServiceClient(WalletService, urls.wallet, { timeoutMs, credential }),
    urls,
  );
}

/** Wraps ready clients (real or fake) so that every failure says where it happened. */
export function adminClients(auth: Client<typeof AuthService>, wallet: Client<typeof WalletService>, urls: ServiceUrls): AdminClients {
  return { auth: tagged(AuthService, auth, "auth", urls.auth), wallet: tagged(WalletService, wallet, "wallet", urls.wallet) };
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
