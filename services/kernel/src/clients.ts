import type { DescService } from "@bufbuild/protobuf";
import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { fromConnectError } from "./errors/connect.js";
import { forwardRequestIdInterceptor } from "./interceptors.js";

export interface ServiceClientOptions {
  /** Per-call deadline unless the caller passes its own. */
  readonly timeoutMs?: number;
  readonly interceptors?: Interceptor[];
}

/** A gRPC client for a peer service, forwarding the current request id. */
export function createServiceClient<S extends DescService>(
  service: S,
  baseUrl: string,
  options: ServiceClientOptions = {},
): Client<S> {
  const transport = createGrpcTransport({
    baseUrl,
    defaultTimeoutMs: options.timeoutMs ?? 5_000,
    // Peers sit on the same network: gzip of large pages costs more CPU than it saves in transfer.
    acceptCompression: [],
    interceptors: [forwardRequestIdInterceptor(), ...(options.interceptors ?? [])],
  });
  return createClient(service, transport);
}

/**
 * Awaits a peer call and turns its failure into the catalogue's DomainError: the peer's own code
 * (with field errors and provider block) when it sent one, UNAVAILABLE or INTERNAL otherwise.
 */
export async function awaitPeer<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (cause) {
    throw fromConnectError(cause);
  }
}
