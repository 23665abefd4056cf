import type { IncomingMessage } from "node:http";
import { REQUEST_ID_HEADER, fieldError, isValidRequestId, newRequestId, validationFailed, withRequestId } from "@tarmac/kernel";
import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";

/** Fastify's genReqId: the caller's X-Request-ID when it is valid, otherwise a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && isValidRequestId(given) ? given : newRequestId();
}

/**
 * Echoes the request id on every response. A malformed X-Request-ID is rejected rather than
 * silently replaced: a caller correlating logs by its own id would otherwise search in vain.
 */
const requestIdPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onRequest", (request, reply, next) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const given = request.headers[REQUEST_ID_HEADER];
    if (given !== undefined && given !== request.id) {
      next(validationFailed([fieldError("X-Request-ID", "INVALID_FORMAT", "must be 1 to 128 letters, digits or the characters . _ : -")]));
      return;
    }
    // The rest of the request runs inside its id, so every peer call forwards it (x-request-id)
    // without a wrapper at each call site.
    withRequestId(request.id, next);
  });
  // Body parsing can leave the async context of onRequest; enter it again before validation.
  app.addHook("preValidation", (request, _reply, next) => {
    withRequestId(request.id, next);
  });
  done();
};

export const requestId = fp(requestIdPlugin, { name: "tarmac-request-id" });
