import { create } from "@bufbuild/protobuf";
import { createRouterTransport, type Client, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import {
  createPeerClient,
  createSigner,
  DomainError,
  fromTimestamp,
  paiseFromProto,
  setAuthenticatedCaller,
  toConnectError,
  type Clock,
} from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import {
  CreditRequestSchema,
  EntryKind,
  GetBalanceRequestSchema,
  ListStatementRequestSchema,
  OpenAccountRequestSchema,
  TopUpRequestSchema,
  WalletService,
  type CaptureRequest,
  type CreditRequest,
  type HoldRequest,
  type VoidRequest,
} from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { createStatementCursorCodec, MemoryWalletStore, WalletServiceImpl } from "@tarmac/wallet";

/** One line of an agent's statement, as plain numbers. */
export interface StatementLine {
  readonly kind: "HOLD" | "CAPTURE" | "VOID" | "REFUND" | "TOP_UP" | "OTHER";
  readonly reference: string;
  /** Signed: negative debits the agent. */
  readonly amountPaise: number;
  readonly balanceAfterPaise: number;
  readonly at: Date;
}

/**
 * How the wallet misbehaves towards booking: "down" refuses every call before it reaches the
 * ledger (a connection refused); "lostAnswer" lets the ledger act, then loses its answer (a
 * deadline that ran out on the way back).
 */
export type WalletFault = "none" | "down" | "lostAnswer";

const KINDS: Partial<Record<EntryKind, StatementLine["kind"]>> = {
  [EntryKind.HOLD]: "HOLD",
  [EntryKind.CAPTURE]: "CAPTURE",
  [EntryKind.VOID]: "VOID",
  [EntryKind.REFUND]: "REFUND",
  [EntryKind.TOP_UP]: "TOP_UP",
};

/**
 * The real wallet (its service and ledger over the in-memory store) where booking's harness has
 * its fake: money tests read the ledger's own statement and balance, so a refund booking was not
 * owed shows up as the wallet records it. Booking reaches it through a peer client, as in
 * production, its credits made as the authenticated caller "booking"; `fault` makes the wallet
 * misbehave until it is set back to "none".
 */
export class LedgerWallet {
  readonly service: WalletServiceImpl;
  fault: WalletFault = "none";

  constructor(clock: Clock) {
    this.service = new WalletServiceImpl({
      store: new MemoryWalletStore({ clock }),
      statementCursors: createStatementCursorCodec(createSigner("ledger-wallet-secret-of-32-characters-at-least", "wallet-statement")),
      clock,
      logger: silentLogger(),
    });
  }

  /** Opens `agentId`'s account with `paise` topped up. */
  async open(agentId: string, paise: number): Promise<void> {
    await this.service.openAccount(create(OpenAccountRequestSchema, { agentId, currency: "INR" }));
    await this.service.topUp(create(TopUpRequestSchema, { agentId, amountPaise: BigInt(paise), reference: "opening" }));
  }

  /** The peer client booking's parts receive in place of the fake's. */
  client(): Client<typeof WalletService> {
    const ledger = this.service;
    const impl: Partial<ServiceImpl<typeof WalletService>> = {
      hold: (request: HoldRequest) => this.faulty(() => ledger.hold(request)),
      capture: (request: CaptureRequest) => this.faulty(() => ledger.capture(request)),
      void: (request: VoidRequest) => this.faulty(() => ledger.void(request)),
      credit: (request: CreditRequest, context: HandlerContext) =>
        this.faulty(() => {
          setAuthenticatedCaller(context.values, "booking");
          return ledger.credit(create(CreditRequestSchema, request), context);
        }),
    };
    return createPeerClient(
      WalletService,
      createRouterTransport((router) => router.service(WalletService, impl)),
    );
  }

  async balancePaise(agentId: string): Promise<number> {
    const { balance } = await this.service.getBalance(create(GetBalanceRequestSchema, { agentId }));
    return paiseFromProto(balance!.balancePaise);
  }

  /** Every line of `agentId`'s statement, oldest first. */
  async statement(agentId: string): Promise<StatementLine[]> {
    const lines: StatementLine[] = [];
    let cursor = "";
    do {
      const page = await this.service.listStatement(create(ListStatementRequestSchema, { agentId, limit: 500, cursor }));
      for (const l of page.lines) {
        lines.push({
          kind: KINDS[l.kind] ?? "OTHER",
          reference: l.reference,
          amountPaise: paiseFromProto(l.amountPaise),
          balanceAfterPaise: paiseFromProto(l.balanceAfterPaise),
          at: fromTimestamp(l.at) ?? new Date(0),
        });
      }
      cursor = page.cursor;
    } while (cursor !== "");
    return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** The call under the current fault, its refusals sent as the wallet's server sends them. */
  private async faulty<T>(call: () => Promise<T>): Promise<T> {
    const unavailable = () => toConnectError(new DomainError("UNAVAILABLE", "A backing service is unavailable, please retry"));
    if (this.fault === "down") throw unavailable();
    let answer: T;
    try {
      answer = await call();
    } catch (e) {
      throw e instanceof DomainError ? toConnectError(e) : e;
    }
    if (this.fault === "lostAnswer") throw unavailable();
    return answer;
  }
}
