import { AgentTier, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifySchema } from "fastify";
import type { RequiredTier } from "../../auth/caller.js";
import { type OperationDoc, operation, PRIMARY } from "../../openapi/operation.js";

/** Webhooks are an enterprise feature (API guide, Webhooks): a standard agency is refused before its key's scopes are read. */
const ENTERPRISE_ONLY: RequiredTier = {
  tier: AgentTier.ENTERPRISE,
  refusal: "WEBHOOKS_ENTERPRISE_TIER_REQUIRED",
  message: "Webhooks need the enterprise tier; ask Tarmac operations to upgrade this agency",
};

/** Every /webhooks/* route: scope webhooks.manage, enterprise agencies only. */
export const webhooksConfig = { scope: Scope.WEBHOOKS_MANAGE, tier: ENTERPRISE_ONLY };

const SUFFIX = " Enterprise agencies only (403 `WEBHOOKS_ENTERPRISE_TIER_REQUIRED` otherwise); scope `webhooks.manage`.";

/** The OpenAPI operation of a webhook route: tag webhooks, the tier refusal and the route's own codes. */
export function webhookOperation(doc: Omit<OperationDoc, "tags">): FastifySchema {
  return operation(PRIMARY, {
    ...doc,
    tags: ["webhooks"],
    description: doc.description + SUFFIX,
    errors: ["WEBHOOKS_ENTERPRISE_TIER_REQUIRED", ...(doc.errors ?? [])],
  });
}
