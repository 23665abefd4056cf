import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";

/** Who is calling, as verified from the X-API-Key header. */
export interface Caller {
  readonly agentId: string;
  readonly keyId: string;
  readonly scopes: readonly Scope[];
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the API key hook on authenticated routes; null elsewhere. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** The scope an API key needs for this route (decisions section 8). */
    scope?: Scope;
  }
}

/** Scope names as decisions section 8 spells them, for messages. */
export const scopeNames: Readonly<Record<Scope, string>> = {
  [Scope.UNSPECIFIED]: "unspecified",
  [Scope.FLIGHT_SEARCH]: "flight.search",
  [Scope.FLIGHT_BOOK]: "flight.book",
  [Scope.FLIGHT_CANCEL]: "flight.cancel",
  [Scope.FLIGHT_RESCHEDULE]: "flight.reschedule",
  [Scope.WALLET_READ]: "wallet.read",
  [Scope.WEBHOOKS_MANAGE]: "webhooks.manage",
};
