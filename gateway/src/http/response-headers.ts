import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/**
 * Paths whose answers hold personal or financial data (passenger names, dates of birth, contacts,
 * balances): the primary surface's bookings and wallet, the secondary surface's booking.
 */
export const NO_STORE_PATH = /^\/api\/(?:v1\/(?:flight\/booking|wallet)|flights\/booking)(?:\/|$)/;

/** The route's pattern when one matched, else the path as sent (unknown routes). */
function pathOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split("?", 1)[0] ?? "";
}

/**
 * Headers every answer carries, on both surfaces and errors included (onSend runs for error
 * handler, not-found and idempotent replay answers too): `X-Content-Type-Options: nosniff`, so a
 * browser never guesses another type than the declared JSON; and `Cache-Control: no-store` on
 * booking and wallet paths, so no browser or intermediary cache keeps them.
 */
const responseHeadersPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onSend", (request, reply, payload, next) => {
    reply.header("x-content-type-options", "nosniff");
    if (NO_STORE_PATH.test(pathOf(request))) reply.header("cache-control", "no-store");
    next(null, payload);
  });
  done();
};

export const responseHeaders = fp(responseHeadersPlugin, { name: "tarmac-response-headers" });
