import { isDeepStrictEqual } from "node:util";
import swagger from "@fastify/swagger";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { withRecordedExamples, withRequestDaysFrom } from "./recorded-examples.js";
import { devTag, type ResponseHeaderName, responseHeaders, securitySchemes, tags } from "./components.js";
import { relativeToServers } from "./servers.js";
import { withProtectiveHeaders } from "./protective-headers.js";

/** Where the document is served (no credentials, no rate limit). */
export const OPENAPI_PATH = "/api/v1/openapi.json";

export interface OpenApiOptions {
  /** TARMAC_ENV=development: the dev outbox route exists and is documented (tag "dev"). */
  readonly development?: boolean;
}

const description = `The Tarmac B2B flight booking API. Two surfaces:

- **Primary** (\`/api/v1\`, the document's server: its paths are relative to it, so a client's base URL is
  \`https://<host>/api/v1\`): every operation is a POST with a JSON body, authenticated with the \`X-API-Key\` header (scopes per
  key) or a one-time-code session's bearer token (every scope but \`webhooks.manage\`). Amounts are integers in paise. Errors are the \`ErrorEnvelope\` (\`trace_id\`, \`error\`).
- **Secondary** (\`/api/auth\`, \`/api/flights\`, outside \`/api/v1\`: each of its paths has the server \`/\` and is
  absolute, so a client calls it with the base URL \`https://<host>\`): OTP login for a bearer token (or the \`tarmac_session\` cookie), search and
  booking with their own field names and decimal prices. Errors are \`SecondaryError\` (\`success: false\`, \`error\`).

Every response carries \`X-Request-ID\`; rate-limited operations carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and
\`RateLimit-Reset\`, and 429 answers \`Retry-After\`. Booking create, cancel confirm and reschedule confirm require an
\`Idempotency-Key\`. Request bodies are limited to 1 MiB and must be \`application/json\`.`;

/**
 * Which documented response headers are `required` (the response test holds the gateway to it):
 * X-Request-ID on every answer, the session cookie and Cache-Control where listed (verify-otp,
 * logout), and the RateLimit ones on successes only: an error can come before the rate limiter
 * counted (a malformed X-Request-ID or body, auth unreachable, the auth-failure limit). The others
 * come only sometimes: Idempotent-Replayed on a replay, Retry-After on the 409 of a key still in
 * progress but not on the other 409s.
 */
const ALWAYS_SENT: ReadonlySet<string> = new Set<ResponseHeaderName>([
  "X-Request-ID",
  "Set-Cookie",
  "Cache-Control",
  "X-Content-Type-Options",
]);
const SENT_ON_SUCCESS: ReadonlySet<string> = new Set<ResponseHeaderName>(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);

/** components.headers: the response headers of ./components.ts as OpenAPI header objects. */
function headerObject(name: ResponseHeaderName): { schema: Record<string, unknown>; description: string; required?: true } {
  const { description: text, ...schema } = responseHeaders[name];
  return { schema: { ...schema }, description: text, ...(ALWAYS_SENT.has(name) && { required: true as const }) };
}

const headerComponents: Record<string, ReturnType<typeof headerObject>> = Object.fromEntries(
  (Object.keys(responseHeaders) as ResponseHeaderName[]).map((name) => [name, headerObject(name)]),
);

type Json = Record<string, unknown>;

/**
 * A response header as @fastify/swagger wrote it, made the components.headers one: a reference
 * when identical but for `required` (so nothing is lost), the component itself marked `required`
 * for a header only successes always carry (a reference cannot add that).
 */
function tidyHeader(name: string, header: unknown, success: boolean): unknown {
  const { required: _required, ...component } = headerComponents[name] ?? {};
  if (!Object.hasOwn(headerComponents, name) || !isDeepStrictEqual(header, component)) return header;
  return success && SENT_ON_SUCCESS.has(name) ? { ...component, required: true } : { $ref: `#/components/headers/${name}` };
}

/**
 * Tidies what @fastify/swagger writes for each response: its headers become the components.headers
 * ones (tidyHeader), and the response's description, which it also copies into the body schema,
 * stays on the response only.
 */
function tidyResponses(document: Json): Json {
  for (const pathItem of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(pathItem) as Json[]) {
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        const headers = (response.headers ?? {}) as Record<string, unknown>;
        for (const [name, header] of Object.entries(headers)) headers[name] = tidyHeader(name, header, status.startsWith("2"));
        for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) {
          const schema = media.schema as Json | undefined;
          if (schema && schema.description === response.description) delete schema.description;
        }
      }
    }
  }
  return document;
}

/**
 * OpenAPI 3.1 of both surfaces, generated by @fastify/swagger from the routes' own schemas (see
 * ./operation.ts), served at GET /api/v1/openapi.json. Register before every route (it collects
 * them with an onRoute hook); it is not encapsulated for that reason. Untagged routes (health,
 * metrics, the docs page, this document) are left out.
 */
const openApiPlugin: FastifyPluginAsync<OpenApiOptions> = async (app, { development = false }) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      // Proprietary: agencies use the API under their contract; linters (Redocly's recommended rules) want a license named.
      info: { title: "Tarmac", version: "1.0.0", description, license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } },
      tags: development ? [...tags, devTag] : [...tags],
      components: { securitySchemes, headers: headerComponents },
    },
    hideUntagged: true,
    // Shared schemas (addSchema) keep their $id as their name under components.schemas.
    refResolver: {
      buildLocalReference: (json: Json, _baseUri: unknown, _fragment: unknown, i: number) =>
        typeof json.$id === "string" ? json.$id : `def-${i}`,
    },
    // Servers are relative (./servers.ts), so the docs page's "Try it out" calls this gateway.
    transformObject: (document) =>
      "openapiObject" in document
        ? withRecordedExamples(relativeToServers(withProtectiveHeaders(tidyResponses(document.openapiObject as Json)))).document
        : document.swaggerObject,
  });

  // Request examples dated from today at every serve: a gateway up for months keeps them bookable.
  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.send(withRequestDaysFrom(app.swagger() as unknown as Json, new Date())),
  );
};

export const openApi = fp(openApiPlugin, { name: "tarmac-openapi" });
