import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";
import { unsupportedMediaType } from "./error-mapping.js";

/**
 * Bodies are JSON only (application/json, any charset parameter). Fastify would also accept
 * text/plain, and would run a bodyless request without Content-Type straight into validation;
 * both are 415 here for any route that declares a body schema.
 */
const jsonBodyPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.removeContentTypeParser("text/plain");
  app.addHook("preValidation", (request, _reply, next) => {
    if (request.headers["content-type"] === undefined && request.routeOptions.schema?.body !== undefined) {
      next(unsupportedMediaType());
      return;
    }
    next();
  });
  done();
};

export const jsonBody = fp(jsonBodyPlugin, { name: "tarmac-json-body" });
