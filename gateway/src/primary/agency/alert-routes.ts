import { paiseFromProto } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callerOf } from "../../auth/caller-of.js";
import { closed, described, integer, object } from "../../json-schema.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { balanceResponseSchema } from "../wallet/schemas.js";
import { balanceJson } from "../wallet/routes.js";

export interface AlertRoutesOptions {
  readonly wallet: ServiceClients["wallet"];
}

const requestSchema = closed(
  {
    threshold_paise: integer("Alert when `available_paise` falls below this; 0 removes the alert.", {
      minimum: 0,
      maximum: 1_000_000_000_000,
    }),
  },
  ["threshold_paise"],
);
const responseSchema = object({
  wallet: described(balanceResponseSchema, "The wallet now."),
  threshold_paise: integer("The threshold now (0: none)."),
});

/** POST /wallet/low-balance-threshold: the calling agency's low-balance alert (API guide, Wallet). */
export const alertRoutes: FastifyPluginAsync<AlertRoutesOptions> = async (app, { wallet }) => {
  app.post<{ Body: { threshold_paise: number } }>(
    "/wallet/low-balance-threshold",
    {
      schema: operation(PRIMARY, {
        operationId: "setLowBalanceThreshold",
        tags: ["wallet"],
        summary: "Set the wallet's low-balance alert",
        description:
          "The event `wallet.low_balance` (and a webhook to endpoints subscribed to it) is sent when the calling agency's " +
          "`available_paise` falls below `threshold_paise`: once per crossing, again only after it was back at or above it. " +
          "A threshold above what is available now fires at once. Idempotent. Scope `agency.manage`.",
        body: requestSchema,
        success: { schema: responseSchema, description: "The wallet and its threshold." },
        errors: ["WALLET_ACCOUNT_NOT_FOUND"],
      }),
      config: { scope: Scope.AGENCY_MANAGE },
    },
    async (request) => {
      const answer = await wallet.setLowBalanceThreshold({
        agentId: callerOf(request).agentId,
        thresholdPaise: BigInt(request.body.threshold_paise),
      });
      if (!answer.balance) throw new Error("wallet answered without a balance");
      return { wallet: balanceJson(answer.balance), threshold_paise: paiseFromProto(answer.thresholdPaise) };
    },
  );
};
