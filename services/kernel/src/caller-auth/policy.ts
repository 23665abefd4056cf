/**
 * How a permitted caller names the agency a call is for:
 * - "agent-context": from an agent context the gateway signed (the agency it authenticated); the
 *   request's agent_id must be that agency. For the calls agencies make through the gateway.
 * - "trusted": the caller is a service or team trusted to act for any agency it names (booking
 *   settling its own bookings, the ops tools).
 */
export type AgentRule = "agent-context" | "trusted";

/** Per RPC method name (e.g. "Hold"): the callers allowed to call it, each with its agent rule. */
export type CallerPolicy = Readonly<Record<string, Readonly<Record<string, AgentRule>>>>;

/** Extra callers per method, from CALLER_GRANTS (internal teams); each is "trusted". */
export type CallerGrants = ReadonlyMap<string, ReadonlySet<string>>;

/** Callers whose agent contexts are believed: only the gateway authenticates agencies. */
export const AGENT_CONTEXT_ISSUERS: ReadonlySet<string> = new Set(["gateway"]);

const METHOD = /^[A-Z][A-Za-z0-9]{0,63}$/;
const CALLER = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * Parses CALLER_GRANTS: "<caller>=<Method>,<Method>;<caller>=<Method>", e.g.
 * "reports=GetBooking,GetBalance;finance-bot=TopUp". Methods of the service that reads it.
 */
export function parseCallerGrants(text: string): CallerGrants {
  const grants = new Map<string, Set<string>>();
  for (const part of text
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [caller = "", methods = "", ...rest] = part.split("=").map((p) => p.trim());
    const names = methods
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean);
    if (rest.length > 0 || !CALLER.test(caller) || names.length === 0 || !names.every((m) => METHOD.test(m))) {
      throw new Error(`"${part}" is not "<caller>=<Method>,<Method>" (caller in lower case, methods as in the contract, e.g. GetBooking)`);
    }
    grants.set(caller, new Set([...(grants.get(caller) ?? []), ...names]));
  }
  return grants;
}

/** The rule `caller` calls `method` under, or undefined when it may not call it at all. */
export function ruleFor(policy: CallerPolicy, grants: CallerGrants, method: string, caller: string): AgentRule | undefined {
  // Own properties only: a caller named "constructor" must not find Object's in the prototype.
  const callers = Object.hasOwn(policy, method) ? policy[method] : undefined;
  const rule: unknown = callers && Object.hasOwn(callers, caller) ? callers[caller] : undefined;
  if (rule === "trusted" || rule === "agent-context") return rule;
  return grants.get(caller)?.has(method) ? "trusted" : undefined;
}

/** Every method of the policy must exist in the contract: a misspelt name would silently lock callers out. */
export function unknownPolicyMethods(policy: CallerPolicy, methods: readonly string[]): string[] {
  return Object.keys(policy).filter((method) => !methods.includes(method));
}
