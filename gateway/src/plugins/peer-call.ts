import { withRequestId } from "@tarmac/kernel";
import type { FastifyRequest } from "fastify";

/**
 * Runs a peer call under the request's id (the service client forwards it as x-request-id) and
 * turns any failure into the catalogue error: the peer's own code when it sent one, 503
 * UNAVAILABLE (retryable) when it could not be reached.
 */
export function callPeer<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  return withRequestId(request.id, call);
}
