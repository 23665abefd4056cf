import { DomainError, fromTimestamp, isSessionTokenFormat } from "@tarmac/kernel";
import type { FastifyRequest } from "fastify";
import type { ServiceClients } from "../clients.js";
import type { Caller } from "./caller.js";
import { type Credential, requireActiveAgent } from "./credential.js";
import { CredentialVerifier } from "./credential-verifier.js";

/** The session cookie verify-otp sets (API guide, Authentication). */
export const SESSION_COOKIE = "tarmac_session";

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** A session token (Authorization: Bearer, else the session cookie), the secondary surface's credential. */
export function sessionCredential(verifier: CredentialVerifier): Credential {
  return {
    noun: "session",
    read: sessionTokenOf,
    wellFormed: isSessionTokenFormat,
    missing: () =>
      new DomainError(
        "AUTH_MISSING_CREDENTIALS",
        `Send Authorization: Bearer <token> or the ${SESSION_COOKIE} cookie (POST /api/auth/verify-otp issues both)`,
      ),
    malformed: () => new DomainError("AUTH_INVALID_TOKEN", "The session token is not valid; log in again"),
    verifier,
    needs: ["@fastify/cookie"],
  };
}

/**
 * A session as `Authorization: Bearer <token>` only: the primary surface's second credential
 * (API guide, Authentication). Not the cookie: a browser sends that by itself, and the primary
 * surface's operations spend money, so a page of another site must never act with it.
 */
export function bearerSessionCredential(verifier: CredentialVerifier): Credential {
  return {
    noun: "session",
    read: bearerTokenOf,
    wellFormed: isSessionTokenFormat,
    missing: () => new DomainError("AUTH_MISSING_CREDENTIALS", "Send Authorization: Bearer <token> (POST /api/auth/verify-otp issues one)"),
    malformed: () => new DomainError("AUTH_INVALID_TOKEN", "The session token is not valid; log in again"),
    verifier,
  };
}

/** Session tokens verified by auth's VerifyToken, successes cached like API keys (logout shares it, to forget a token). */
export function sessionVerifier(auth: ServiceClients["auth"], cacheTtlMs: number): CredentialVerifier {
  const verify = async (token: string): Promise<Caller> => {
    const verified = await auth.verifyToken({ token });
    requireActiveAgent(verified.agentStatus);
    const validUntil = fromTimestamp(verified.expiresAt);
    return {
      agentId: verified.agentId,
      keyId: verified.sessionId,
      userId: verified.userId,
      scopes: verified.scopes,
      tier: verified.agentTier,
      ...(validUntil && { validUntil }),
    };
  };
  return new CredentialVerifier(verify, { ttlMs: cacheTtlMs });
}

/**
 * The bearer token of a request: `Authorization: Bearer <token>`, else the `tarmac_session`
 * cookie (needs @fastify/cookie). An Authorization header that is not a bearer token is
 * AUTH_INVALID_TOKEN rather than ignored, so a client sending the wrong scheme learns why.
 */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const bearer = bearerTokenOf(request);
  if (bearer !== undefined) return bearer;
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie === undefined || cookie === "" ? undefined : cookie;
}

/** `Authorization: Bearer <token>`; another scheme is AUTH_INVALID_TOKEN rather than ignored. */
function bearerTokenOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization === undefined || authorization === "") return undefined;
  const token = BEARER.exec(authorization)?.[1];
  if (token === undefined) throw new DomainError("AUTH_INVALID_TOKEN", "The Authorization header must be Bearer <token>");
  return token;
}
