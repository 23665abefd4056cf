import type { ErrorCode } from "@tarmac/kernel";
import { type AgentTier, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";

/** Who is calling, as verified from the X-API-Key header or a bearer token (secondary surface). */
export interface Caller {
  readonly agentId: string;
  /** The API key's id; for a bearer token, its session id (names the session, not a credential). */
  readonly keyId: string;
  readonly scopes: readonly Scope[];
  /** The agent's commercial tier as auth answered it (UNSPECIFIED from an auth that predates tiers). */
  readonly tier: AgentTier;
  /** The agent user a bearer token was issued to; absent for API keys. */
  readonly userId?: string;
  /** When the credential stops working (bearer tokens); a cached verification never outlives it. */
  readonly validUntil?: Date;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the API key or bearer token hook on authenticated routes; null elsewhere. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** The scope an API key or bearer token needs for this route (API guide, Authentication). */
    scope?: Scope;
    /** Routes of one tier only (webhooks: enterprise): checked after authentication, before the scope. */
    tier?: RequiredTier;
  }
}

/** The tier a route needs, and the 403 (a catalogue code with status 403) other tiers get. */
export interface RequiredTier {
  readonly tier: AgentTier;
  readonly refusal: ErrorCode;
  readonly message: string;
}

/** Scope names as API guide, Authentication spells them, for messages. */
export const scopeNames: Readonly<Record<Scope, string>> = {
  [Scope.UNSPECIFIED]: "unspecified",
  [Scope.FLIGHT_SEARCH]: "flight.search",
  [Scope.FLIGHT_BOOK]: "flight.book",
  [Scope.FLIGHT_CANCEL]: "flight.cancel",
  [Scope.FLIGHT_RESCHEDULE]: "flight.reschedule",
  [Scope.WALLET_READ]: "wallet.read",
  [Scope.WEBHOOKS_MANAGE]: "webhooks.manage",
  [Scope.AGENCY_MANAGE]: "agency.manage",
};
