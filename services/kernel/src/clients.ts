import type { DescService } from "@bufbuild/protobuf";
import type { Client, Interceptor, Transport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import type { CallerCredential } from "./caller-auth/credentials.js";
import { callerTokenInterceptor } from "./caller-auth/interceptors.js";
import { CallerTokenIssuer } from "./caller-auth/tokens.js";
import { balancedTransport, peerBalancingEnabled, type BalancingOptions } from "./balanced-transport.js";
import { forwardDeadlineInterceptor } from "./deadline.js";
import { forwardRequestIdInterceptor } from "./interceptors.js";
import { createPeerClient } from "./peer-client.js";
import { PeerSessions } from "./peer-sessions.js";
import { grpcFastPathEnabled } from "./fast-path/switch.js";
import { createUnaryGrpcTransport } from "./fast-path/unary-grpc-transport.js";

export { createPeerClient };

export interface ServiceClientOptions {
  /** Signs every call (SERVICE_CREDENTIAL): services refuse unsigned callers. */
  readonly credential: CallerCredential;
  /** The gateway only: vouch for the request's agent_id (it authenticated that agency). */
  readonly vouchesForAgents?: boolean;
  /** Per-call deadline unless the caller passes its own. */
  readonly timeoutMs?: number;
  readonly interceptors?: Interceptor[];
  /** Unary calls on the kernel's fast path (fast-path/); default TARMAC_GRPC_FAST_PATH (on). */
  readonly grpcFastPath?: boolean;
  /** Round-robin over the peer name's addresses (balanced-transport.ts); default per TARMAC_PEER_BALANCING (off). */
  readonly balancing?: BalancingOptions | false;
}

/**
 * The gRPC transport (one HTTP/2 session) to a peer: each call is signed with this process's
 * credential and carries the current request id and what is left of the current caller's
 * deadline. Clients of several services on one peer share it (createPeerClient). Unary calls go
 * through the fast path's transport unless it is switched off; streams always through Connect's.
 */
export function createServiceTransport(baseUrl: string, options: ServiceClientOptions): Transport {
  const issuer = new CallerTokenIssuer(options.credential);
  const balancing = options.balancing ?? (peerBalancingEnabled() ? {} : false);
  if (balancing === false) return addressTransport(baseUrl, options, issuer);
  return balancedTransport(baseUrl, (url) => addressTransport(url, options, issuer), balancing);
}

function addressTransport(baseUrl: string, options: ServiceClientOptions, issuer: CallerTokenIssuer): Transport {
  const sessions = new PeerSessions(baseUrl);
  const shared = {
    baseUrl,
    defaultTimeoutMs: options.timeoutMs ?? 5_000,
    interceptors: [
      forwardRequestIdInterceptor(),
      forwardDeadlineInterceptor(),
      callerTokenInterceptor(issuer, { vouchesForAgents: options.vouchesForAgents ?? false }),
      ...(options.interceptors ?? []),
    ],
  };
  // Peers sit on the same network: gzip of large pages costs more CPU than it saves in transfer.
  const streams = createGrpcTransport({ ...shared, sessionManager: sessions, acceptCompression: [] });
  // Off: Connect's transport carries unary calls too.
  return (options.grpcFastPath ?? grpcFastPathEnabled()) ? createUnaryGrpcTransport({ ...shared, sessions, streams }) : streams;
}

/** A client of one service on a peer, over its own transport (createServiceTransport). */
export function createServiceClient<S extends DescService>(service: S, baseUrl: string, options: ServiceClientOptions): Client<S> {
  return createPeerClient(service, createServiceTransport(baseUrl, options));
}
