import { Code, ConnectError } from "@connectrpc/connect";
import { DomainError, fieldError, toConnectError, validationFailed } from "@tarmac/kernel";
import { OtpChannel, type SendOtpRequest } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { otp, sessionToken, tokens } from "../../testing/fake-services.js";
import { expectSecondaryError, type SecondaryTestApp, secondaryTestApp, securePost } from "../../testing/secondary.js";

let gateway: SecondaryTestApp;
afterEach(async () => gateway?.app.close());

const json = { "content-type": "application/json" };
const post = (url: string, body: unknown, headers: Record<string, string> = json) =>
  gateway.app.inject({ method: "POST", url, headers, payload: typeof body === "string" ? body : JSON.stringify(body) });

const SESSION_COOKIE = `tarmac_session=${tokens.valid}; Max-Age=3600; Path=/api; HttpOnly; Secure; SameSite=Strict`;
const CLEARED_COOKIE = "tarmac_session=; Max-Age=0; Path=/api; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict";
const searchBody = { origin: "DEL", destination: "BOM", departure_date: "2026-12-01", adults: 1, travel_class: "ECONOMY" };

describe("POST /api/auth/send-otp", () => {
  it("answers 202 with the code's lifetime and resend delay, asking auth on the named channel", async () => {
    const seen: SendOtpRequest[] = [];
    gateway = await secondaryTestApp({
      auth: {
        sendOtp(request) {
          seen.push(request);
          return { expiresIn: 300, resendAfter: 30 };
        },
      },
    });
    const email = await post("/api/auth/send-otp", { identifier: "agent@example.com", type: "EMAIL" });
    expect(email.statusCode, email.body).toBe(202);
    expect(email.json()).toEqual({ success: true, data: { expires_in: 300, resend_after: 30 } });
    expect(email.headers["set-cookie"]).toBeUndefined();
    expect((await post("/api/auth/send-otp", { identifier: "+919812345678", type: "SMS" })).statusCode).toBe(202);
    expect(seen.map((r) => [r.identifier, r.type])).toEqual([
      ["agent@example.com", OtpChannel.EMAIL],
      ["+919812345678", OtpChannel.SMS],
    ]);
  });

  it.each([
    [{ identifier: "a@b.c" }, "type", "REQUIRED"],
    [{ type: "EMAIL" }, "identifier", "REQUIRED"],
    [{ identifier: "a@b.c", type: "FAX" }, "type", "INVALID_VALUE"],
    [{ identifier: "", type: "EMAIL" }, "identifier", "OUT_OF_RANGE"],
    [{ identifier: "a@b.c", type: "EMAIL", channel: "x" }, "channel", "UNKNOWN_FIELD"],
  ])("rejects %j on %s with %s, in the secondary format", async (body, field, code) => {
    gateway = await secondaryTestApp();
    const error = expectSecondaryError(await post("/api/auth/send-otp", body), "VALIDATION_FAILED");
    expect(error.error.errors).toEqual([{ field, code, message: expect.any(String) }]);
  });

  it("answers malformed JSON and other media types in the secondary format", async () => {
    gateway = await secondaryTestApp();
    expectSecondaryError(await post("/api/auth/send-otp", "{oops"), "VALIDATION_MALFORMED_JSON");
    expectSecondaryError(await post("/api/auth/send-otp", "identifier=x", { "content-type": "text/plain" }), "UNSUPPORTED_MEDIA_TYPE");
  });

  it("passes auth's 429 and its Retry-After through", async () => {
    gateway = await secondaryTestApp({
      auth: {
        sendOtp() {
          throw toConnectError(new DomainError("RATE_LIMITED", "Wait before asking for another code", { retryAfterSeconds: 27 }));
        },
      },
    });
    const response = await post("/api/auth/send-otp", { identifier: "agent@example.com", type: "EMAIL" });
    expectSecondaryError(response, "RATE_LIMITED");
    expect(response.headers["retry-after"]).toBe("27");
  });
});

describe("POST /api/auth/verify-otp", () => {
  it("answers the bearer token and sets it as an HttpOnly, Secure, SameSite=Strict session cookie", async () => {
    gateway = await secondaryTestApp();
    const response = await post("/api/auth/verify-otp", otp);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { verification_token: tokens.valid, token_type: "Bearer", expires_in: 3600, agent_id: "agent_001" },
    });
    expect(response.headers["set-cookie"]).toBe(SESSION_COOKIE);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("maps auth's refusals to the secondary format, setting no cookie", async () => {
    gateway = await secondaryTestApp();
    const wrong = await post("/api/auth/verify-otp", { ...otp, code: "654321" });
    expect(expectSecondaryError(wrong, "AUTH_OTP_INVALID").error).toEqual({
      code: "AUTH_OTP_INVALID",
      message: "The code is wrong or was replaced",
    });
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  it.each(["AUTH_OTP_EXPIRED", "AUTH_OTP_ATTEMPTS_EXCEEDED"] as const)("passes %s through with its status", async (code) => {
    gateway = await secondaryTestApp({
      auth: {
        verifyOtp() {
          throw toConnectError(new DomainError(code, "no"));
        },
      },
    });
    expectSecondaryError(await post("/api/auth/verify-otp", otp), code);
  });

  it("renames nothing but passes auth's field errors through", async () => {
    gateway = await secondaryTestApp({
      auth: {
        verifyOtp() {
          throw toConnectError(validationFailed([fieldError("identifier", "INVALID_FORMAT", "must be an e-mail address or phone number")]));
        },
      },
    });
    const error = expectSecondaryError(await post("/api/auth/verify-otp", { identifier: "nobody", code: "123456" }), "VALIDATION_FAILED");
    expect(error.error.errors).toEqual([
      { field: "identifier", code: "INVALID_FORMAT", message: "must be an e-mail address or phone number" },
    ]);
  });

  it.each([["12345"], ["1234567"], ["12345a"], [123456]])("rejects the code %j with INVALID_FORMAT", async (code) => {
    gateway = await secondaryTestApp();
    const error = expectSecondaryError(await post("/api/auth/verify-otp", { identifier: otp.identifier, code }), "VALIDATION_FAILED");
    expect(error.error.errors).toEqual([{ field: "code", code: "INVALID_FORMAT", message: expect.any(String) }]);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes a bearer token, clears the cookie, and the token stops working at once despite the cache", async () => {
    gateway = await secondaryTestApp();
    expect((await gateway.app.inject(securePost("/api/flights/search", searchBody))).statusCode).toBe(200);
    const response = await gateway.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${tokens.valid}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { logged_out: true } });
    expect(response.headers["set-cookie"]).toBe(CLEARED_COOKIE);
    expect(gateway.calls.logout).toEqual([tokens.valid]);
    expectSecondaryError(await gateway.app.inject(securePost("/api/flights/search", searchBody)), "AUTH_INVALID_TOKEN");
  });

  it("revokes the session cookie's token", async () => {
    gateway = await secondaryTestApp();
    const response = await gateway.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: `tarmac_session=${tokens.valid}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["set-cookie"]).toBe(CLEARED_COOKIE);
    expect(gateway.calls.logout).toEqual([tokens.valid]);
  });

  it("takes an empty body, with or without Content-Type: application/json", async () => {
    gateway = await secondaryTestApp();
    const headers = { authorization: `Bearer ${tokens.valid}`, "content-type": "application/json" };
    const response = await gateway.app.inject({ method: "POST", url: "/api/auth/logout", headers, payload: "" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { logged_out: true } });
    expect(gateway.calls.logout).toEqual([tokens.valid]);
    const text = await gateway.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { ...headers, "content-type": "text/plain" },
      payload: "x",
    });
    expectSecondaryError(text, "UNSUPPORTED_MEDIA_TYPE");
    const emptyObject = await gateway.app.inject({ method: "POST", url: "/api/auth/logout", headers, payload: "{}" });
    expect(emptyObject.statusCode, emptyObject.body).toBe(200);
  });

  it.each([
    ["null", "VALIDATION_FAILED"],
    ["[]", "VALIDATION_FAILED"],
    ['{"token":"x"}', "VALIDATION_FAILED"],
    ["{", "VALIDATION_MALFORMED_JSON"],
  ] as const)("refuses the body %s, which logout does not take, with %s and revokes nothing", async (payload, code) => {
    gateway = await secondaryTestApp();
    const headers = { authorization: `Bearer ${tokens.valid}`, "content-type": "application/json" };
    expectSecondaryError(await gateway.app.inject({ method: "POST", url: "/api/auth/logout", headers, payload }), code);
    expect(gateway.calls.logout).toEqual([]);
  });

  it("refuses a body that is not UTF-8 with VALIDATION_MALFORMED_JSON", async () => {
    gateway = await secondaryTestApp();
    const headers = { authorization: `Bearer ${tokens.valid}`, "content-type": "application/json" };
    const payload = Buffer.from([0x7b, 0xff, 0x7d]);
    expectSecondaryError(
      await gateway.app.inject({ method: "POST", url: "/api/auth/logout", headers, payload }),
      "VALIDATION_MALFORMED_JSON",
    );
    expect(gateway.calls.logout).toEqual([]);
  });

  it("answers 401 AUTH_INVALID_TOKEN for a bearer token that is no session token, without asking auth", async () => {
    gateway = await secondaryTestApp();
    for (const token of ["garbage", "tk_sess_short", "tk_test_agent001_0123456789abcdef0123456789abcdef"]) {
      const response = await gateway.app.inject({ method: "POST", url: "/api/auth/logout", headers: { authorization: `Bearer ${token}` } });
      expectSecondaryError(response, "AUTH_INVALID_TOKEN");
    }
    expect(gateway.calls.logout).toEqual([]);
  });

  it("answers 401 AUTH_MISSING_CREDENTIALS without a token, leaving cookies alone", async () => {
    gateway = await secondaryTestApp();
    const response = await gateway.app.inject({ method: "POST", url: "/api/auth/logout" });
    expectSecondaryError(response, "AUTH_MISSING_CREDENTIALS");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("answers 200 and clears the cookie for a token auth does not know, or no longer knows (logout is idempotent)", async () => {
    gateway = await secondaryTestApp();
    const gone = sessionToken("gone");
    for (const token of [gone, tokens.valid, tokens.valid]) {
      const response = await gateway.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie: `tarmac_session=${token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, data: { logged_out: true } });
      expect(response.headers["set-cookie"]).toBe(CLEARED_COOKIE);
    }
    expect(gateway.calls.logout).toEqual([gone, tokens.valid, tokens.valid]);
  });

  it("clears the cookie should auth ever refuse the token as invalid, answering its 401", async () => {
    gateway = await secondaryTestApp({
      auth: {
        logout() {
          throw toConnectError(new DomainError("AUTH_INVALID_TOKEN", "Unknown or revoked token"));
        },
      },
    });
    const response = await gateway.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: `tarmac_session=${sessionToken("gone")}` },
    });
    expectSecondaryError(response, "AUTH_INVALID_TOKEN");
    expect(response.headers["set-cookie"]).toBe(CLEARED_COOKIE);
  });

  it("keeps the cookie when auth cannot be reached, so a retry can still revoke it", async () => {
    gateway = await secondaryTestApp({
      auth: {
        logout() {
          throw new ConnectError("connection refused", Code.Unavailable);
        },
      },
    });
    const response = await gateway.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: `tarmac_session=${tokens.valid}` },
    });
    expectSecondaryError(response, "UNAVAILABLE");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});

describe("routing under /api/auth", () => {
  it("answers unknown routes and wrong methods in the secondary format", async () => {
    gateway = await secondaryTestApp();
    expectSecondaryError(await gateway.app.inject({ method: "POST", url: "/api/auth/nope" }), "ROUTE_NOT_FOUND");
    const wrongMethod = await gateway.app.inject({ method: "GET", url: "/api/auth/verify-otp" });
    expectSecondaryError(wrongMethod, "METHOD_NOT_ALLOWED");
    expect(wrongMethod.headers.allow).toBe("POST");
  });
});

describe("rate limits", () => {
  it("limit /api/auth per client IP, answering 429 in the secondary format with Retry-After", async () => {
    gateway = await secondaryTestApp({}, { rateLimits: { search: 20, default: 10, auth: 1 } });
    const body = { identifier: "agent@example.com", type: "EMAIL" };
    expect((await post("/api/auth/send-otp", body)).statusCode).toBe(202);
    const limited = await post("/api/auth/send-otp", body);
    expectSecondaryError(limited, "RATE_LIMITED");
    expect(limited.headers["retry-after"]).toBe("1");
  });
});
