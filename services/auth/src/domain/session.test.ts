import { describe, expect, it } from "vitest";
import { SESSION_SCOPES } from "./scopes.js";
import { checkSession, generateSessionToken, hashSessionToken, isSessionTokenFormat, type Session } from "./session.js";

const now = new Date("2026-11-22T06:00:00Z");
const token = generateSessionToken();
const session: Session = {
  sessionId: "ses_1",
  tokenHash: hashSessionToken(token),
  agentId: "agt_1",
  userId: "usr_1",
  scopes: SESSION_SCOPES,
  createdAt: now,
  expiresAt: new Date(now.getTime() + 3600_000),
};

describe("session tokens", () => {
  it("are tk_sess_ plus 43 letters or digits, never repeating", () => {
    const tokens = Array.from({ length: 1000 }, generateSessionToken);
    for (const t of tokens) expect(isSessionTokenFormat(t)).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(isSessionTokenFormat(`${token}x`)).toBe(false);
    expect(isSessionTokenFormat(token.replace("tk_sess_", "tk_live_"))).toBe(false);
  });
});

describe("checkSession", () => {
  it("accepts a live session", () => {
    expect(checkSession(token, session, now)).toBe(session);
  });

  it("answers AUTH_INVALID_TOKEN for a missing, mismatched or revoked session", () => {
    expect(() => checkSession(token, undefined, now)).toThrow(expect.objectContaining({ code: "AUTH_INVALID_TOKEN" }));
    expect(() => checkSession(generateSessionToken(), session, now)).toThrow(expect.objectContaining({ code: "AUTH_INVALID_TOKEN" }));
    expect(() => checkSession(token, { ...session, revokedAt: now }, now)).toThrow(expect.objectContaining({ code: "AUTH_INVALID_TOKEN" }));
  });

  it("answers AUTH_TOKEN_EXPIRED from the expiry instant on", () => {
    expect(checkSession(token, session, new Date(session.expiresAt.getTime() - 1))).toBe(session);
    expect(() => checkSession(token, session, session.expiresAt)).toThrow(expect.objectContaining({ code: "AUTH_TOKEN_EXPIRED" }));
  });
});

describe("session scopes", () => {
  it("are every primary scope except webhooks.manage", () => {
    expect(SESSION_SCOPES).toEqual(["flight.search", "flight.book", "flight.cancel", "flight.reschedule", "wallet.read"]);
  });
});
