import { describe, expect, it } from "vitest";
import { operationResolver } from "./operation-resolver.js";
import { type Exchange, responseChecker } from "./response-check.js";

const ok = { type: "object", required: ["at"], additionalProperties: false, properties: { at: { type: "string", format: "date-time" } } };

/** A document in the shape the gateway's will take: a server prefix, a path with its own server, components. */
const document = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  servers: [{ url: "https://api.example.test/api/v1" }],
  components: {
    schemas: { Ok: ok, Error: { type: "object", required: ["code"], properties: { code: { type: "string" } } } },
    headers: { "X-Request-ID": { required: true, schema: { type: "string" } }, "RateLimit-Limit": { schema: { type: "integer" } } },
  },
  paths: {
    "/flight/search": {
      post: {
        operationId: "search",
        responses: {
          "200": {
            description: "ok",
            headers: {
              "X-Request-ID": { $ref: "#/components/headers/X-Request-ID" },
              "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
            },
            content: { "application/json": { schema: { $ref: "#/components/schemas/Ok" } } },
          },
          "4XX": { description: "error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        },
      },
    },
    "/auth/logout": { servers: [{ url: "/api" }], post: { operationId: "logout", responses: { "204": { description: "done" } } } },
    "/booking/{id}": { get: { operationId: "booking", responses: { "200": { description: "ok" } } } },
    "/booking/latest": { get: { operationId: "latest", responses: { "200": { description: "ok" } } } },
  },
};

const exchange = (over: Partial<Exchange>): Exchange => ({
  method: "POST",
  path: "/api/v1/flight/search",
  status: 200,
  headers: { "x-request-id": "r1", "ratelimit-limit": "10", "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify({ at: "2026-12-01T05:30:00.000Z" }),
  ...over,
});

describe("operationResolver", () => {
  const resolve = operationResolver(document);
  it("resolves paths under the document's server URL, a path item's own servers and templates (literal paths first)", () => {
    expect(resolve("POST", "/api/v1/flight/search")?.operation.operationId).toBe("search");
    expect(resolve("POST", "/flight/search")).toBeUndefined();
    expect(resolve("POST", "/api/auth/logout")?.operation.operationId).toBe("logout");
    expect(resolve("POST", "/api/v1/auth/logout")).toBeUndefined();
    expect(resolve("GET", "/api/v1/booking/bkg_1")?.operation.operationId).toBe("booking");
    expect(resolve("GET", "/api/v1/booking/latest")?.operation.operationId).toBe("latest");
    expect(resolve("GET", "/api/v1/flight/search")).toBeUndefined();
  });
});

describe("responseChecker", () => {
  const check = responseChecker(document);
  it("passes an answer the document describes, an error under a status range, and an empty documented answer", () => {
    expect(check(exchange({}))).toEqual([]);
    expect(check(exchange({ status: 404, headers: { "content-type": "application/json" }, body: '{"code":"NOT_FOUND"}' }))).toEqual([]);
    expect(check(exchange({ path: "/api/auth/logout", status: 204, body: "" }))).toEqual([]);
  });

  it("fails an undocumented path or status", () => {
    expect(check(exchange({ path: "/api/v1/flight/other" }))).toEqual([expect.stringContaining("no operation")]);
    expect(check(exchange({ status: 500 }))).toEqual([expect.stringContaining("status not documented")]);
  });

  it("fails a body off its schema, with a bad format, or of another media type", () => {
    expect(check(exchange({ body: JSON.stringify({ at: "2026-12-01T05:30:00.000Z", extra: 1 }) }))).toEqual([
      expect.stringContaining("must NOT have additional properties"),
    ]);
    expect(check(exchange({ body: JSON.stringify({ at: "yesterday" }) }))).toEqual([
      expect.stringContaining('must match format "date-time"'),
    ]);
    expect(check(exchange({ headers: { "x-request-id": "r1", "content-type": "text/plain" } }))).toEqual([
      expect.stringContaining("content-type text/plain"),
    ]);
    expect(check(exchange({ path: "/api/auth/logout", status: 204, body: "{}" }))).toEqual([expect.stringContaining("body was sent")]);
  });

  it("fails a missing required header and a documented header off its schema", () => {
    expect(check(exchange({ headers: { "content-type": "application/json" } }))).toEqual([
      expect.stringContaining("required header X-Request-ID missing"),
    ]);
    expect(check(exchange({ headers: { "x-request-id": "r1", "ratelimit-limit": "many", "content-type": "application/json" } }))).toEqual([
      expect.stringContaining("header RateLimit-Limit"),
    ]);
  });
});
