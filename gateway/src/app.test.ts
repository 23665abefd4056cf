import { afterEach, describe, expect, it } from "vitest";
import { keys } from "./testing/fake-services.js";
import { cannedOffer, searchPage } from "./testing/canned-offers.js";
import { expectEnvelope } from "./testing/envelope.js";
import { searchRequest, type TestApp, testApp } from "./testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

describe("routing errors", () => {
  it("answers an unknown route with 404 ROUTE_NOT_FOUND, on every prefix", async () => {
    gateway = await testApp();
    for (const url of ["/nope", "/api/v1/flight/nope", "/api/whatever", "/api/v1"]) {
      const response = await gateway.app.inject({ method: "GET", url });
      expectEnvelope(response, "ROUTE_NOT_FOUND");
    }
  });

  it("answers a known path with the wrong method with 405 and Allow", async () => {
    gateway = await testApp();
    const search = await gateway.app.inject({ method: "GET", url: "/api/v1/flight/search?x=1" });
    expectEnvelope(search, "METHOD_NOT_ALLOWED");
    expect(search.headers.allow).toBe("POST");
    const health = await gateway.app.inject({ method: "DELETE", url: "/healthz" });
    expectEnvelope(health, "METHOD_NOT_ALLOWED");
    expect(health.headers.allow).toBe("GET, HEAD");
  });
});

describe("request bodies", () => {
  it("rejects malformed JSON with 400 VALIDATION_MALFORMED_JSON", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(searchRequest('{"origin": "DEL",'));
    expectEnvelope(response, "VALIDATION_MALFORMED_JSON");
    expect(gateway.calls.search).toHaveLength(0);
  });

  it("rejects an empty JSON body with 400 VALIDATION_MALFORMED_JSON", async () => {
    gateway = await testApp();
    expectEnvelope(await gateway.app.inject(searchRequest("")), "VALIDATION_MALFORMED_JSON");
  });

  it("rejects a JSON body that is not an object with 400 VALIDATION_FAILED", async () => {
    gateway = await testApp();
    for (const payload of ["[]", "null", "42", '"DEL"']) {
      const body = expectEnvelope(await gateway.app.inject(searchRequest(payload)), "VALIDATION_FAILED");
      expect(body.error.message).toBe("Request body must be a JSON object");
    }
  });

  it("rejects other media types, and a missing Content-Type, with 415", async () => {
    gateway = await testApp();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml", "application/json-patch+json"]) {
      const response = await gateway.app.inject(searchRequest(undefined, { "content-type": type }));
      expectEnvelope(response, "UNSUPPORTED_MEDIA_TYPE");
    }
    const bare = searchRequest();
    const { "content-type": _omitted, ...headers } = bare.headers;
    expectEnvelope(await gateway.app.inject({ ...bare, headers }), "UNSUPPORTED_MEDIA_TYPE");
    expectEnvelope(await gateway.app.inject({ ...bare, headers, payload: undefined }), "UNSUPPORTED_MEDIA_TYPE");
    expect(gateway.calls.search).toHaveLength(0);
  });

  it("accepts application/json with or without charset=utf-8, and refuses other charsets", async () => {
    gateway = await testApp();
    for (const type of ["application/json; charset=utf-8", 'application/JSON;charset="UTF-8"', "application/json"]) {
      expect((await gateway.app.inject(searchRequest(undefined, { "content-type": type }))).statusCode).toBe(200);
    }
    const latin1 = await gateway.app.inject(searchRequest(undefined, { "content-type": "application/json; charset=latin1" }));
    expectEnvelope(latin1, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("rejects a body over 1 MiB with 413 PAYLOAD_TOO_LARGE", async () => {
    gateway = await testApp();
    const payload = JSON.stringify({ origin: "DEL", dest: "BOM", dod: "20261201", mode: "x".repeat(1_048_576) });
    expectEnvelope(await gateway.app.inject(searchRequest(payload)), "PAYLOAD_TOO_LARGE");
    expect(gateway.calls.search).toHaveLength(0);
  });
});

describe("unexpected failures", () => {
  it("answers 500 INTERNAL without the cause, and logs the cause", async () => {
    gateway = await testApp({ search: () => searchPage({ results: [cannedOffer({ bestPricePaise: 2n ** 60n })] }) });
    const response = await gateway.app.inject(searchRequest());
    const body = expectEnvelope(response, "INTERNAL");
    expect(body.error.message).toBe("Internal error");
    expect(response.body).not.toMatch(/paise|RangeError|at .*\.ts/);
    const logged = gateway.logs.find((line) => line.msg === "request failed unexpectedly");
    expect(JSON.stringify(logged?.err)).toMatch(/paise value out of range/);
    expect(logged?.requestId).toBe(body.trace_id);
  });
});

describe("X-Request-ID", () => {
  it("echoes a given id as header and trace_id, and forwards it to the services", async () => {
    gateway = await testApp();
    const ok = await gateway.app.inject(searchRequest(undefined, { "x-request-id": "client-req.42" }));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["x-request-id"]).toBe("client-req.42");
    expect(gateway.calls.requestIds).toEqual(["client-req.42", "client-req.42"]);
    const failed = await gateway.app.inject({ method: "GET", url: "/nowhere", headers: { "x-request-id": "abc:1" } });
    expect(expectEnvelope(failed, "ROUTE_NOT_FOUND").trace_id).toBe("abc:1");
  });

  it("generates an id when none is given, on success and on error", async () => {
    gateway = await testApp();
    const ok = await gateway.app.inject(searchRequest());
    expect(ok.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await gateway.app.inject(searchRequest(undefined, { "x-api-key": "" }));
    expect(expectEnvelope(failed, "AUTH_MISSING_CREDENTIALS").trace_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(failed.headers["x-request-id"]).not.toBe(ok.headers["x-request-id"]);
  });

  it("rejects a malformed id with 400 naming the header, under a generated trace id", async () => {
    gateway = await testApp();
    for (const id of ["has space", "x".repeat(129), "semi;colon"]) {
      const response = await gateway.app.inject(searchRequest(undefined, { "x-request-id": id }));
      const body = expectEnvelope(response, "VALIDATION_FAILED");
      expect(body.error.errors).toEqual([{ field: "X-Request-ID", code: "INVALID_FORMAT", message: expect.any(String) }]);
      expect(body.trace_id).not.toBe(id);
    }
    expect(gateway.calls.verifyApiKey).toHaveLength(0);
  });
});

describe("request log", () => {
  it("writes one line per request with id, route, status and duration", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(searchRequest(undefined, { "x-api-key": keys.bookOnly }));
    const lines = gateway.logs.filter((line) => line.msg === "request completed");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      requestId: response.headers["x-request-id"],
      method: "POST",
      route: "/api/v1/flight/search",
      status: 403,
      code: "AUTH_FORBIDDEN",
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(gateway.logs)).not.toContain(keys.bookOnly);
  });
});

describe("client addresses behind a proxy", () => {
  it("believes X-Forwarded-For only from the configured proxies", async () => {
    const { build } = await import("./app.js");
    const { fakeServiceClients } = await import("./testing/fake-services.js");
    const { createLogger } = await import("@tarmac/kernel");
    const seen: string[] = [];
    for (const trustProxy of [false, ["127.0.0.1"]] as const) {
      const app = build({
        clients: fakeServiceClients().clients,
        logger: createLogger({ name: "gateway", level: "silent" }),
        ...(trustProxy && { trustProxy: [...trustProxy] }),
      });
      app.addHook("onRequest", async (request) => void seen.push(request.ip));
      await app.inject({ method: "GET", url: "/healthz", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.7" } });
      await app.close();
    }
    expect(seen).toEqual(["127.0.0.1", "203.0.113.7"]);
  });
});
