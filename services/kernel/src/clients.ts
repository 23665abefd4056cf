import type { DescService } from "@bufbuild/protobuf";
import type { Client, Interceptor } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { forwardRequestIdInterceptor } from "./interceptors.js";
import { createPeerClient } from "./peer-client.js";

export interface ServiceClientOptions {
  /** Per-call deadline unless the caller passes its own. */
  readonly timeoutMs?: number;
  readonly interceptors?: Interceptor[];
}

/**
 * A gRPC client for a peer service, forwarding the current request id; its calls reject with the
 * catalogue's DomainError (see createPeerClient).
 */
export function createServiceClient<S extends DescService>(service: S, baseUrl: string, options: ServiceClientOptions = {}): Client<S> {
  const transport = createGrpcTransport({
    baseUrl,
    defaultTimeoutMs: options.timeoutMs ?? 5_000,
    // Peers sit on the same network: gzip of large pages costs more CPU than it saves in transfer.
    acceptCompression: [],
    interceptors: [forwardRequestIdInterceptor(), ...(options.interceptors ?? [])],
  });
  return createPeerClient(service, transport);
}
