import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";

/** The scopes of API guide, Authentication, by the names ops type and the JSON API shows. */
export const SCOPE_NAMES = [
  "flight.search",
  "flight.book",
  "flight.cancel",
  "flight.reschedule",
  "wallet.read",
  "webhooks.manage",
  "agency.manage",
] as const;

export type ScopeName = (typeof SCOPE_NAMES)[number];

const TO_PROTO: Record<ScopeName, Scope> = {
  "flight.search": Scope.FLIGHT_SEARCH,
  "flight.book": Scope.FLIGHT_BOOK,
  "flight.cancel": Scope.FLIGHT_CANCEL,
  "flight.reschedule": Scope.FLIGHT_RESCHEDULE,
  "wallet.read": Scope.WALLET_READ,
  "webhooks.manage": Scope.WEBHOOKS_MANAGE,
  "agency.manage": Scope.AGENCY_MANAGE,
};

export function scopeToProto(name: ScopeName): Scope {
  return TO_PROTO[name];
}

/** A scope a newer service may send that this command line does not know yet stays visible. */
export function scopeName(scope: Scope): string {
  return SCOPE_NAMES.find((name) => TO_PROTO[name] === scope) ?? `SCOPE_${scope}`;
}

export type ScopesParse = { readonly ok: true; readonly scopes: ScopeName[] } | { readonly ok: false; readonly reason: string };

/** "flight.search, flight.book" -> the named scopes, once each, in the order given. */
export function parseScopeList(text: string): ScopesParse {
  const names = text.split(",").map((s) => s.trim());
  if (names.some((name) => name === "")) return { ok: false, reason: "must be a comma-separated list of scopes without empty items" };
  const unknown = names.filter((name) => !(SCOPE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return { ok: false, reason: `unknown scope ${unknown.map((u) => `"${u}"`).join(", ")} (known: ${SCOPE_NAMES.join(", ")})` };
  }
  return { ok: true, scopes: [...new Set(names as ScopeName[])] };
}
