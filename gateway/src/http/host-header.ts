import { fieldError, validationFailed } from "@tarmac/kernel";
import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";

/**
 * HTTP/1.1 requires a Host header (RFC 9112 section 3.2). Node refuses a request without one on its
 * own, with a bare 400 (no body, no request id) that no handler of ours sees, so the server is
 * created with `requireHostHeader: false` (app.ts) and the check is made here instead: the answer
 * is the surface's error format with X-Request-ID, like every other refusal. HTTP/1.0 needs none.
 */
const hostHeaderPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onRequest", (request, _reply, next) => {
    const { httpVersionMajor, httpVersionMinor } = request.raw;
    const needsHost = httpVersionMajor > 1 || (httpVersionMajor === 1 && httpVersionMinor >= 1);
    const host = request.headers.host;
    if (needsHost && (host === undefined || host === "")) {
      next(validationFailed([fieldError("Host", "REQUIRED", "HTTP/1.1 requests must send a Host header")]));
      return;
    }
    next();
  });
  done();
};

export const hostHeader = fp(hostHeaderPlugin, { name: "tarmac-host-header", dependencies: ["tarmac-request-id"] });
