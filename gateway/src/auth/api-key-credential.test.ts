import { createServiceClient } from "@tarmac/kernel";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { fakeServiceClients, keys } from "../testing/fake-services.js";
import { expectEnvelope } from "../testing/envelope.js";
import { searchRequest, type TestApp, testApp } from "../testing/test-app.js";
import { silentLogger, testCredential } from "@tarmac/kernel/testing";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

describe("X-API-Key", () => {
  it("answers 401 AUTH_MISSING_CREDENTIALS without the header, before reading the body", async () => {
    gateway = await testApp();
    const { "x-api-key": _omitted, ...headers } = searchRequest().headers;
    expectEnvelope(await gateway.app.inject({ ...searchRequest(), headers }), "AUTH_MISSING_CREDENTIALS");
    expectEnvelope(await gateway.app.inject({ ...searchRequest("{broken"), headers }), "AUTH_MISSING_CREDENTIALS");
    expect(gateway.calls.verifyApiKey).toHaveLength(0);
  });

  it("passes the auth service's 401 AUTH_INVALID_API_KEY through", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(searchRequest(undefined, { "x-api-key": "tk_test_nope" }));
    const body = expectEnvelope(response, "AUTH_INVALID_API_KEY");
    expect(body.error.message).toBe("Unknown, revoked or expired API key");
    expect(gateway.calls.search).toHaveLength(0);
  });

  it("answers 403 AUTH_AGENT_SUSPENDED for a suspended agent's key", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(searchRequest(undefined, { "x-api-key": keys.suspended }));
    expectEnvelope(response, "AUTH_AGENT_SUSPENDED");
    expect(gateway.calls.search).toHaveLength(0);
  });

  it("answers 403 AUTH_FORBIDDEN for a key without the route's scope", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(searchRequest(undefined, { "x-api-key": keys.bookOnly }));
    const body = expectEnvelope(response, "AUTH_FORBIDDEN");
    expect(body.error.message).toContain("flight.search");
    expect(gateway.calls.search).toHaveLength(0);
  });

  it("asks the auth service once for two requests within the cache TTL, and each time without a cache", async () => {
    gateway = await testApp();
    for (let i = 0; i < 2; i++) expect((await gateway.app.inject(searchRequest())).statusCode).toBe(200);
    expect(gateway.calls.verifyApiKey).toEqual([keys.valid]);
    expect(gateway.calls.search).toHaveLength(2);
    await gateway.app.close();

    gateway = await testApp({}, 0);
    for (let i = 0; i < 2; i++) await gateway.app.inject(searchRequest());
    expect(gateway.calls.verifyApiKey).toHaveLength(2);
  });

  it("does not cache a rejected key", async () => {
    gateway = await testApp();
    for (let i = 0; i < 2; i++) await gateway.app.inject(searchRequest(undefined, { "x-api-key": keys.suspended }));
    expect(gateway.calls.verifyApiKey).toHaveLength(2);
  });

  it("answers 503 UNAVAILABLE (retryable) when the auth service cannot be reached", async () => {
    const { clients } = fakeServiceClients();
    // A real client to a loopback port nobody listens on: the connection is refused.
    clients.auth = createServiceClient(AuthService, "http://127.0.0.1:1", { timeoutMs: 2_000, credential: testCredential("gateway") });
    const app = build({ clients, logger: silentLogger() });
    const response = await app.inject(searchRequest());
    const body = expectEnvelope(response, "UNAVAILABLE");
    expect(body.error.retryable).toBe(true);
    expect(response.body).not.toContain("ECONNREFUSED");
    await app.close();
  });
});
