import { Validator } from "@seriousme/openapi-schema-validator";
import { createLogger, DomainError, isValidRequestId, toEnvelope } from "@tarmac/kernel";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { DetailedError, toSecondaryError } from "../secondary/errors.js";
import { fakeServiceClients, keys, tokens } from "../testing/fake-services.js";
import { documentAjv } from "../testing/openapi/document-ajv.js";
import { countOf, examplesOf } from "../testing/openapi/document-examples.js";
import { ERROR_ENVELOPE, errorEnvelopeSchema, SECONDARY_ERROR, secondaryErrorSchema } from "./components.js";
import { REQUEST_ID_PATTERN } from "./operation.js";
import { OPENAPI_PATH } from "./plugin.js";
import { recordedExamples, withRecordedExamples } from "./recorded-examples.js";

type Json = Record<string, any>;
type Security = "ApiKey" | "session" | "none";

interface Expected {
  readonly path: string;
  readonly tag: string;
  readonly security: Security;
  /** 200 unless said otherwise. */
  readonly success?: "202";
  /** Logout takes no body (the token is the credential). */
  readonly body?: false;
  /** Statuses beyond 400, 429, 500 and 503 (which every operation documents). */
  readonly statuses?: readonly string[];
  readonly idempotencyKey?: "required" | "optional";
  readonly examples?: true;
}

/** Every operation of the API guide, both surfaces, listed by hand. */
const OPERATIONS: readonly Expected[] = [
  // API guide, Search and Cancellation and reschedule.
  { path: "/api/v1/flight/search", tag: "search", security: "ApiKey", statuses: ["401", "403", "410"], examples: true },
  { path: "/api/v1/flight/fare/validate", tag: "fare", security: "ApiKey", statuses: ["401", "403", "404", "409", "422"], examples: true },
  { path: "/api/v1/flight/fare/seatmap", tag: "fare", security: "ApiKey", statuses: ["401", "403", "404", "410"] },
  { path: "/api/v1/flight/fare/ancillaries", tag: "fare", security: "ApiKey", statuses: ["401", "403", "410"], examples: true },
  {
    path: "/api/v1/flight/booking/create",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "402", "403", "409", "410", "422"],
    idempotencyKey: "required",
    examples: true,
  },
  { path: "/api/v1/flight/booking/status", tag: "booking", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/flight/booking/list", tag: "booking", security: "ApiKey", statuses: ["401", "403"], examples: true },
  { path: "/api/v1/flight/booking/cancel/quote", tag: "booking", security: "ApiKey", statuses: ["401", "403", "404", "409", "422"] },
  { path: "/api/v1/flight/booking/refunds", tag: "booking", security: "ApiKey", statuses: ["401", "403"] },
  // API guide, Schedule changes.
  { path: "/api/v1/flight/schedule-changes/list", tag: "booking", security: "ApiKey", statuses: ["401", "403"] },
  { path: "/api/v1/flight/schedule-changes/get", tag: "booking", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/flight/schedule-changes/acknowledge", tag: "booking", security: "ApiKey", statuses: ["401", "403", "404"] },
  {
    path: "/api/v1/flight/schedule-changes/accept",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "403", "404", "409"],
    idempotencyKey: "required",
  },
  {
    path: "/api/v1/flight/schedule-changes/rebook",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "403", "404", "409", "422"],
    idempotencyKey: "required",
  },
  {
    path: "/api/v1/flight/schedule-changes/cancel",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "403", "404", "409"],
    idempotencyKey: "required",
  },
  {
    path: "/api/v1/flight/booking/cancel/confirm",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "403", "404", "409", "422"],
    idempotencyKey: "required",
  },
  { path: "/api/v1/flight/booking/reschedule/quote", tag: "booking", security: "ApiKey", statuses: ["401", "403", "404", "409"] },
  {
    path: "/api/v1/flight/booking/reschedule/confirm",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "402", "403", "404", "409", "422"],
    idempotencyKey: "required",
  },
  {
    path: "/api/v1/flight/booking/ticket",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "402", "403", "404", "409", "410", "422"],
    idempotencyKey: "required",
  },
  { path: "/api/v1/flight/booking/release", tag: "booking", security: "ApiKey", statuses: ["401", "403", "404", "409"] },
  // API guide, Baggage and meals after ticketing.
  {
    path: "/api/v1/flight/booking/ancillaries/quote",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "403", "404", "409", "422"],
    examples: true,
  },
  {
    path: "/api/v1/flight/booking/ancillaries/confirm",
    tag: "booking",
    security: "ApiKey",
    statuses: ["401", "402", "403", "404", "409", "422"],
    idempotencyKey: "required",
    examples: true,
  },
  // The search alias of API guide, Pagination (API guide, Search) and the wallet (API guide, Wallet).
  { path: "/api/v1/search", tag: "search", security: "ApiKey", statuses: ["401", "403", "410"], examples: true },
  { path: "/api/v1/wallet/balance", tag: "wallet", security: "ApiKey", statuses: ["401", "403"] },
  { path: "/api/v1/wallet/statement", tag: "wallet", security: "ApiKey", statuses: ["401", "403"] },
  { path: "/api/v1/wallet/low-balance-threshold", tag: "wallet", security: "ApiKey", statuses: ["401", "403", "404"] },
  // API guide, Webhooks (enterprise agencies; 403 also WEBHOOKS_ENTERPRISE_TIER_REQUIRED).
  { path: "/api/v1/webhooks/create", tag: "webhooks", security: "ApiKey", statuses: ["401", "403"], examples: true },
  { path: "/api/v1/webhooks/list", tag: "webhooks", security: "ApiKey", statuses: ["401", "403"] },
  { path: "/api/v1/webhooks/get", tag: "webhooks", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/webhooks/update", tag: "webhooks", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/webhooks/delete", tag: "webhooks", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/webhooks/rotate-secret", tag: "webhooks", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/webhooks/test", tag: "webhooks", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/webhooks/deliveries", tag: "webhooks", security: "ApiKey", statuses: ["401", "403", "404"], examples: true },
  { path: "/api/v1/webhooks/redeliver", tag: "webhooks", security: "ApiKey", statuses: ["401", "403", "404"] },
  // API guide, Sub-agents (scope agency.manage).
  {
    path: "/api/v1/agency/sub-agents/create",
    tag: "agency",
    security: "ApiKey",
    statuses: ["401", "403", "409", "422"],
    idempotencyKey: "optional",
  },
  { path: "/api/v1/agency/sub-agents/list", tag: "agency", security: "ApiKey", statuses: ["401", "403"] },
  { path: "/api/v1/agency/sub-agents/get", tag: "agency", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/agency/sub-agents/update", tag: "agency", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/agency/sub-agents/suspend", tag: "agency", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/agency/api-keys/issue", tag: "agency", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/agency/api-keys/list", tag: "agency", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/agency/api-keys/revoke", tag: "agency", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/agency/sub-agents/transfer", tag: "agency", security: "ApiKey", statuses: ["401", "402", "403", "404", "422"] },
  // API guide, GST and invoices.
  { path: "/api/v1/invoices/list", tag: "invoices", security: "ApiKey", statuses: ["401", "403"], examples: true },
  { path: "/api/v1/invoices/get", tag: "invoices", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/invoices/pdf", tag: "invoices", security: "ApiKey", statuses: ["401", "403", "404"] },
  { path: "/api/v1/invoices/export", tag: "invoices", security: "ApiKey", statuses: ["401", "403"] },
  // API guide, Secondary surface and logout (API guide, Authentication).
  { path: "/api/auth/send-otp", tag: "auth", security: "none", success: "202" },
  { path: "/api/auth/verify-otp", tag: "auth", security: "none", statuses: ["401"] },
  { path: "/api/flights/search", tag: "flights", security: "session", statuses: ["401", "403"] },
  {
    path: "/api/flights/booking/create",
    tag: "flights",
    security: "session",
    statuses: ["401", "402", "403", "409", "422"],
    idempotencyKey: "optional",
  },
  { path: "/api/auth/logout", tag: "auth", security: "session", body: false, statuses: ["401"] },
];

const SECURITY: Record<Security, unknown> = {
  // An API key, or a session as a bearer token (API guide, Authentication).
  ApiKey: [{ ApiKey: [] }, { Bearer: [] }],
  session: [{ Bearer: [] }, { SessionCookie: [] }],
  none: [],
};

/** Routes that are not API operations and must stay out of the document. */
const INTERNAL = [/^\/healthz$/, /^\/readyz$/, /^\/metrics$/, /^\/docs(\/|$)/, /^\/api\/v1\/openapi\.json$/, /^\/api\/dev\//];
const isInternal = (url: string) => INTERNAL.some((pattern) => pattern.test(url));

const silent = () => createLogger({ name: "gateway", level: "silent" });

/** The gateway over fake services, with every route it registers recorded. */
async function recordedApp(environment?: "development" | "test"): Promise<{ app: FastifyInstance; routes: RouteOptions[] }> {
  const { clients } = fakeServiceClients();
  const app = build({ clients, logger: silent(), ...(environment && { environment }) });
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => void routes.push(route));
  await app.ready();
  return { app, routes };
}

/** The URL Fastify serves a documented path at: the path item's server (or the document's) joined with the path. */
function servedUrl(document: Json, path: string): string {
  const server: string = document.paths[path]?.servers?.[0]?.url ?? document.servers[0].url;
  return `${server.replace(/\/$/, "")}${path}`;
}

/** The document's path items by the URL Fastify serves them at. */
const byServedUrl = (document: Json): Record<string, Json> =>
  Object.fromEntries(Object.keys(document.paths as Json).map((path) => [servedUrl(document, path), document.paths[path]]));

/** Follows a local `$ref` (`#/components/...`) of the document. */
function deref(document: Json, value: Json): Json {
  if (typeof value?.$ref !== "string") return value;
  const path = value.$ref.replace(/^#\//, "").split("/");
  return deref(
    document,
    path.reduce<Json>((node, key) => node?.[key], document),
  );
}

/** Validates values against JSON schemas with Fastify's own Ajv set up as the gateway's. */
async function validateWithGatewayAjv(checks: readonly { schema: object; value: unknown }[], shared: readonly object[] = []) {
  const scratch = Fastify({
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: false, useDefaults: false } },
  });
  for (const schema of shared) scratch.addSchema(schema);
  checks.forEach(({ schema }, i) => scratch.post(`/check/${i}`, { schema: { body: schema } }, async () => "ok"));
  await scratch.ready();
  const results = [];
  for (const [i, { value }] of checks.entries()) {
    const res = await scratch.inject({ method: "POST", url: `/check/${i}`, payload: value as object });
    results.push({ ok: res.statusCode === 200, body: res.body });
  }
  await scratch.close();
  return results;
}

describe("OpenAPI document", () => {
  let app: FastifyInstance;
  let routes: RouteOptions[];
  let document: Json;

  beforeAll(async () => {
    ({ app, routes } = await recordedApp());
    const res = await app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    document = res.json();
  });
  afterAll(() => app?.close());

  it("is served without credentials and without rate limit headers", async () => {
    const res = await app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["ratelimit-limit"]).toBeUndefined();
    expect(res.headers["x-request-id"]).toBeDefined();
    // The docs page reads the same document.
    const ui = await app.inject({ method: "GET", url: "/docs/json" });
    expect(ui.json()).toEqual(document);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(document);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "Tarmac", version: "1.0.0" });
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  it("resolves every $ref inside the document", () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") refs.push(value);
          else walk(value);
        }
      }
    };
    walk(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\/components\//);
      expect(deref(document, { $ref: ref }), ref).toBeTypeOf("object");
    }
  });

  it("defines the security schemes of API guide, Authentication", () => {
    expect(document.components.securitySchemes).toMatchObject({
      ApiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      Bearer: { type: "http", scheme: "bearer" },
      SessionCookie: { type: "apiKey", in: "cookie", name: "tarmac_session" },
    });
  });

  it("lists the tags", () => {
    expect(document.tags.map((t: Json) => t.name)).toEqual([
      "search",
      "fare",
      "booking",
      "wallet",
      "invoices",
      "webhooks",
      "agency",
      "auth",
      "flights",
    ]);
  });

  describe.each(OPERATIONS.map((op) => [op.path, op] as const))("POST %s", (path, expected) => {
    const operation = () => byServedUrl(document)[path]?.post as Json;

    it("is documented with an id, summary, description, tag and security", () => {
      expect(operation(), `${path} is missing from the document`).toBeDefined();
      expect(operation().operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation().summary).toBeTruthy();
      expect(operation().description).toBeTruthy();
      expect(operation().tags).toEqual([expected.tag]);
      expect(operation().security).toEqual(SECURITY[expected.security]);
    });

    it("has a request body schema (application/json)", () => {
      const body = operation().requestBody;
      if (expected.body === false) {
        expect(body).toBeUndefined();
        return;
      }
      expect(body.required).toBe(true);
      expect(body.content["application/json"].schema.type).toBe("object");
    });

    it("has a success response schema with the request id and rate limit headers", () => {
      const success = operation().responses[expected.success ?? "200"];
      expect(success, JSON.stringify(Object.keys(operation().responses))).toBeDefined();
      expect(success.content["application/json"].schema.type).toBe("object");
      for (const header of ["X-Request-ID", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) {
        expect(deref(document, success.headers[header]), header).toMatchObject({ schema: { type: expect.any(String) } });
      }
    });

    it("answers errors in its surface's error schema", () => {
      const component = path.startsWith("/api/v1/") ? ERROR_ENVELOPE : SECONDARY_ERROR;
      const responses = operation().responses as Record<string, Json>;
      const errorStatuses = Object.keys(responses).filter((status) => Number(status) >= 400);
      expect(errorStatuses).toEqual(expect.arrayContaining(["400", "429", "500", "503", ...(expected.statuses ?? [])]));
      for (const status of errorStatuses) {
        expect(responses[status]?.content["application/json"].schema, status).toEqual({ $ref: `#/components/schemas/${component}` });
        expect(responses[status]?.description, status).toMatch(/`[A-Z_]+`/);
        expect(responses[status]?.headers["X-Request-ID"], status).toBeDefined();
      }
      expect(responses["429"]?.headers["Retry-After"]).toEqual({ $ref: "#/components/headers/Retry-After" });
      expect(document.components.headers["Retry-After"].schema.type).toBe("integer");
    });

    it("documents the Idempotency-Key header as the route requires it", () => {
      const parameters = (operation().parameters ?? []) as Json[];
      const key = parameters.find((p) => p.in === "header" && p.name === "Idempotency-Key");
      if (expected.idempotencyKey === undefined) expect(key).toBeUndefined();
      else expect(key?.required).toBe(expected.idempotencyKey === "required");
      const requestId = parameters.find((p) => p.in === "header" && p.name === "X-Request-ID");
      expect(requestId?.required).toBe(false);
    });

    it.runIf(expected.examples)("has request and response examples", () => {
      // One example is written as `example`, several as named `examples`.
      const examplesOf = (media: Json) => (media.example !== undefined ? [media.example] : Object.values(media.examples ?? {}));
      expect(examplesOf(operation().requestBody.content["application/json"]).length).toBeGreaterThan(0);
      expect(examplesOf(operation().responses["200"].content["application/json"]).length).toBeGreaterThan(0);
    });
  });

  it("documents every route the gateway serves, except the internal ones", () => {
    const served = routes
      .filter((route) => route.method !== "HEAD" && !isInternal(route.url))
      .flatMap((route) => [route.method].flat().map((method) => `${method.toLowerCase()} ${route.url}`));
    const documented = Object.entries(byServedUrl(document)).flatMap(([url, item]) =>
      Object.keys(item)
        .filter((key) => key !== "servers")
        .map((method) => `${method} ${url}`),
    );
    expect(served.length).toBeGreaterThanOrEqual(OPERATIONS.length);
    expect(documented.sort()).toEqual([...new Set(served)].sort());
    expect(documented.length).toBe(OPERATIONS.length);
  });

  it("leaves the internal routes out", () => {
    const internal = routes.filter((route) => isInternal(route.url)).map((route) => route.url);
    expect(internal).toEqual(expect.arrayContaining(["/healthz", "/api/v1/openapi.json", "/docs"]));
    // Readiness and metrics are on the operations port only, never on the public one.
    expect(routes.map((route) => route.url)).not.toEqual(expect.arrayContaining(["/readyz"]));
    expect(routes.map((route) => route.url)).not.toEqual(expect.arrayContaining(["/metrics"]));
    for (const url of Object.keys(byServedUrl(document))) expect(isInternal(url), url).toBe(false);
  });

  it("has unique operation ids", () => {
    const ids = Object.values(document.paths as Record<string, Json>).flatMap((item) =>
      Object.entries(item)
        .filter(([key]) => key !== "servers")
        .map(([, op]: [string, Json]) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents Idempotency-Key exactly on the routes whose config takes one", () => {
    for (const route of routes.filter((r) => r.method === "POST" && !isInternal(r.url))) {
      const key = (byServedUrl(document)[route.url]?.post.parameters as Json[]).find((p) => p.name === "Idempotency-Key");
      const config = route.config?.idempotency;
      const mode = config === undefined ? undefined : typeof config === "string" || !config.optional ? "required" : "optional";
      expect(key === undefined ? undefined : key.required ? "required" : "optional", route.url).toBe(mode);
    }
  });

  it("documents X-Request-ID with the pattern the gateway enforces", () => {
    const pattern = new RegExp(REQUEST_ID_PATTERN, "u");
    for (const sample of ["abc-123", "a.b_c:d", "x".repeat(128), "", "x".repeat(129), "has space", "emoji-😀", "semi;colon"]) {
      expect(pattern.test(sample), sample).toBe(isValidRequestId(sample));
    }
  });

  it("has only valid examples: each against its own schema, by an independent validator (Ajv, JSON Schema 2020-12, formats)", () => {
    const examples = examplesOf(document);
    expect(examples.length).toBeGreaterThanOrEqual(countOf(recordedExamples));
    const ajv = documentAjv(document);
    const problems = examples.flatMap(({ schemaAt, value, where }) => ajv.validate(schemaAt, value).map((p) => `${where}: ${p}`));
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("carries every recorded example, and only recorded ones in request and response bodies", () => {
    const { placed } = withRecordedExamples(structuredClone(document));
    expect(placed).toBe(countOf(recordedExamples));
    const inBodies = examplesOf(document).filter(({ where }) => / (request|response \d{3})$/.test(where.split(" example ")[0]!));
    expect(inBodies).toHaveLength(placed);
  });

  it("documents the dev outbox only in development", async () => {
    expect(byServedUrl(document)["/api/dev/outbox"]).toBeUndefined();
    const dev = await recordedApp("development");
    try {
      const devDocument = (await dev.app.inject({ method: "GET", url: OPENAPI_PATH })).json();
      expect(devDocument.paths["/api/dev/outbox"].get).toMatchObject({ tags: ["dev"], security: [] });
      expect(devDocument.tags.map((t: Json) => t.name)).toContain("dev");
    } finally {
      await dev.app.close();
    }
  });
});

describe("error schemas", () => {
  it("declare every field toEnvelope and toSecondaryError write (undeclared ones would be dropped)", () => {
    const error = new DomainError("PROVIDER_REJECTED", "refused", {
      errors: [{ field: "passengers[0].dob", code: "INVALID_VALUE", message: "too young" }],
      provider: { name: "SANDBOX", code: "R12", message: "refused" },
    });
    const priceChanged = new DetailedError("PROVIDER_PRICE_CHANGED", "new price", { total_price: 74.62 }, { errors: error.errors });
    const undeclared = (value: unknown, schema: Json, at: string): string[] => {
      if (Array.isArray(value)) return value.flatMap((item, i) => undeclared(item, schema.items, `${at}[${i}]`));
      if (!value || typeof value !== "object" || schema.additionalProperties === true) return [];
      return Object.entries(value).flatMap(([key, nested]) =>
        schema.properties?.[key] ? undeclared(nested, schema.properties[key], `${at}.${key}`) : [`${at}.${key}`],
      );
    };
    expect(undeclared(toEnvelope(error, "trace-1"), errorEnvelopeSchema, "envelope")).toEqual([]);
    expect(undeclared(toSecondaryError(priceChanged), secondaryErrorSchema, "secondary")).toEqual([]);
  });

  it("are what real error answers look like, byte for byte as before", async () => {
    const { app } = await recordedApp();
    try {
      const primary = await app.inject({
        method: "POST",
        url: "/api/v1/flight/search",
        headers: { "content-type": "application/json", "x-api-key": keys.valid, "x-request-id": "trace-openapi-1" },
        payload: { origin: "del", dod: "2026", extra: 1 },
      });
      expect(primary.statusCode).toBe(400);
      const envelope = primary.json();
      expect(primary.body).toBe(JSON.stringify(envelope));
      expect(envelope.trace_id).toBe("trace-openapi-1");
      expect(envelope.error.errors.length).toBeGreaterThan(1);

      const secondary = await app.inject({
        method: "POST",
        url: "/api/flights/search",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.valid}` },
        payload: { origin: "DEL", destination: "BOM", departure_date: "2026-12-01", adults: 0, travel_class: "ECONOMY" },
      });
      expect(secondary.statusCode).toBe(400);
      expect(secondary.json()).toMatchObject({ success: false, error: { code: "VALIDATION_FAILED" } });

      const results = await validateWithGatewayAjv(
        [
          { schema: { $ref: `${ERROR_ENVELOPE}#` }, value: envelope },
          { schema: { $ref: `${SECONDARY_ERROR}#` }, value: secondary.json() },
        ],
        [errorEnvelopeSchema, secondaryErrorSchema],
      );
      expect(results.map((r) => r.body)).toEqual(["ok", "ok"]);
    } finally {
      await app.close();
    }
  });
});
