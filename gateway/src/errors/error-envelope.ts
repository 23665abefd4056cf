import { type DomainError, REQUEST_ID_HEADER, toEnvelope } from "@tarmac/kernel";
import type { FastifyReply, FastifyRequest } from "fastify";
import { toDomainError } from "./error-mapping.js";

const sentCodes = new WeakMap<FastifyReply, string>();

/** The catalogue code of the error a reply carried, for the request log line. */
export function errorCodeOf(reply: FastifyReply): string | undefined {
  return sentCodes.get(reply);
}

/** Records the code of an error sent in another format (the secondary surface's). */
export function noteErrorCode(reply: FastifyReply, code: string): void {
  sentCodes.set(reply, code);
}

/**
 * The only way an error leaves the gateway: the envelope of API guide, Errors with the catalogue
 * status, the request id as trace_id and response header, and Retry-After when the error has one.
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  sentCodes.set(reply, error.code);
  reply.code(error.status).header(REQUEST_ID_HEADER, request.id).type("application/json; charset=utf-8");
  if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
  return reply.send(toEnvelope(error, request.id));
}

/** Error handler for every plugin that answers with the primary envelope. */
export function envelopeErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(request, reply, toLoggedDomainError(error, request));
}

/** Anything thrown -> its catalogue error, logging what an operator needs (any surface's handler). */
export function toLoggedDomainError(error: unknown, request: FastifyRequest): DomainError {
  const domainError = toDomainError(error);
  if (domainError.code === "INTERNAL") {
    request.log.error({ err: error }, "request failed unexpectedly");
  } else if (domainError.status >= 500 && domainError.cause !== undefined) {
    // A peer failed; its cause is what an operator needs. Cause-less ones were logged where raised.
    request.log.warn({ code: domainError.code, err: domainError.cause }, domainError.message);
  }
  return domainError;
}
