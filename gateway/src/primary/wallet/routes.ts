import { paiseFromProto, toTimestamp } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { EntryKind, type Balance, type LedgerLine } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { callerOf } from "../../auth/caller-of.js";
import { balanceResponseSchema, emptyBodySchema, statementRequestSchema, statementResponseSchema, type StatementBody } from "./schemas.js";
import { isoText } from "../../json-values.js";

export interface WalletRoutesOptions {
  readonly wallet: ServiceClients["wallet"];
}

/** POST /wallet/balance and /wallet/statement for the calling agent (API guide, Wallet, scope wallet.read). */
export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (app, { wallet }) => {
  const config = { scope: Scope.WALLET_READ };
  const balanceSchema = operation(PRIMARY, {
    operationId: "getWalletBalance",
    tags: ["wallet"],
    summary: "Wallet balance of the calling agent",
    description:
      "Balance, credit limit, amounts held by bookings in progress and what is available (`balance + credit_limit - held`), " +
      "in paise. The body is an empty JSON object, `{}`. Scope `wallet.read`.",
    body: emptyBodySchema,
    success: { schema: balanceResponseSchema, description: "The wallet." },
    errors: ["WALLET_ACCOUNT_NOT_FOUND"],
  });
  app.post("/wallet/balance", { schema: balanceSchema, config }, async (request) => {
    const { balance } = await wallet.getBalance({ agentId: callerOf(request).agentId });
    if (!balance) throw new Error("wallet answered without a balance");
    return balanceJson(balance);
  });

  app.post(
    "/wallet/statement",
    {
      schema: operation(PRIMARY, {
        operationId: "getWalletStatement",
        tags: ["wallet"],
        summary: "Wallet statement (ledger lines, newest first)",
        description:
          "Ledger lines of the calling agent's wallet between `from` and `to`, newest first: holds, captures, voids, refunds, " +
          "top-ups and adjustments with signed amounts and the balance after each. Pages with `limit` and `cursor` as search " +
          "does: a cursor lives 30 minutes (then 410 `WALLET_CURSOR_EXPIRED`); a malformed, altered or another agency's " +
          "cursor is 400 `WALLET_CURSOR_INVALID`. Scope `wallet.read`.",
        body: statementRequestSchema,
        success: { schema: statementResponseSchema, description: "A page of ledger lines; `cursor` is null on the last page." },
        errors: ["WALLET_CURSOR_INVALID", "WALLET_CURSOR_EXPIRED", "WALLET_ACCOUNT_NOT_FOUND"],
      }),
      config,
    },
    async (request: FastifyRequest<{ Body: StatementBody }>) => {
      const { from, to, limit, cursor } = request.body;
      const response = await wallet.listStatement({
        agentId: callerOf(request).agentId,
        cursor: cursor ?? "",
        ...(from !== undefined && { from: toTimestamp(new Date(from)) }),
        ...(to !== undefined && { to: toTimestamp(new Date(to)) }),
        ...(limit !== undefined && { limit }),
      });
      return {
        lines: response.lines.map(lineJson),
        count: response.count,
        cursor: response.cursor === "" ? null : response.cursor,
      };
    },
  );
};

/** A wallet's figures as the API shows them (balance, and the sub-agent transfer's two wallets). */
export function balanceJson(b: Balance) {
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
    at: isoText(line.at),
    kind: EntryKind[line.kind],
    amount_paise: paiseFromProto(line.amountPaise),
    balance_after_paise: paiseFromProto(line.balanceAfterPaise),
    reference: line.reference,
    description: line.description,
  };
}
