import type { AgentTier } from "./agent.js";

/** What an API key may do; the gateway checks the scope an operation needs. */
export const SCOPES = [
  "flight.search",
  "flight.book",
  "flight.cancel",
  "flight.reschedule",
  "wallet.read",
  "webhooks.manage",
  "agency.manage",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * What a user session (OTP login, secondary surface) may do: every primary scope except
 * `webhooks.manage` and `agency.manage`. Sessions belong to people in a browser; webhook endpoints
 * and their signing secrets are server-to-server integration settings, kept to API keys so a stolen
 * session cookie cannot redirect an agency's event feed. Users have no roles yet, so any user's
 * session managing the agency's sub-agents would make every clerk an administrator.
 */
export const SESSION_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope !== "webhooks.manage" && scope !== "agency.manage");

/**
 * Scopes of a key issued without any: every primary scope, and `webhooks.manage` only for
 * enterprise agents (webhooks are an enterprise feature, API guide, Events). `agency.manage` is
 * never a default: keys issued before it existed did not have it, and a key that creates and
 * suspends sub-agents is asked for by name.
 */
export function defaultKeyScopes(tier: AgentTier): readonly Scope[] {
  const everyday = SCOPES.filter((scope) => scope !== "agency.manage");
  return tier === "ENTERPRISE" ? everyday : SESSION_SCOPES;
}

/** Scopes without repeats, in the canonical order of SCOPES. */
export function canonicalScopes(scopes: Iterable<Scope>): Scope[] {
  const wanted = new Set(scopes);
  return SCOPES.filter((scope) => wanted.has(scope));
}
