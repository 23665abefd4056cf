import { create } from "@bufbuild/protobuf";
import type { HandlerContext, ServiceImpl } from "@connectrpc/connect";
import {
  authenticatedCaller,
  DomainError,
  fieldError,
  fromTimestamp,
  processMetrics,
  type Clock,
  type Logger,
  type MetricsRegistry,
} from "@tarmac/kernel";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import {
  CaptureResponseSchema,
  CreditResponseSchema,
  GetBalanceResponseSchema,
  HoldResponseSchema,
  ListOpenHoldsResponseSchema,
  ListStatementResponseSchema,
  OpenAccountResponseSchema,
  SetCreditLimitResponseSchema,
  TopUpResponseSchema,
  FundsKind,
  SetLowBalanceThresholdResponseSchema,
  TransferDirection,
  TransferFundsResponseSchema,
  VoidResponseSchema,
  type CaptureRequest,
  type CaptureResponse,
  type CreditRequest,
  type CreditResponse,
  type GetBalanceRequest,
  type GetBalanceResponse,
  type HoldRequest,
  type HoldResponse,
  type ListOpenHoldsRequest,
  type ListOpenHoldsResponse,
  type ListStatementRequest,
  type ListStatementResponse,
  type OpenAccountRequest,
  type OpenAccountResponse,
  type SetCreditLimitRequest,
  type SetCreditLimitResponse,
  type TopUpRequest,
  type TopUpResponse,
  type SetLowBalanceThresholdRequest,
  type SetLowBalanceThresholdResponse,
  type TransferFundsRequest,
  type TransferFundsResponse,
  type VoidRequest,
  type VoidResponse,
  type WalletService,
} from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { GOODWILL_CREDITORS } from "./caller-policy.js";
import type { WalletAccount } from "./domain/account.js";
import type { WalletCommand } from "./domain/commands.js";
import { accountNotFound } from "./domain/decide.js";
import { formatMoney } from "./domain/money.js";
import { DEFAULT_STATEMENT_LIMIT, MAX_STATEMENT_LIMIT, type StatementCursorCodec } from "./domain/statement.js";
import { toProtoBalance, toProtoLine, toProtoOpenHold } from "./proto-mapping.js";
import { RequestFields } from "./request-fields.js";
import type { TransferCommand } from "./domain/transfer.js";
import type { CommandResult, WalletStore } from "./store/wallet-store.js";

/** A hold without expires_at lasts this long (twice the fare lock: booking captures well within it). */
export const DEFAULT_HOLD_TTL_MS = 30 * 60_000;
/** expires_at may be at most this far ahead: a mistaken far-future hold would freeze money. */
export const MAX_HOLD_TTL_MS = 7 * 24 * 60 * 60_000;

const AGENT_ID_MAX = 128;

export interface WalletServiceDeps {
  readonly store: WalletStore;
  /** Kernel signer with purpose "wallet-statement", wrapped. */
  readonly statementCursors: StatementCursorCodec;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Where wallet_operations_total goes; default the process registry. */
  readonly metrics?: MetricsRegistry;
  /**
   * The agencies as auth knows them (the standing's KnownAgents): TransferFunds moves money only
   * between an agency and its own sub-agent. Without it TransferFunds is refused.
   */
  readonly agents?: { agentOf(agentId: string, signal?: AbortSignal): Promise<{ readonly parentAgentId: string }> };
}

/** wallet_operations_total's `operation` label: the command in snake case (top_up, set_credit_limit...). */
const operationName = (type: WalletCommand["type"]): string => type.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The agent wallet over gRPC/Connect: every call validates its request's form, then hands one
 * command to the store, which applies the ledger rules (domain/decide.ts) atomically.
 */
export class WalletServiceImpl implements ServiceImpl<typeof WalletService> {
  private readonly operations;

  constructor(private readonly deps: WalletServiceDeps) {
    this.operations = (deps.metrics ?? processMetrics()).counter({
      name: "wallet_operations_total",
      help: "Wallet commands that reached the ledger, by operation and outcome (ok, replayed, a refusal's error code in lower case, or error)",
      labelNames: ["operation", "outcome"],
    });
  }

  async openAccount(request: OpenAccountRequest, context?: HandlerContext): Promise<OpenAccountResponse> {
    const f = new RequestFields();
    const command: WalletCommand = {
      type: "openAccount",
      agentId: f.text("agent_id", request.agentId, AGENT_ID_MAX),
      currency: f.currency("currency", request.currency),
      creditLimitPaise: f.limit("credit_limit_paise", request.creditLimitPaise),
    };
    f.check();
    const result = await this.run(command, context?.signal);
    return create(OpenAccountResponseSchema, { balance: toProtoBalance(result.account) });
  }

  async hold(request: HoldRequest, context?: HandlerContext): Promise<HoldResponse> {
    const f = new RequestFields();
    const now = this.deps.clock.now();
    const command: WalletCommand = {
      type: "hold",
      agentId: f.text("agent_id", request.agentId, AGENT_ID_MAX),
      amountPaise: f.amount("amount_paise", request.amountPaise),
      reference: f.text("reference", request.reference),
      expiresAt: this.expiresAt(f, request.expiresAt, now),
      description: f.note("description", request.description),
    };
    f.check();
    const result = await this.run(command, context?.signal);
    if (!result.hold) throw new Error("hold answered without a hold");
    return create(HoldResponseSchema, { holdId: result.hold.holdId, balance: toProtoBalance(result.account) });
  }

  async capture(request: CaptureRequest, context?: HandlerContext): Promise<CaptureResponse> {
    const f = new RequestFields();
    const command: WalletCommand = { type: "capture", holdId: f.text("hold_id", request.holdId) };
    f.check();
    const result = await this.run(command, context?.signal);
    return create(CaptureResponseSchema, { balance: toProtoBalance(result.account) });
  }

  async void(request: VoidRequest, context?: HandlerContext): Promise<VoidResponse> {
    const f = new RequestFields();
    const command: WalletCommand = { type: "void", holdId: f.text("hold_id", request.holdId), reason: "REQUESTED" };
    f.check();
    const result = await this.run(command, context?.signal);
    return create(VoidResponseSchema, { balance: toProtoBalance(result.account) });
  }

  async credit(request: CreditRequest, context?: HandlerContext): Promise<CreditResponse> {
    const f = new RequestFields();
    const command: WalletCommand = {
      type: "credit",
      agentId: f.text("agent_id", request.agentId, AGENT_ID_MAX),
      amountPaise: f.amount("amount_paise", request.amountPaise),
      reference: f.text("reference", request.reference),
      description: f.note("reason", request.reason),
      // Only ops credit on their own word; anyone else (booking, an unknown caller) refunds a booking.
      grounds: GOODWILL_CREDITORS.has(authenticatedCaller(context) ?? "") ? "goodwill" : "booking",
    };
    f.check();
    const result = await this.run(command, context?.signal);
    return create(CreditResponseSchema, { balance: toProtoBalance(result.account) });
  }

  async topUp(request: TopUpRequest, context?: HandlerContext): Promise<TopUpResponse> {
    const f = new RequestFields();
    const command: WalletCommand = {
      type: "topUp",
      agentId: f.text("agent_id", request.agentId, AGENT_ID_MAX),
      amountPaise: f.amount("amount_paise", request.amountPaise),
      reference: f.text("reference", request.reference),
      description: f.note("description", request.description),
    };
    f.check();
    const result = await this.run(command, context?.signal);
    return create(TopUpResponseSchema, { balance: toProtoBalance(result.account) });
  }

  async setCreditLimit(request: SetCreditLimitRequest, context?: HandlerContext): Promise<SetCreditLimitResponse> {
    const f = new RequestFields();
    const command: WalletCommand = {
      type: "setCreditLimit",
      agentId: f.text("agent_id", request.agentId, AGENT_ID_MAX),
      creditLimitPaise: f.limit("credit_limit_paise", request.creditLimitPaise),
      reference: f.text("reference", request.reference),
    };
    f.check();
    const result = await this.run(command, context?.signal);
    return create(SetCreditLimitResponseSchema, { balance: toProtoBalance(result.account) });
  }

  async getBalance(request: GetBalanceRequest): Promise<GetBalanceResponse> {
    const f = new RequestFields();
    const agentId = f.text("agent_id", request.agentId, AGENT_ID_MAX);
    f.check();
    return create(GetBalanceResponseSchema, { balance: toProtoBalance(await this.account(agentId)) });
  }

  async listStatement(request: ListStatementRequest): Promise<ListStatementResponse> {
    const f = new RequestFields();
    const agentId = f.text("agent_id", request.agentId, AGENT_ID_MAX);
    let limit = DEFAULT_STATEMENT_LIMIT;
    if (request.limit !== undefined) {
      if (request.limit < 1 || request.limit > MAX_STATEMENT_LIMIT) {
        f.add(fieldError("limit", "OUT_OF_RANGE", `must be from 1 to ${MAX_STATEMENT_LIMIT}`));
      } else {
        limit = request.limit;
      }
    }
    let from: Date | undefined;
    let to: Date | undefined;
    if (request.cursor === "") {
      from = this.instant(f, "from", request.from);
      to = this.instant(f, "to", request.to);
      if (from && to && from.getTime() >= to.getTime()) f.add(fieldError("to", "INVALID_VALUE", "must be after from"));
    }
    f.check();
    // The cursor takes precedence: it carries the first page's from and to.
    const cursor = request.cursor === "" ? undefined : this.deps.statementCursors.decode(request.cursor, agentId, this.deps.clock.now());
    if (cursor) ({ from, to } = cursor);
    await this.account(agentId);
    const found = await this.deps.store.listStatement({
      agentId,
      ...(from && { from }),
      ...(to && { to }),
      ...(cursor && { before: cursor.after }),
      limit: limit + 1,
    });
    const page = found.slice(0, limit);
    const last = page.at(-1);
    const next =
      found.length > limit && last
        ? this.deps.statementCursors.encode({
            agentId,
            issuedAt: this.deps.clock.now(),
            ...(from && { from }),
            ...(to && { to }),
            after: { at: last.at, seq: last.seq },
          })
        : "";
    return create(ListStatementResponseSchema, { lines: page.map(toProtoLine), cursor: next, count: page.length });
  }

  /**
   * The agent's HELD holds, oldest first, for the booking service's reconciler. Read from the audit
   * listing of every hold of the agent: one agency's holds are one per booking operation, and a
   * reconciliation runs minutes apart, so a dedicated index is not worth it yet.
   */
  async listOpenHolds(request: ListOpenHoldsRequest): Promise<ListOpenHoldsResponse> {
    const f = new RequestFields();
    const agentId = f.text("agent_id", request.agentId, AGENT_ID_MAX);
    f.check();
    await this.account(agentId);
    const holds = (await this.deps.store.listHolds(agentId)).filter((h) => h.state === "HELD");
    return create(ListOpenHoldsResponseSchema, { holds: holds.map(toProtoOpenHold) });
  }

  async transferFunds(request: TransferFundsRequest, context?: HandlerContext): Promise<TransferFundsResponse> {
    const f = new RequestFields();
    const agentId = f.text("agent_id", request.agentId, AGENT_ID_MAX);
    const subAgentId = f.text("sub_agent_id", request.subAgentId, AGENT_ID_MAX);
    const toSubAgent = request.direction === TransferDirection.TO_SUB_AGENT;
    if (!toSubAgent && request.direction !== TransferDirection.FROM_SUB_AGENT) {
      f.add(
        fieldError(
          "direction",
          request.direction === TransferDirection.UNSPECIFIED ? "REQUIRED" : "INVALID_VALUE",
          "must be TO_SUB_AGENT or FROM_SUB_AGENT",
        ),
      );
    }
    const amountPaise = f.amount("amount_paise", request.amountPaise);
    const reference = f.text("reference", request.reference);
    const description = f.note("description", request.description);
    const credit = request.funds === FundsKind.CREDIT_LINE;
    if (!credit && request.funds !== FundsKind.CASH && request.funds !== FundsKind.UNSPECIFIED) {
      f.add(fieldError("funds", "INVALID_VALUE", "must be CASH or CREDIT_LINE"));
    }
    f.check();
    await this.assertSubAgent(agentId, subAgentId, context?.signal);
    const command: TransferCommand = {
      type: "transfer",
      fromAgentId: toSubAgent ? agentId : subAgentId,
      toAgentId: toSubAgent ? subAgentId : agentId,
      amountPaise,
      reference,
      description,
      // A sub-agent's wallet opens, PREPAID, with its agency's first transfer to it.
      openReceiver: toSubAgent,
      funds: credit ? "CREDIT" : "CASH",
    };
    let result;
    try {
      result = await this.deps.store.transfer(command, context?.signal ? { signal: context.signal } : {});
    } catch (error) {
      this.operations.inc({ operation: "transfer", outcome: error instanceof DomainError ? error.code.toLowerCase() : "error" });
      throw error;
    }
    this.operations.inc({ operation: "transfer", outcome: result.replayed ? "replayed" : "ok" });
    if (result.out) {
      this.deps.logger.info(
        {
          from: command.fromAgentId,
          to: command.toAgentId,
          funds: command.funds,
          reference,
          amountPaise,
          entryId: result.out.transactionId,
        },
        `wallet transfer ${formatMoney(amountPaise, result.from.currency)}`,
      );
    }
    const [agency, subAgent] = toSubAgent ? [result.from, result.to] : [result.to, result.from];
    return create(TransferFundsResponseSchema, { agency: toProtoBalance(agency), subAgent: toProtoBalance(subAgent) });
  }

  async setLowBalanceThreshold(request: SetLowBalanceThresholdRequest, context?: HandlerContext): Promise<SetLowBalanceThresholdResponse> {
    const f = new RequestFields();
    const command: WalletCommand = {
      type: "setLowBalanceThreshold",
      agentId: f.text("agent_id", request.agentId, AGENT_ID_MAX),
      thresholdPaise: f.limit("threshold_paise", request.thresholdPaise),
    };
    f.check();
    const { account } = await this.run(command, context?.signal);
    return create(SetLowBalanceThresholdResponseSchema, {
      balance: toProtoBalance(account),
      thresholdPaise: BigInt(account.lowBalanceThresholdPaise ?? 0),
    });
  }

  /** The sub-agent must be the agency's own, as auth knows it; anything else is not found, as auth answers it. */
  private async assertSubAgent(agentId: string, subAgentId: string, signal: AbortSignal | undefined): Promise<void> {
    if (!this.deps.agents) throw new Error("transfers need the agencies' records (WalletServiceDeps.agents)");
    const sub = await this.deps.agents.agentOf(subAgentId, signal).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === "AUTH_NOT_FOUND") return undefined;
      throw error;
    });
    if (sub?.parentAgentId !== agentId) throw new DomainError("AUTH_NOT_FOUND", `agent ${subAgentId} not found`);
  }

  private async account(agentId: string): Promise<WalletAccount> {
    const account = await this.deps.store.findAccount(agentId);
    if (!account) throw accountNotFound(agentId);
    return account;
  }

  private async run(command: WalletCommand, signal: AbortSignal | undefined): Promise<CommandResult> {
    const operation = operationName(command.type);
    let result: CommandResult;
    try {
      result = await this.deps.store.execute(command, signal ? { signal } : {});
    } catch (error) {
      // A refusal (insufficient funds, an unknown hold, a reused reference...) by its code.
      this.operations.inc({ operation, outcome: error instanceof DomainError ? error.code.toLowerCase() : "error" });
      throw error;
    }
    this.operations.inc({ operation, outcome: result.replayed ? "replayed" : "ok" });
    const { transaction, account, replayed } = result;
    if (transaction) {
      this.deps.logger.info(
        {
          agentId: account.agentId,
          kind: transaction.kind,
          entryId: transaction.transactionId,
          reference: transaction.reference,
          amountPaise: transaction.lineAmountPaise,
          balancePaise: account.balancePaise,
          heldPaise: account.heldPaise,
        },
        `wallet ${transaction.kind.toLowerCase()} ${formatMoney(transaction.amountPaise, account.currency)}`,
      );
    } else if (replayed) {
      this.deps.logger.debug({ command: command.type, agentId: account.agentId }, "wallet command repeated: nothing moved");
    } else {
      this.deps.logger.info({ agentId: account.agentId, currency: account.currency }, "wallet opened");
    }
    return result;
  }

  private expiresAt(f: RequestFields, value: Timestamp | undefined, now: Date): Date {
    const at = this.instant(f, "expires_at", value);
    if (!at) return new Date(now.getTime() + DEFAULT_HOLD_TTL_MS);
    if (at.getTime() <= now.getTime()) f.add(fieldError("expires_at", "OUT_OF_RANGE", "must be in the future"));
    else if (at.getTime() > now.getTime() + MAX_HOLD_TTL_MS)
      f.add(fieldError("expires_at", "OUT_OF_RANGE", "must be at most 7 days ahead"));
    return at;
  }

  private instant(f: RequestFields, field: string, value: Timestamp | undefined): Date | undefined {
    if (!value) return undefined;
    const date = fromTimestamp(value);
    if (!date || Number.isNaN(date.getTime()) || value.nanos < 0 || value.nanos > 999_999_999) {
      f.add(fieldError(field, "INVALID_VALUE", "is not a valid timestamp"));
      return undefined;
    }
    return date;
  }
}
