import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { unsupportedMediaType } from "../errors/error-mapping.js";

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/** Fails on the first byte that is not UTF-8, where Buffer#toString would put U+FFFD and go on. */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Routes without a body schema take no input (logout): nothing, or an empty JSON object. */
function takesNoBody(request: FastifyRequest): boolean {
  return request.routeOptions.schema?.body === undefined;
}

/**
 * One rule for bodies on every route (API guide, Errors): a body is JSON, application/json,
 * optionally with charset=utf-8 (RFC 8259 JSON is UTF-8; another charset would be decoded wrongly,
 * so it is refused rather than guessed), and its bytes are UTF-8 (else 400
 * VALIDATION_MALFORMED_JSON rather than a string quietly holding U+FFFD). Fastify would also accept
 * text/plain and would run a bodyless request without Content-Type straight into validation; both
 * are 415 on every route that takes a body. An operation that takes a body takes a JSON object, `{}`
 * when there is nothing to say (wallet/balance): an empty body is not JSON, so it is 400
 * VALIDATION_MALFORMED_JSON there as on every other such route (issue 36: wallet/balance alone read
 * it as `{}`). A route that takes no body (logout) takes none, or `{}`; anything else sent is 400.
 * Checked before the body is read.
 */
const jsonBodyPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.removeContentTypeParser("text/plain");
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, parsed) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      parsed(new DomainError("VALIDATION_MALFORMED_JSON", "Request body is not UTF-8"), undefined);
      return;
    }
    if (text === "" && takesNoBody(request)) {
      parsed(null, undefined);
      return;
    }
    void parseJson(request, text, parsed);
  });
  app.addHook("preParsing", (request, _reply, payload, next) => {
    if (takesNoBody(request)) {
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
  app.addHook("preValidation", (request, _reply, next) => {
    const body: unknown = request.body;
    const emptyObject = typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
    if (takesNoBody(request) && body !== undefined && !emptyObject) {
      next(validationFailed([fieldError("body", "INVALID_VALUE", "This operation takes no body: send none, or {}")]));
      return;
    }
    next();
  });
  done();
};

export const jsonBody = fp(jsonBodyPlugin, { name: "tarmac-json-body" });
