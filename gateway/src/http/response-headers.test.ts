import { afterEach, describe, expect, it } from "vitest";
import { keys } from "../testing/fake-services.js";
import { securePost } from "../testing/secondary.js";
import { searchRequest, type TestApp, testApp } from "../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

describe("headers on every answer", () => {
  it("sends X-Content-Type-Options: nosniff on both surfaces, successes and errors alike", async () => {
    gateway = await testApp();
    const requests = [
      { method: "GET" as const, url: "/healthz" },
      { method: "GET" as const, url: "/api/v1/openapi.json" },
      { method: "GET" as const, url: "/nope" },
      { method: "DELETE" as const, url: "/healthz" },
      searchRequest(),
      searchRequest('{"origin":'),
      searchRequest(undefined, { "content-type": "text/plain" }),
      searchRequest(undefined, { "x-api-key": "tk_test_wrong" }),
      searchRequest(undefined, { "x-request-id": "not valid!" }),
      searchRequest(JSON.stringify({ mode: "x".repeat(1_048_576) })),
      { method: "POST" as const, url: "/api/v1/wallet/balance", headers: { "x-api-key": keys.valid } },
      securePost("/api/flights/search", {}),
      securePost("/api/flights/booking/create", {}, { authorization: undefined }),
      { method: "GET" as const, url: "/api/flights/nope" },
    ];
    for (const request of requests) {
      const response = await gateway.app.inject(request);
      expect(response.headers["x-content-type-options"], `${request.method} ${request.url} ${response.statusCode}`).toBe("nosniff");
    }
  });

  it("sends Cache-Control: no-store on booking and wallet answers, errors included, and only there", async () => {
    gateway = await testApp();
    const post = (url: string, headers: Record<string, string> = {}) => ({
      method: "POST" as const,
      url,
      headers: { "content-type": "application/json", "x-api-key": keys.valid, ...headers },
      payload: "{}",
    });
    const private_ = [
      post("/api/v1/flight/booking/create", { "idempotency-key": "k1" }),
      post("/api/v1/flight/booking/status"),
      post("/api/v1/flight/booking/cancel/quote"),
      post("/api/v1/flight/booking/reschedule/confirm", { "idempotency-key": "k2" }),
      post("/api/v1/wallet/balance"),
      post("/api/v1/wallet/statement"),
      post("/api/v1/wallet/balance", { "x-api-key": "tk_test_wrong" }),
      { method: "GET" as const, url: "/api/v1/wallet/balance" },
      { method: "GET" as const, url: "/api/v1/flight/booking/nope?x=1" },
      securePost("/api/flights/booking/create", {}),
      securePost("/api/flights/booking/create", {}, { authorization: undefined }),
    ];
    for (const request of private_) {
      const response = await gateway.app.inject(request);
      expect(response.headers["cache-control"], `${request.method} ${request.url} ${response.statusCode}`).toBe("no-store");
    }
    const public_ = [
      searchRequest(),
      { method: "GET" as const, url: "/healthz" },
      securePost("/api/flights/search", {}),
      post("/api/v1/flight/bookings"),
    ];
    for (const request of public_) {
      const response = await gateway.app.inject(request);
      expect(response.headers["cache-control"], `${request.method} ${request.url}`).toBeUndefined();
    }
  });
});
