import { DomainError, fromTimestamp, isSessionTokenFormat } from "@tarmac/kernel";
import { AgentStatus } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ServiceClients } from "../clients.js";
import { CredentialVerifier } from "./api-key-verifier.js";
import { type Caller, scopeNames } from "./caller.js";

/** The session cookie verify-otp sets (API guide, Authentication). */
export const SESSION_COOKIE = "tarmac_session";

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

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

/** Bearer tokens verified through the auth service, successes cached like API keys. */
export function tokenVerifier(auth: ServiceClients["auth"], cacheTtlMs: number): CredentialVerifier {
  return new CredentialVerifier((token) => verifyTokenWithAuthService(auth, token), { ttlMs: cacheTtlMs });
}

async function verifyTokenWithAuthService(auth: ServiceClients["auth"], token: string): Promise<Caller> {
  const verified = await auth.verifyToken({ token });
  if (verified.agentStatus !== AgentStatus.ACTIVE) {
    const state = verified.agentStatus === AgentStatus.SUSPENDED ? "suspended" : "not active";
    throw new DomainError("AUTH_AGENT_SUSPENDED", `The agent account is ${state}`);
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

export interface BearerAuthOptions {
  /** Shared with logout, which forgets the token it revokes. */
  readonly verifier: CredentialVerifier;
}

/**
 * Bearer token (or session cookie) on every route of the plugin it is registered in, checked in
 * onRequest like X-API-Key: 401 AUTH_MISSING_CREDENTIALS without one, the auth service's
 * AUTH_INVALID_TOKEN / AUTH_TOKEN_EXPIRED, 403 for a suspended agent or a missing scope. Sets the
 * same `request.caller` as API keys. Every route must name its scope in `config.scope`. Unknown
 * routes are left to the not-found handler (a 404 needs no credentials).
 */
const bearerAuthPlugin: FastifyPluginAsync<BearerAuthOptions> = async (app, { verifier }) => {
  if (!app.hasRequestDecorator("caller")) app.decorateRequest("caller", null);
  app.addHook("onRoute", (route) => {
    if (route.config?.scope === undefined) throw new Error(`route ${String(route.method)} ${route.url} declares no scope`);
  });
  app.addHook("onRequest", async (request) => {
    if (request.is404) return;
    const token = sessionTokenOf(request);
    if (token === undefined) {
      throw new DomainError(
        "AUTH_MISSING_CREDENTIALS",
        `Send Authorization: Bearer <token> or the ${SESSION_COOKIE} cookie (POST /api/auth/verify-otp issues both)`,
      );
    }
    // A session token is `tk_sess_` and 43 letters or digits: anything else never reaches the auth service.
    if (!isSessionTokenFormat(token)) throw new DomainError("AUTH_INVALID_TOKEN", "The session token is not valid; log in again");
    const caller = await verifier.verify(token);
    const scope = request.routeOptions.config.scope;
    if (scope === undefined || !caller.scopes.includes(scope)) {
      throw new DomainError("AUTH_FORBIDDEN", `This session lacks the ${scopeNames[scope ?? 0]} scope`);
    }
    request.caller = caller;
  });
};

export const bearerAuth = fp(bearerAuthPlugin, { name: "tarmac-bearer-auth", dependencies: ["@fastify/cookie"] });
