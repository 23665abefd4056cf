import type { DescService } from "@bufbuild/protobuf";
import { createClient, type Client, type Transport } from "@connectrpc/connect";
import { fromConnectError } from "./errors/connect.js";

/**
 * A peer's client whose every call rejects with the catalogue's DomainError: the peer's own code
 * (with field errors and provider block) when it sent one, UNAVAILABLE or INTERNAL otherwise.
 *
 * Call sites never convert errors themselves, so a forgotten conversion cannot turn a peer's
 * refusal into a 500. A Connect interceptor cannot do this: Connect re-wraps whatever an
 * interceptor throws into a ConnectError.
 */
export function createPeerClient<S extends DescService>(service: S, transport: Transport): Client<S> {
  return rejectWithDomainErrors(createClient(service, transport));
}

/** Decorates an existing client (for example one over an in-memory router transport). */
export function rejectWithDomainErrors<S extends DescService>(client: Client<S>): Client<S> {
  const decorated: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(client as Record<string, unknown>)) {
    decorated[name] =
      typeof method === "function" ? (...args: unknown[]) => translate((method as (...a: unknown[]) => unknown)(...args)) : method;
  }
  return decorated as Client<S>;
}

function translate(result: unknown): unknown {
  if (result instanceof Promise) {
    return result.catch((cause: unknown) => {
      throw fromConnectError(cause);
    });
  }
  return result;
}
