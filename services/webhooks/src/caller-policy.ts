import type { CallerPolicy } from "@tarmac/kernel";

const agencyOrOps = { gateway: "agent-context", admin: "trusted" } as const;

/** Who calls webhooks: agencies through the gateway, each for its own endpoints; ops (pnpm admin webhooks) for any. */
export const webhooksCallerPolicy: CallerPolicy = {
  CreateEndpoint: { gateway: "agent-context" },
  ListEndpoints: agencyOrOps,
  GetEndpoint: agencyOrOps,
  UpdateEndpoint: agencyOrOps,
  DeleteEndpoint: { gateway: "agent-context" },
  RotateSecret: { gateway: "agent-context" },
  SendTestEvent: agencyOrOps,
  ListDeliveries: agencyOrOps,
  RedeliverEvent: agencyOrOps,
};
