import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { CREDENTIAL_ALPHABET, DomainError, SESSION_TOKEN_PREFIX, SESSION_TOKEN_SECRET_LENGTH } from "@tarmac/kernel";
import type { Scope } from "./scopes.js";

/** API guide, Authentication: verify-otp answers expires_in 3600. Sessions do not slide: a new login makes a new one. */
export const SESSION_TTL_SECONDS = 3600;
export const SESSION_ID_PREFIX = "ses";

// The token's shape is the kernel's (credential-formats.ts), shared with the gateway.
export { isSessionTokenFormat } from "@tarmac/kernel";

/** A bearer session from an OTP login. Only the token's hash is stored. */
export interface Session {
  /** `ses_` + ULID: names the session in logs and rate limits without being a credential. */
  readonly sessionId: string;
  /** hashSessionToken(token): SHA-256 hex; unique. */
  readonly tokenHash: string;
  readonly agentId: string;
  readonly userId: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt?: Date;
}

/** `tk_sess_` + 43 characters of [A-Za-z0-9]: 256 bits from a cryptographically secure source. */
export function generateSessionToken(): string {
  let secret = "";
  for (let i = 0; i < SESSION_TOKEN_SECRET_LENGTH; i++) secret += CREDENTIAL_ALPHABET.charAt(randomInt(CREDENTIAL_ALPHABET.length));
  return `${SESSION_TOKEN_PREFIX}${secret}`;
}

/** SHA-256 hex. Tokens carry 256 random bits, so a fast unkeyed hash is enough (as for API keys). */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function invalidToken(): DomainError {
  return new DomainError("AUTH_INVALID_TOKEN", "unknown or revoked token");
}

export function tokenExpired(): DomainError {
  return new DomainError("AUTH_TOKEN_EXPIRED", "the session has expired; sign in again");
}

/**
 * Checks a session found by the presented token's hash. Revoked or missing: AUTH_INVALID_TOKEN;
 * past its expiry: AUTH_TOKEN_EXPIRED (while the store still keeps it).
 */
export function checkSession(presented: string, session: Session | undefined, now: Date): Session {
  if (!session || !hashesEqual(hashSessionToken(presented), session.tokenHash)) throw invalidToken();
  if (session.revokedAt && session.revokedAt.getTime() <= now.getTime()) throw invalidToken();
  if (session.expiresAt.getTime() <= now.getTime()) throw tokenExpired();
  return session;
}

function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
