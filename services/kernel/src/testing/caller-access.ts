import type { DescService } from "@bufbuild/protobuf";
import { create } from "@bufbuild/protobuf";
import type { Client, Interceptor } from "@connectrpc/connect";
import { AgentStatus, GetAgentResponseSchema, type AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { callerTokenInterceptor } from "../caller-auth/interceptors.js";
import { CallerTokenIssuer } from "../caller-auth/tokens.js";
import {
  developmentCredential,
  developmentTrustedCallers,
  formatCredential,
  newCredential,
  PLATFORM_CALLERS,
  trustEntryOf,
  type CallerCredential,
} from "../caller-auth/credentials.js";
import type { CallerAuthConfig } from "../caller-auth/config.js";
import type { AgentRule, CallerPolicy } from "../caller-auth/policy.js";

/** What development trusts: every platform caller's development key, no extra grants. */
export function developmentCallerAuth(): Pick<CallerAuthConfig, "trusted" | "grants"> {
  return { trusted: developmentTrustedCallers(), grants: new Map() };
}

/** A host policy for tests of something other than caller policy: `caller` may call every method of `services`. */
export function everyMethodFor(services: readonly DescService[], caller = "admin", rule: AgentRule = "trusted"): CallerPolicy {
  return Object.fromEntries(services.flatMap((service) => service.methods.map((method) => [method.name, { [caller]: rule }])));
}

/** The development credential of a platform caller, for clients in tests. */
export function testCredential(caller = "admin"): CallerCredential {
  return developmentCredential(caller);
}

/** For a test's own transport: signs each call as `caller` with its development credential. */
export function signedAs(caller = "admin", options: { readonly vouchesForAgents?: boolean } = {}): Interceptor {
  return callerTokenInterceptor(new CallerTokenIssuer(developmentCredential(caller)), options);
}

const productionCredentials = new Map<string, CallerCredential>();

/** A platform caller's key for production-configured tests: made once per test process, not derivable. */
export function productionCredential(caller: string): CallerCredential {
  return productionCredentials.get(caller) ?? productionCredentials.set(caller, newCredential(caller, "test")).get(caller)!;
}

/** SERVICE_CREDENTIAL and TRUSTED_CALLERS as production wants them (keys of its own), for configuration tests. */
export function productionCallerEnv(caller: string): { SERVICE_CREDENTIAL: string; TRUSTED_CALLERS: string } {
  return {
    SERVICE_CREDENTIAL: formatCredential(productionCredential(caller)),
    TRUSTED_CALLERS: PLATFORM_CALLERS.map((name) => trustEntryOf(productionCredential(name))).join(","),
  };
}

/**
 * For tests of a service other than its access control: each call is signed as the first caller
 * the service's policy allows for that method (with the gateway's agent context where the policy
 * wants one), so the test exercises the method as its real caller would.
 */
export function asPermittedCaller(
  policy: CallerPolicy,
  credentialOf: (caller: string) => CallerCredential = developmentCredential,
): Interceptor {
  const issuers = new Map<string, CallerTokenIssuer>();
  const issuer = (caller: string) => issuers.get(caller) ?? issuers.set(caller, new CallerTokenIssuer(credentialOf(caller))).get(caller)!;
  return (next) => (req) => {
    const [caller, rule] = Object.entries(policy[req.method.name] ?? {})[0] ?? [];
    if (!caller) return next(req);
    return callerTokenInterceptor(issuer(caller), { vouchesForAgents: rule === "agent-context" })(next)(req);
  };
}

/** An auth stand-in for services that check an agency's standing: every agency exists and is active, unless named suspended. */
export function activeAgents(suspended: readonly string[] = []): Pick<Client<typeof AuthService>, "getAgent"> {
  return {
    getAgent: ({ agentId = "" }) =>
      Promise.resolve(
        create(GetAgentResponseSchema, {
          agent: { agentId, status: suspended.includes(agentId) ? AgentStatus.SUSPENDED : AgentStatus.ACTIVE },
        }),
      ),
  };
}
