import { DomainError } from "@tarmac/kernel";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type Caller, scopeNames } from "./caller.js";
import type { AuthFailureLimiter } from "./auth-failure-limiter.js";
import type { Credential } from "./credential.js";

export interface CredentialAuthOptions {
  /**
   * The credential routes take, or several in order: a request is authenticated with the first one
   * it carries (primary surface: an API key, else a session as a bearer token).
   */
  readonly credential: Credential | readonly [Credential, ...Credential[]];
  /** Without any: this refusal (the first credential's `missing()` when not given). */
  readonly missing?: () => DomainError;
  /** Failed authentications per client address (credential stuffing); none: unlimited. */
  readonly failures?: AuthFailureLimiter;
}

/** What a wrong guess gets: counted against the address. A missing credential is no guess. */
const FAILED_AUTHENTICATION = new Set(["AUTH_INVALID_API_KEY", "AUTH_INVALID_TOKEN", "AUTH_TOKEN_EXPIRED"]);

/**
 * Authenticates every route of the plugin it is registered in, in onRequest (nothing is parsed
 * for an unauthenticated caller): 401 AUTH_MISSING_CREDENTIALS without the credential, the
 * credential's own 401 when it is malformed or auth refuses it, 403 AUTH_AGENT_SUSPENDED or
 * AUTH_FORBIDDEN (a scope the route needs and the credential lacks). A route of one tier
 * (`config.tier`) answers a caller of another tier its refusal first: an agency that cannot have
 * the feature learns that, not which scope its key lacks. Sets `request.caller`.
 * With `failures`, an address past its limit of wrong credentials is answered 429 first.
 * Every route must name its scope in `config.scope`; unknown routes are left to the not-found
 * handler (a 404 needs no credentials).
 */
const credentialAuthPlugin: FastifyPluginAsync<CredentialAuthOptions> = async (app, options) => {
  const { failures } = options;
  const credentials: readonly Credential[] = Array.isArray(options.credential) ? options.credential : [options.credential as Credential];
  const [first] = credentials;
  if (first === undefined) throw new Error("credential authentication needs a credential");
  const missing = options.missing ?? first.missing;
  for (const credential of credentials) {
    for (const plugin of credential.needs ?? []) {
      if (!app.hasPlugin(plugin)) throw new Error(`${credential.noun} authentication needs ${plugin}, registered before it`);
    }
  }
  if (!app.hasRequestDecorator("caller")) app.decorateRequest("caller", null);
  app.addHook("onRoute", (route) => {
    if (route.config?.scope === undefined) throw new Error(`route ${String(route.method)} ${route.url} declares no scope`);
  });
  app.addHook("onRequest", async (request) => {
    if (request.is404) return;
    failures?.check(request.ip);
    const [credential, caller] = await authenticated(request).catch(async (error: unknown) => {
      if (failures && error instanceof DomainError && FAILED_AUTHENTICATION.has(error.code)) await failures.recordFailure(request.ip);
      throw error;
    });
    const tier = request.routeOptions.config.tier;
    if (tier && caller.tier !== tier.tier) throw new DomainError(tier.refusal, tier.message);
    const scope = request.routeOptions.config.scope;
    if (scope === undefined || !caller.scopes.includes(scope)) {
      throw new DomainError("AUTH_FORBIDDEN", `This ${credential.noun} lacks the ${scopeNames[scope ?? 0]} scope`);
    }
    request.caller = caller;
  });

  /** The first credential the request carries, and its value. */
  function presented(request: FastifyRequest): [Credential, string] {
    for (const credential of credentials) {
      const value = credential.read(request);
      if (value !== undefined) return [credential, value];
    }
    throw missing();
  }

  async function authenticated(request: FastifyRequest): Promise<[Credential, Caller]> {
    const [credential, value] = presented(request);
    if (!credential.wellFormed(value)) throw credential.malformed();
    return [credential, await credential.verifier.verify(value)];
  }
};

export const credentialAuth = fp(credentialAuthPlugin, { name: "tarmac-credential-auth" });
