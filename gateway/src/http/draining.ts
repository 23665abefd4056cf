import { DomainError } from "@tarmac/kernel";
import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";

/**
 * Once close() begins, requests still arriving on open keep-alive connections get the envelope
 * (503 UNAVAILABLE, retryable) instead of Fastify's own 503 body; in-flight requests finish.
 */
const drainingPlugin: FastifyPluginCallback = (app, _options, done) => {
  let closing = false;
  app.addHook("preClose", (next) => {
    closing = true;
    next();
  });
  app.addHook("onRequest", (_request, reply, next) => {
    if (!closing) {
      next();
      return;
    }
    reply.header("connection", "close");
    next(new DomainError("UNAVAILABLE", "The gateway is shutting down, please retry"));
  });
  done();
};

export const draining = fp(drainingPlugin, { name: "tarmac-draining" });
