import { DomainError, fromTimestamp, isSessionTokenFormat, parseApiKey } from "@tarmac/kernel";
import { AgentStatus, type VerifyApiKeyResponse, type VerifyTokenResponse } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyRequest } from "fastify";
import type { ServiceClients } from "../clients.js";
import type { Caller } from "./caller.js";
import { CredentialVerifier } from "./credential-verifier.js";

/** The session cookie verify-otp sets (API guide, Authentication). */
export const SESSION_COOKIE = "tarmac_session";

const API_KEY_HEADER = "x-api-key";
const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** One way a caller proves who it is: where it is read from, its format, and who verifies it. */
export interface Credential {
  /** Names it in the scope refusal: "This API key lacks the flight.book scope". */
  readonly noun: string;
  /** The credential of a request; undefined when absent. May throw for one that is there but unreadable. */
  read(request: FastifyRequest): string | undefined;
  /** Refused without a peer call when it is not in the format auth issues (guessing costs auth nothing). */
  readonly wellFormed: (value: string) => boolean;
  readonly missing: () => DomainError;
  readonly malformed: () => DomainError;
  readonly verifier: CredentialVerifier;
  /** Fastify plugins `read` relies on, registered before this credential's plugin. */
  readonly needs?: readonly string[];
}

/** X-API-Key, the primary surface's credential, verified by auth's VerifyApiKey. */
export function apiKeyCredential(auth: ServiceClients["auth"], cacheTtlMs: number): Credential {
  return {
    noun: "API key",
    read: (request) => {
      const value = request.headers[API_KEY_HEADER];
      return typeof value === "string" && value !== "" ? value : undefined;
    },
    wellFormed: (value) => parseApiKey(value) !== undefined,
    missing: () => new DomainError("AUTH_MISSING_CREDENTIALS", "The X-API-Key header is required"),
    malformed: () => new DomainError("AUTH_INVALID_API_KEY", "Unknown, revoked or expired API key"),
    verifier: new CredentialVerifier(async (apiKey) => activeCaller(await auth.verifyApiKey({ apiKey })), { ttlMs: cacheTtlMs }),
  };
}

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

/** Session tokens verified by auth's VerifyToken, successes cached like API keys (logout shares it, to forget a token). */
export function sessionVerifier(auth: ServiceClients["auth"], cacheTtlMs: number): CredentialVerifier {
  return new CredentialVerifier(async (token) => activeCaller(await auth.verifyToken({ token })), { ttlMs: cacheTtlMs });
}

/**
 * The bearer token of a request: `Authorization: Bearer <token>`, else the `tarmac_session`
 * cookie (needs @fastify/cookie). An Authorization header that is not a bearer token is
 * AUTH_INVALID_TOKEN rather than ignored, so a client sending the wrong scheme learns why.
 */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined && authorization !== "") {
    const token = BEARER.exec(authorization)?.[1];
    if (token === undefined) throw new DomainError("AUTH_INVALID_TOKEN", "The Authorization header must be Bearer <token>");
    return token;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie === undefined || cookie === "" ? undefined : cookie;
}

/** The caller auth verified, unless its agent (or its agency) is not active. */
function activeCaller(verified: VerifyApiKeyResponse | VerifyTokenResponse): Caller {
  if (verified.agentStatus !== AgentStatus.ACTIVE) {
    const state = verified.agentStatus === AgentStatus.SUSPENDED ? "suspended" : "not active";
    throw new DomainError("AUTH_AGENT_SUSPENDED", `The agent account is ${state}`);
  }
  if (verified.$typeName === "tarmac.auth.v1.VerifyApiKeyResponse") {
    return { agentId: verified.agentId, keyId: verified.keyId, scopes: verified.scopes };
  }
  const validUntil = fromTimestamp(verified.expiresAt);
  return {
    agentId: verified.agentId,
    keyId: verified.sessionId,
    userId: verified.userId,
    scopes: verified.scopes,
    ...(validUntil && { validUntil }),
  };
}
