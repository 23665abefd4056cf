import { afterEach, describe, expect, it, vi } from "vitest";
import { expectEnvelope } from "../testing/envelope.js";
import { keys, sessionToken, tokens } from "../testing/fake-services.js";
import { expectSecondaryError, type SecondaryTestApp, secondaryTestApp, securePost } from "../testing/secondary.js";
import { searchRequest } from "../testing/test-app.js";

let gateway: SecondaryTestApp;
afterEach(async () => gateway?.app.close());

const WINDOW_MS = 1_000;
const fromAddress = (remoteAddress: string, headers: Record<string, string> = {}) => ({
  ...searchRequest(undefined, headers),
  remoteAddress,
});
const wrongKey = (n: number) => `tk_test_stuffing_${String(n).padStart(32, "0")}`;

describe("failed authentications per client address", () => {
  it("answers 429 with Retry-After past the limit, even to a right key, and recovers after the window", async () => {
    gateway = await secondaryTestApp({}, { authFailureLimits: { limit: 3, windowMs: WINDOW_MS } });
    const { app, calls } = gateway;
    for (let n = 1; n <= 3; n++)
      expectEnvelope(await app.inject(fromAddress("203.0.113.7", { "x-api-key": wrongKey(n) })), "AUTH_INVALID_API_KEY");

    const fourth = await app.inject(fromAddress("203.0.113.7", { "x-api-key": wrongKey(4) }));
    expect(expectEnvelope(fourth, "RATE_LIMITED").error.message).toMatch(/failed authentications from this address/);
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThanOrEqual(1);

    // Blocked before the credential is looked at: a right guess cannot be told from a wrong one.
    const verifiedBefore = calls.verifyApiKey.length;
    expectEnvelope(await app.inject(fromAddress("203.0.113.7")), "RATE_LIMITED");
    expect(calls.verifyApiKey).toHaveLength(verifiedBefore);
    // Another address, and a right key from it, are untouched.
    expect((await app.inject(fromAddress("198.51.100.9"))).statusCode).toBe(200);

    await vi.waitFor(async () => expect((await app.inject(fromAddress("203.0.113.7"))).statusCode).toBe(200), {
      timeout: 3 * WINDOW_MS,
      interval: 100,
    });
  });

  it("counts wrong and expired session tokens on the secondary surface, in its own error format", async () => {
    gateway = await secondaryTestApp({}, { authFailureLimits: { limit: 2, windowMs: 60_000 } });
    const search = (authorization: string) =>
      gateway.app.inject({ ...securePost("/api/flights/search", {}, { authorization }), remoteAddress: "203.0.113.8" });
    expectSecondaryError(await search(`Bearer ${sessionToken("nobody")}`), "AUTH_INVALID_TOKEN");
    expectSecondaryError(await search(`Bearer ${tokens.expired}`), "AUTH_TOKEN_EXPIRED");
    expectSecondaryError(await search(`Bearer ${sessionToken("nobody")}`), "RATE_LIMITED");
    const blocked = await search(`Bearer ${tokens.valid}`);
    expectSecondaryError(blocked, "RATE_LIMITED");
    expect(blocked.headers["retry-after"]).toBeDefined();
  });

  it("does not count a missing credential, a suspended agent or a missing scope: those are no guesses", async () => {
    gateway = await secondaryTestApp({}, { authFailureLimits: { limit: 1, windowMs: 60_000 } });
    const { app } = gateway;
    for (let n = 0; n < 3; n++) {
      const { "x-api-key": _omitted, ...headers } = searchRequest().headers;
      expectEnvelope(await app.inject({ ...searchRequest(), headers, remoteAddress: "203.0.113.9" }), "AUTH_MISSING_CREDENTIALS");
      expectEnvelope(await app.inject(fromAddress("203.0.113.9", { "x-api-key": keys.suspended })), "AUTH_AGENT_SUSPENDED");
      expectEnvelope(await app.inject(fromAddress("203.0.113.9", { "x-api-key": keys.bookOnly })), "AUTH_FORBIDDEN");
    }
    expect((await app.inject(fromAddress("203.0.113.9"))).statusCode).toBe(200);
  });
});
