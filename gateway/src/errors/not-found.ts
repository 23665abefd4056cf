import { DomainError } from "@tarmac/kernel";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { sendError } from "./error-envelope.js";

const METHODS: readonly HTTPMethods[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

type ErrorSender = (request: FastifyRequest, reply: FastifyReply, error: DomainError) => FastifyReply;

/**
 * Fastify answers a known path with the wrong method as 404; the client deserves 405 and the
 * methods that would work (Allow), so the router is asked about the same path under each method.
 * `send` writes the error in the surface's format (the primary envelope unless told otherwise).
 */
export function notFoundHandler(app: FastifyInstance, send: ErrorSender = sendError) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = request.url.split("?", 1)[0] ?? "/";
    const allowed = METHODS.filter((method) => {
      // Typed as always found, but null when no route matches.
      const route: unknown = app.findRoute({ method, url: path });
      return route !== null;
    });
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header("allow", allowed.join(", "));
      return send(
        request,
        reply,
        new DomainError("METHOD_NOT_ALLOWED", `Method ${request.method} is not allowed here; use ${allowed.join(", ")}`),
      );
    }
    const shown = path.length > 256 ? `${path.slice(0, 256)}...` : path;
    return send(request, reply, new DomainError("ROUTE_NOT_FOUND", `No route for ${request.method} ${shown}`));
  };
}
