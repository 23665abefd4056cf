import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";

/**
 * Headers every answer carries, on both surfaces and errors included (onSend runs for error
 * handler, not-found and idempotent replay answers too): `X-Content-Type-Options: nosniff`, so a
 * browser never guesses another type than the declared JSON.
 */
const responseHeadersPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onSend", (_request, reply, payload, next) => {
    reply.header("x-content-type-options", "nosniff");
    next(null, payload);
  });
  done();
};

export const responseHeaders = fp(responseHeadersPlugin, { name: "tarmac-response-headers" });
