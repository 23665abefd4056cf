import { DomainError, parseApiKey } from "@tarmac/kernel";
import { AgentStatus } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ServiceClients } from "../clients.js";
import { ApiKeyVerifier } from "./api-key-verifier.js";
import { type Caller, scopeNames } from "./caller.js";

const API_KEY_HEADER = "x-api-key";

export interface ApiKeyAuthOptions {
  readonly auth: ServiceClients["auth"];
  readonly cacheTtlMs: number;
}

/**
 * X-API-Key on every route of the plugin it is registered in (onRequest, so nothing is parsed for
 * an unauthenticated caller). Every such route must name its scope in `config.scope`.
 */
const apiKeyAuthPlugin: FastifyPluginAsync<ApiKeyAuthOptions> = async (app, options) => {
  const verifier = new ApiKeyVerifier((apiKey) => verifyWithAuthService(options.auth, apiKey), {
    ttlMs: options.cacheTtlMs,
  });

  app.decorateRequest("caller", null);
  app.addHook("onRoute", (route) => {
    if (route.config?.scope === undefined) throw new Error(`route ${String(route.method)} ${route.url} declares no scope`);
  });
  app.addHook("onRequest", async (request) => {
    const apiKey = request.headers[API_KEY_HEADER];
    if (typeof apiKey !== "string" || apiKey === "") {
      throw new DomainError("AUTH_MISSING_CREDENTIALS", "The X-API-Key header is required");
    }
    // API guide, Authentication's format: anything else is refused here, so guessing costs the auth service nothing.
    if (parseApiKey(apiKey) === undefined) throw new DomainError("AUTH_INVALID_API_KEY", "Unknown, revoked or expired API key");
    const caller = await verifier.verify(apiKey);
    const scope = request.routeOptions.config.scope;
    if (scope === undefined || !caller.scopes.includes(scope)) {
      throw new DomainError("AUTH_FORBIDDEN", `This API key lacks the ${scopeNames[scope ?? 0]} scope`);
    }
    request.caller = caller;
  });
};

async function verifyWithAuthService(auth: ServiceClients["auth"], apiKey: string): Promise<Caller> {
  const verified = await auth.verifyApiKey({ apiKey });
  if (verified.agentStatus !== AgentStatus.ACTIVE) {
    const state = verified.agentStatus === AgentStatus.SUSPENDED ? "suspended" : "not active";
    throw new DomainError("AUTH_AGENT_SUSPENDED", `The agent account is ${state}`);
  }
  return { agentId: verified.agentId, keyId: verified.keyId, scopes: verified.scopes };
}

export const apiKeyAuth = fp(apiKeyAuthPlugin, { name: "tarmac-api-key-auth" });
