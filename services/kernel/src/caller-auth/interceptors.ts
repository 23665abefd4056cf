import type { Interceptor } from "@connectrpc/connect";
import type { AgentStanding } from "../agent-standing.js";
import { DomainError } from "../errors/domain-error.js";
import { setAuthenticatedCaller } from "./authenticated-caller.js";
import { AGENT_CONTEXT_ISSUERS, ruleFor, type CallerGrants, type CallerPolicy } from "./policy.js";
import { agentIdOf } from "./request-agent.js";
import { AGENT_CONTEXT_HEADER, CALLER_TOKEN_HEADER, type CallerTokenIssuer, type CallerTokenVerifier } from "./tokens.js";

/** What a service checks its callers against. */
export interface CallerAccess {
  readonly verifier: CallerTokenVerifier;
  readonly policy: CallerPolicy;
  readonly grants: CallerGrants;
  /** Where this service checks that an agency calling for itself is not suspended (booking, wallet). */
  readonly standing?: Pick<AgentStanding, "assertActive">;
}

/** Probes (kubelet, load balancers) and discovery carry no credentials and reveal no data. */
const OPEN_SERVICES: ReadonlySet<string> = new Set([
  "grpc.health.v1.Health",
  "grpc.reflection.v1.ServerReflection",
  "grpc.reflection.v1alpha.ServerReflection",
]);

const BEARER = "Bearer ";

/**
 * Server side: every call names its caller with a token signed by a trusted caller key, and the
 * service's policy says whether that caller may call the method. Calls the gateway makes for an
 * agency also carry the gateway's agent context, and the request's agent_id must be that agency:
 * no caller gets an agency's money or bookings by writing its id in a field.
 */
export function callerAuthInterceptor(access: CallerAccess): Interceptor {
  return (next) => async (req) => {
    if (OPEN_SERVICES.has(req.service.typeName)) return next(req);
    const method = req.method.name;
    const authorization = req.header.get(CALLER_TOKEN_HEADER);
    // What follows "Bearer " is checked by the verifier (its characters too, before any parsing).
    const bearer = authorization?.startsWith(BEARER) ? authorization.slice(BEARER.length) : undefined;
    const caller = bearer === undefined ? undefined : await access.verifier.callerOf(bearer, req.service.typeName);
    if (caller === undefined) {
      throw new DomainError(
        "SERVICE_CALLER_UNAUTHENTICATED",
        `${req.service.typeName}/${method} needs "authorization: Bearer <token>" signed by a trusted caller key for this service`,
      );
    }
    const rule = ruleFor(access.policy, access.grants, method, caller);
    if (rule === undefined) throw new DomainError("SERVICE_CALLER_FORBIDDEN", `Caller "${caller}" may not call ${method}`);
    if (rule === "agent-context") {
      const token = req.header.get(AGENT_CONTEXT_HEADER);
      const context = token ? await access.verifier.agentContextOf(token) : undefined;
      if (!context || !AGENT_CONTEXT_ISSUERS.has(context.issuer) || context.subject !== agentIdOf(req)) {
        throw new DomainError("SERVICE_CALLER_FORBIDDEN", `Caller "${caller}" calls ${method} only for the agency its agent context names`);
      }
      // An agency's own call, relayed by the gateway: refused while it is suspended, whoever relays it.
      // Services settling earlier work (booking's sweeps holding or refunding) are "trusted" and pass.
      await access.standing?.assertActive(context.subject);
    }
    setAuthenticatedCaller(req.contextValues, caller);
    return next(req);
  };
}

/**
 * Client side: signs each call with this process's credential. The gateway also vouches for the
 * agency it authenticated: the request's agent_id, which it set from the verified API key or session.
 */
export function callerTokenInterceptor(issuer: CallerTokenIssuer, options: { readonly vouchesForAgents?: boolean } = {}): Interceptor {
  return (next) => (req) => {
    const token = issuer.tokenFor(req.service.typeName);
    const agentId = options.vouchesForAgents ? agentIdOf(req) : undefined;
    const context = typeof agentId === "string" && agentId !== "" ? issuer.agentContextFor(agentId) : undefined;
    const send = (signed: string, vouched: string | undefined) => {
      req.header.set(CALLER_TOKEN_HEADER, `Bearer ${signed}`);
      if (vouched !== undefined) req.header.set(AGENT_CONTEXT_HEADER, vouched);
      return next(req);
    };
    // Cached tokens (nearly every call) are sent without waiting a turn of the event loop for them;
    // what the next interceptors throw still reaches the caller as a rejection, as from an async one.
    if (typeof token === "string" && typeof context !== "object") {
      try {
        return send(token, context);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return Promise.all([token, context]).then(([signed, vouched]) => send(signed, vouched));
  };
}
