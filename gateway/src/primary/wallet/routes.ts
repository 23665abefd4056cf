import { fromTimestamp, paiseFromProto, toTimestamp } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { EntryKind, type Balance, type LedgerLine } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callPeer } from "../../plugins/peer-call.js";
import { callerOf } from "../caller-of.js";
import { balanceResponseSchema, emptyBodySchema, statementRequestSchema, statementResponseSchema, type StatementBody } from "./schemas.js";

export interface WalletRoutesOptions {
  readonly wallet: ServiceClients["wallet"];
}

/** POST /wallet/balance and /wallet/statement for the calling agent (decisions 14, scope wallet.read). */
export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (app, { wallet }) => {
  const config = { scope: Scope.WALLET_READ };
  app.post("/wallet/balance", { schema: { body: emptyBodySchema, response: { 200: balanceResponseSchema } }, config }, async (request) => {
    const { balance } = await callPeer(request, () => wallet.getBalance({ agentId: callerOf(request).agentId }));
    if (!balance) throw new Error("wallet answered without a balance");
    return balanceJson(balance);
  });

  app.post(
    "/wallet/statement",
    { schema: { body: statementRequestSchema, response: { 200: statementResponseSchema } }, config },
    async (request: FastifyRequest<{ Body: StatementBody }>) => {
      const { from, to, limit, cursor } = request.body;
      const response = await callPeer(request, () =>
        wallet.listStatement({
          agentId: callerOf(request).agentId,
          cursor: cursor ?? "",
          ...(from !== undefined && { from: toTimestamp(new Date(from)) }),
          ...(to !== undefined && { to: toTimestamp(new Date(to)) }),
          ...(limit !== undefined && { limit }),
        }),
      );
      return {
        lines: response.lines.map(lineJson),
        count: response.count,
        cursor: response.cursor === "" ? null : response.cursor,
      };
    },
  );
};

function balanceJson(b: Balance) {
  return {
    agent_id: b.agentId,
    currency: b.currency,
    balance_paise: paiseFromProto(b.balancePaise),
    credit_limit_paise: paiseFromProto(b.creditLimitPaise),
    held_paise: paiseFromProto(b.heldPaise),
    available_paise: paiseFromProto(b.availablePaise),
  };
}

function lineJson(line: LedgerLine) {
  return {
    entry_id: line.entryId,
    at: fromTimestamp(line.at)?.toISOString() ?? "",
    kind: EntryKind[line.kind],
    amount_paise: paiseFromProto(line.amountPaise),
    balance_after_paise: paiseFromProto(line.balanceAfterPaise),
    reference: line.reference,
    description: line.description,
  };
}
