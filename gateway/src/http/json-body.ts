import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";
import { unsupportedMediaType } from "../errors/error-mapping.js";

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * Bodies are JSON only: application/json, optionally with charset=utf-8 (RFC 8259 JSON is UTF-8;
 * another charset would be decoded wrongly, so it is refused rather than guessed). Fastify would
 * also accept text/plain and would run a bodyless request without Content-Type straight into
 * validation; both are 415 here for every route that declares a body schema. Checked before the
 * body is read.
 */
const jsonBodyPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.removeContentTypeParser("text/plain");
  app.addHook("preParsing", (request, _reply, payload, next) => {
    if (request.routeOptions.schema?.body === undefined) {
      next(null, payload);
      return;
    }
    const contentType = request.headers["content-type"];
    if (contentType === undefined) {
      next(unsupportedMediaType());
      return;
    }
    const charset = CHARSET.exec(contentType)?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
      next(unsupportedMediaType());
      return;
    }
    next(null, payload);
  });
  done();
};

export const jsonBody = fp(jsonBodyPlugin, { name: "tarmac-json-body" });
