import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { unsupportedMediaType } from "../errors/error-mapping.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's body is documented as an empty object (`wallet/balance`): a request without a
     * body (no Content-Type, or application/json with nothing in it) reads as `{}`.
     */
    emptyBodyIsObject?: boolean;
  }
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/** Nothing to read: no Transfer-Encoding and a Content-Length that is absent or 0. */
function hasNoBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] === undefined && (length === undefined || length === "0");
}

/** Routes for which an empty body means "nothing sent": those without a body schema, and those that opt in. */
function takesEmptyBody(request: FastifyRequest): boolean {
  return request.routeOptions.schema?.body === undefined || request.routeOptions.config.emptyBodyIsObject === true;
}

/**
 * Bodies are JSON only: application/json, optionally with charset=utf-8 (RFC 8259 JSON is UTF-8;
 * another charset would be decoded wrongly, so it is refused rather than guessed). Fastify would
 * also accept text/plain and would run a bodyless request without Content-Type straight into
 * validation; both are 415 here for every route that declares a body schema, except that a
 * request with no body at all on a route with `config.emptyBodyIsObject` reads as `{}`. An empty
 * application/json body is 400 VALIDATION_MALFORMED_JSON where a body is expected, and nothing
 * on routes without a body (logout) or with `emptyBodyIsObject`. Checked before the body is read.
 */
const jsonBodyPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.removeContentTypeParser("text/plain");
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, parsed) => {
    const text = body.toString();
    if (text === "" && takesEmptyBody(request)) {
      parsed(null, undefined);
      return;
    }
    void parseJson(request, text, parsed);
  });
  app.addHook("preParsing", (request, _reply, payload, next) => {
    if (request.routeOptions.schema?.body === undefined) {
      next(null, payload);
      return;
    }
    const contentType = request.headers["content-type"];
    if (contentType === undefined) {
      if (request.routeOptions.config.emptyBodyIsObject === true && hasNoBody(request)) next(null, payload);
      else next(unsupportedMediaType());
      return;
    }
    const charset = CHARSET.exec(contentType)?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
      next(unsupportedMediaType());
      return;
    }
    next(null, payload);
  });
  app.addHook("preValidation", (request, _reply, next) => {
    if (request.routeOptions.config.emptyBodyIsObject === true && request.body === undefined) request.body = {};
    next();
  });
  done();
};

export const jsonBody = fp(jsonBodyPlugin, { name: "tarmac-json-body" });
