import type { DescService } from "@bufbuild/protobuf";
import type { Client, Interceptor } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import type { CallerCredential } from "./caller-auth/credentials.js";
import { callerTokenInterceptor } from "./caller-auth/interceptors.js";
import { CallerTokenIssuer } from "./caller-auth/tokens.js";
import { forwardDeadlineInterceptor } from "./deadline.js";
import { forwardRequestIdInterceptor } from "./interceptors.js";
import { createPeerClient } from "./peer-client.js";

export interface ServiceClientOptions {
  /** Signs every call (SERVICE_CREDENTIAL): services refuse unsigned callers. */
  readonly credential: CallerCredential;
  /** The gateway only: vouch for the request's agent_id (it authenticated that agency). */
  readonly vouchesForAgents?: boolean;
  /** Per-call deadline unless the caller passes its own. */
  readonly timeoutMs?: number;
  readonly interceptors?: Interceptor[];
}

/**
 * A gRPC client for a peer service: each call is signed with this process's credential and carries
 * the current request id and what is left of the current caller's deadline; its calls reject with
 * the catalogue's DomainError (see createPeerClient).
 */
export function createServiceClient<S extends DescService>(service: S, baseUrl: string, options: ServiceClientOptions): Client<S> {
  const issuer = new CallerTokenIssuer(options.credential);
  const transport = createGrpcTransport({
    baseUrl,
    defaultTimeoutMs: options.timeoutMs ?? 5_000,
    // Peers sit on the same network: gzip of large pages costs more CPU than it saves in transfer.
    acceptCompression: [],
    interceptors: [
      forwardRequestIdInterceptor(),
      forwardDeadlineInterceptor(),
      callerTokenInterceptor(issuer, { vouchesForAgents: options.vouchesForAgents ?? false }),
      ...(options.interceptors ?? []),
    ],
  });
  return createPeerClient(service, transport);
}
