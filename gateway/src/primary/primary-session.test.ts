import { afterEach, describe, expect, it } from "vitest";
import { keys, tokens } from "../testing/fake-services.js";
import { expectEnvelope } from "../testing/envelope.js";
import { searchRequest, type TestApp, testApp } from "../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

/** A primary search with a session instead of an API key. */
const withSession = (headers: Record<string, string>, url = "/api/v1/flight/search", body?: unknown) => {
  const { "x-api-key": _key, ...rest } = searchRequest(body, headers).headers;
  return { ...searchRequest(body), url, headers: rest };
};

/**
 * API guide, Authentication: sessions get every primary scope but webhooks.manage. The primary
 * surface took only X-API-Key, so a one-time-code user could book on the secondary surface and
 * then neither follow nor cancel the booking (issue 36).
 */
describe("a session on the primary surface", () => {
  it("is accepted as Authorization: Bearer, for the session's agent and with its scopes", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(withSession({ authorization: `Bearer ${tokens.valid}` }));
    expect(response.statusCode, response.body).toBe(200);
    expect(gateway.calls.verifyToken).toEqual([tokens.valid]);
    expect(gateway.calls.verifyApiKey).toEqual([]);
  });

  it("is refused a route its scopes lack, naming the session", async () => {
    gateway = await testApp();
    const refused = await gateway.app.inject(withSession({ authorization: `Bearer ${tokens.searchOnly}` }, "/api/v1/wallet/balance", {}));
    expect(expectEnvelope(refused, "AUTH_FORBIDDEN").error.message).toBe("This session lacks the wallet.read scope");
  });

  it("answers 401 for a token that is no session token, or one auth does not know, or an expired one", async () => {
    gateway = await testApp();
    expectEnvelope(await gateway.app.inject(withSession({ authorization: "Bearer garbage" })), "AUTH_INVALID_TOKEN");
    expectEnvelope(await gateway.app.inject(withSession({ authorization: "Basic dXNlcjpwYXNz" })), "AUTH_INVALID_TOKEN");
    expectEnvelope(await gateway.app.inject(withSession({ authorization: `Bearer ${tokens.expired}` })), "AUTH_TOKEN_EXPIRED");
    expectEnvelope(await gateway.app.inject(withSession({ authorization: `Bearer ${tokens.suspended}` })), "AUTH_AGENT_SUSPENDED");
  });

  it("is not read from the session cookie: a browser sends that by itself", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(withSession({ cookie: `tarmac_session=${tokens.valid}` }));
    const body = expectEnvelope(response, "AUTH_MISSING_CREDENTIALS");
    expect(body.error.message).toContain("X-API-Key");
    expect(body.error.message).toContain("Authorization: Bearer");
    expect(gateway.calls.verifyToken).toEqual([]);
  });

  it("gives way to an API key when both are sent", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(searchRequest(undefined, { authorization: `Bearer ${tokens.valid}` }));
    expect(response.statusCode, response.body).toBe(200);
    expect(gateway.calls.verifyApiKey).toEqual([keys.valid]);
    expect(gateway.calls.verifyToken).toEqual([]);
  });

  it("stops working on the primary surface the moment logout answers, despite the cache", async () => {
    gateway = await testApp();
    expect((await gateway.app.inject(withSession({ authorization: `Bearer ${tokens.valid}` }))).statusCode).toBe(200);
    const logout = await gateway.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${tokens.valid}` },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expectEnvelope(await gateway.app.inject(withSession({ authorization: `Bearer ${tokens.valid}` })), "AUTH_INVALID_TOKEN");
  });
});
