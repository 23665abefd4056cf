import { AgentTier, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { AGENT_ID, keys, sessionToken, tokens } from "../testing/fake-services.js";
import { expectSecondaryError, type SecondaryTestApp, secondaryTestApp, securePost } from "../testing/secondary.js";

let gateway: SecondaryTestApp;
afterEach(async () => gateway?.app.close());

const searchBody = { origin: "DEL", destination: "BOM", departure_date: "2026-12-01", adults: 1, travel_class: "ECONOMY" };
const search = (headers: Record<string, string | undefined>, body: unknown = searchBody) =>
  gateway.app.inject(securePost("/api/flights/search", body, headers));

describe("bearer token authentication (secondary surface)", () => {
  it("accepts Authorization: Bearer, for the token's agent", async () => {
    gateway = await secondaryTestApp();
    const response = await search({});
    expect(response.statusCode, response.body).toBe(200);
    expect(gateway.calls.verifyToken).toEqual([tokens.valid]);
    expect(gateway.calls.search[0]?.agentId).toBe(AGENT_ID);
  });

  it("accepts the scheme in any case", async () => {
    gateway = await secondaryTestApp();
    expect((await search({ authorization: `bearer ${tokens.valid}` })).statusCode).toBe(200);
  });

  it("accepts the tarmac_session cookie instead", async () => {
    gateway = await secondaryTestApp();
    const response = await search({ authorization: undefined, cookie: `theme=dark; tarmac_session=${tokens.valid}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(gateway.calls.verifyToken).toEqual([tokens.valid]);
  });

  it("prefers the Authorization header over the cookie", async () => {
    gateway = await secondaryTestApp();
    expectSecondaryError(
      await search({ authorization: "Bearer tok_unknown", cookie: `tarmac_session=${tokens.valid}` }),
      "AUTH_INVALID_TOKEN",
    );
  });

  it("answers 401 AUTH_MISSING_CREDENTIALS without either, before reading the body", async () => {
    gateway = await secondaryTestApp();
    expectSecondaryError(await search({ authorization: undefined }), "AUTH_MISSING_CREDENTIALS");
    expectSecondaryError(await search({ authorization: undefined }, "{broken"), "AUTH_MISSING_CREDENTIALS");
    expectSecondaryError(await search({ authorization: undefined, cookie: "tarmac_session=" }), "AUTH_MISSING_CREDENTIALS");
    expect(gateway.calls.verifyToken).toEqual([]);
    expect(gateway.calls.search).toEqual([]);
  });

  it("does not take an API key on the secondary surface", async () => {
    gateway = await secondaryTestApp();
    expectSecondaryError(await search({ authorization: undefined, "x-api-key": keys.valid }), "AUTH_MISSING_CREDENTIALS");
  });

  it.each([["Basic dXNlcjpwdw=="], ["Bearer"], ["Bearer a b"], [tokens.valid]])(
    "answers 401 AUTH_INVALID_TOKEN to Authorization: %s",
    async (value) => {
      gateway = await secondaryTestApp();
      expectSecondaryError(await search({ authorization: value }), "AUTH_INVALID_TOKEN");
      expect(gateway.calls.verifyToken).toEqual([]);
    },
  );

  it("passes auth's 401 AUTH_INVALID_TOKEN and AUTH_TOKEN_EXPIRED through", async () => {
    gateway = await secondaryTestApp();
    const invalid = expectSecondaryError(await search({ authorization: `Bearer ${sessionToken("unknown")}` }), "AUTH_INVALID_TOKEN");
    expect(invalid.error.message).toBe("Unknown or revoked token");
    expectSecondaryError(await search({ authorization: `Bearer ${tokens.expired}` }), "AUTH_TOKEN_EXPIRED");
    expect(gateway.calls.search).toEqual([]);
  });

  it("answers 403 AUTH_AGENT_SUSPENDED for a suspended agent's token", async () => {
    gateway = await secondaryTestApp();
    expectSecondaryError(await search({ authorization: `Bearer ${tokens.suspended}` }), "AUTH_AGENT_SUSPENDED");
    expect(gateway.calls.search).toEqual([]);
  });

  it("answers 403 AUTH_FORBIDDEN for a token without the route's scope", async () => {
    gateway = await secondaryTestApp();
    const response = await gateway.app.inject(
      securePost("/api/flights/booking/create", {}, { authorization: `Bearer ${tokens.searchOnly}` }),
    );
    expect(expectSecondaryError(response, "AUTH_FORBIDDEN").error.message).toContain("flight.book");
  });

  it("asks auth once per token within the cache TTL, never caching a failure, and every time without a cache", async () => {
    gateway = await secondaryTestApp();
    for (let i = 0; i < 2; i++) expect((await search({})).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await search({ authorization: `Bearer ${sessionToken("unknown")}` });
    // A malformed token never reaches the auth service.
    await search({ authorization: "Bearer tok_unknown" });
    expect(gateway.calls.verifyToken).toEqual([tokens.valid, sessionToken("unknown"), sessionToken("unknown")]);
    await gateway.app.close();

    gateway = await secondaryTestApp({}, { authCacheTtlMs: 0 });
    for (let i = 0; i < 2; i++) await search({});
    expect(gateway.calls.verifyToken).toHaveLength(2);
  });

  it("sets the same request.caller as API keys, with the session as its key id", async () => {
    let seen: unknown;
    gateway = await secondaryTestApp({}, {}, (app) =>
      app.addHook("onResponse", async (request) => {
        seen = request.caller;
      }),
    );
    await search({});
    expect(seen).toMatchObject({
      agentId: AGENT_ID,
      keyId: "ses_001",
      userId: "usr_001",
      scopes: [Scope.FLIGHT_SEARCH, Scope.FLIGHT_BOOK],
      tier: AgentTier.ENTERPRISE,
    });
  });

  it("answers an unknown route under /api/flights 404 in the secondary format, credentials or not", async () => {
    gateway = await secondaryTestApp();
    expectSecondaryError(await gateway.app.inject({ method: "POST", url: "/api/flights/nope" }), "ROUTE_NOT_FOUND");
    expectSecondaryError(await gateway.app.inject(securePost("/api/flights/booking/cancel", {})), "ROUTE_NOT_FOUND");
    const wrongMethod = await gateway.app.inject({ method: "GET", url: "/api/flights/search" });
    expectSecondaryError(wrongMethod, "METHOD_NOT_ALLOWED");
    expect(wrongMethod.headers.allow).toBe("POST");
    expect(gateway.calls.verifyToken).toEqual([]);
  });
});
