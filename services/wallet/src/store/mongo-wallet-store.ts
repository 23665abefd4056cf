import { MongoOutbox } from "@tarmac/events";
import {
  ensureValidatedCollection,
  isMongoServerError,
  MongoLeaseStore,
  runTransaction,
  type Clock,
  type LeaseStore,
} from "@tarmac/kernel";
import type { ClientSession, Collection, Db, Filter } from "mongodb";
import type { WalletAccount } from "../domain/account.js";
import { bookingMoneyOf, type BookingMoney } from "../domain/booking-refund.js";
import { agentIdOf, idempotencyKeyOf, refundedBooking, type WalletCommand } from "../domain/commands.js";
import { decide, type Commit, type CommandState } from "../domain/decide.js";
import type { Hold } from "../domain/hold.js";
import { STATEMENT_KINDS, type LedgerTransaction, type TransactionKind } from "../domain/ledger.js";
import type { StatementQuery } from "../domain/statement.js";
import { decideTransfer, transferKinds, type TransferCommand, type TransferLeg } from "../domain/transfer.js";
import {
  ACCOUNT_VALIDATOR,
  fromAccountDocument,
  fromHoldDocument,
  fromInt64,
  fromTransactionDocument,
  HOLD_VALIDATOR,
  int64,
  toAccountDocument,
  toHoldDocument,
  toTransactionDocument,
  TRANSACTION_VALIDATOR,
  type AccountDocument,
  type HoldDocument,
  type TransactionDocument,
} from "./mongo-wallet-documents.js";
import { KeyedMutex } from "./keyed-mutex.js";
import type { CommandOptions, CommandResult, TransferResult, WalletStore } from "./wallet-store.js";

export const WALLET_COLLECTIONS = {
  accounts: "wallet_accounts",
  transactions: "wallet_transactions",
  holds: "wallet_holds",
  outbox: "wallet_outbox",
} as const;

/**
 * maxCommitTimeMS of a command's transaction (runTransaction: majority commit, so an acknowledged
 * movement survives a primary failover): the server's wait for the majority per commit attempt.
 */
const COMMIT_TIMEOUT_MS = 10_000;

/**
 * A command that lost a race outside the driver's own retry (a duplicate key from a concurrent
 * commit, a conditional update that matched nothing) runs again from a fresh snapshot, where it
 * finds the winner's writes and replays or is refused. Two or three rounds settle any race.
 */
const MAX_COMMAND_ATTEMPTS = 5;

/** Thrown inside a transaction when a guarded write matched nothing: the command is run again. */
class LostRaceError extends Error {
  override readonly name = "LostRaceError";
}

export interface MongoWalletStoreOptions {
  readonly clock: Clock;
  /** Defaults to `wallet_outbox` in the same database (it must be: one transaction writes both). */
  readonly outbox?: MongoOutbox;
}

/**
 * MongoDB wallets (needs a replica set or sharded cluster: every command is a transaction).
 *
 * Collections: `wallet_accounts` (one per agent, the cached balances and the seq guard),
 * `wallet_transactions` (the ledger, entries embedded), `wallet_holds`, and `wallet_outbox`.
 *
 * One command = one transaction (runTransaction: snapshot reads, majority commit) that reads the account,
 * the prior transaction under the command's (kind, reference) and the hold, lets `decide` rule,
 * and writes:
 *   1. the account, conditional on its seq being the one read (the optimistic lock: two
 *      commands on one agent cannot both commit; the loser's write conflicts and runTransaction
 *      retries it on a fresh snapshot);
 *   2. the ledger transaction, under the unique index (kind, reference), so a reference moves
 *      money once across all agents and all races, and the unique index (agentId, seq);
 *   3. the hold, inserted, or moved out of HELD conditional on still being HELD;
 *   4. the outbox events, with the same session.
 * Server-side validators refuse any document that would break available >= 0 or an unbalanced
 * transaction, whatever wrote it.
 */
export class MongoWalletStore implements WalletStore {
  readonly outbox: MongoOutbox;
  readonly leases: LeaseStore;
  private readonly clock: Clock;
  private readonly queue = new KeyedMutex();
  private readonly accounts: Collection<AccountDocument>;
  private readonly transactions: Collection<TransactionDocument>;
  private readonly holds: Collection<HoldDocument>;

  constructor(
    private readonly db: Db,
    options: MongoWalletStoreOptions,
  ) {
    this.clock = options.clock;
    this.outbox = options.outbox ?? new MongoOutbox(db, WALLET_COLLECTIONS.outbox);
    this.leases = new MongoLeaseStore(db);
    // Outside transactions (balance, statement, audit): majority reads from the primary, so a
    // read after an acknowledged command sees it, and never sees what may still roll back.
    const concerns = {
      readConcern: { level: "majority" as const },
      writeConcern: { w: "majority" as const },
      readPreference: "primary" as const,
    };
    this.accounts = db.collection<AccountDocument>(WALLET_COLLECTIONS.accounts, concerns);
    this.transactions = db.collection<TransactionDocument>(WALLET_COLLECTIONS.transactions, concerns);
    this.holds = db.collection<HoldDocument>(WALLET_COLLECTIONS.holds, concerns);
  }

  /** Opens the store on `db`, creating its collections, validators and indexes first. */
  static async open(db: Db, options: MongoWalletStoreOptions): Promise<MongoWalletStore> {
    const store = new MongoWalletStore(db, options);
    await store.ensureIndexes();
    return store;
  }

  /**
   * Creates the collections with their validators (or updates the validators), the indexes, and
   * the outbox's. Collections must exist before the first transaction writes to them. Safe to run
   * concurrently from several instances and on every start.
   */
  async ensureIndexes(): Promise<void> {
    await ensureValidatedCollection(this.db, WALLET_COLLECTIONS.accounts, ACCOUNT_VALIDATOR);
    await ensureValidatedCollection(this.db, WALLET_COLLECTIONS.transactions, TRANSACTION_VALIDATOR);
    await ensureValidatedCollection(this.db, WALLET_COLLECTIONS.holds, HOLD_VALIDATOR);
    await this.transactions.createIndexes([
      // Idempotency: one transaction per (kind, reference), across agents. A CAPTURE or VOID
      // carries its hold's reference, so this is also "at most one capture / void per hold".
      { key: { kind: 1, reference: 1 }, name: "kind_reference_unique", unique: true },
      // The agent's commit order, and the audit's scan.
      { key: { agentId: 1, seq: 1 }, name: "agentId_seq_unique", unique: true },
      // The statement: newest first, from/to on `at`, seq breaks ties (`at` never decreases along seq).
      { key: { agentId: 1, at: -1, seq: -1 }, name: "agentId_at_seq" },
    ]);
    await this.holds.createIndexes([
      { key: { reference: 1 }, name: "reference_unique", unique: true },
      // The expiry sweep reads only open holds: a partial index stays as small as what is held.
      { key: { expiresAt: 1 }, name: "expiresAt_held", partialFilterExpression: { state: "HELD" } },
      { key: { agentId: 1, createdAt: 1, _id: 1 }, name: "agentId_createdAt" },
    ]);
    await this.outbox.ensureIndexes();
  }

  /**
   * One agent's commands run one after another in this process (as in the memory store), so a
   * pod's concurrent requests for an agent queue here instead of colliding on the agent's account
   * document and retrying through write conflicts; across pods the account's seq guard decides.
   * The caller's signal is checked before each attempt and inside the transaction callback, and
   * runTransaction retries a transaction only until the caller's deadline, so neither loop
   * outlives the caller.
   */
  async execute(command: WalletCommand, options: CommandOptions = {}): Promise<CommandResult> {
    const agentId = agentIdOf(command) ?? (await this.agentOfHold(command));
    const run = () => this.executeAttempts(command, options.signal);
    return agentId === undefined ? run() : this.queue.run(agentId, run);
  }

  /**
   * One transaction writes both accounts (each guarded on the seq it read), both ledger lines
   * (under the unique (kind, reference) index) and the events. In this process both agents' queues
   * are taken, the lower id first; across pods the seq guards decide and the loser runs again.
   */
  async transfer(command: TransferCommand, options: CommandOptions = {}): Promise<TransferResult> {
    const [first, second] = [command.fromAgentId, command.toAgentId].sort() as [string, string];
    const run = () => this.transferAttempts(command, options.signal);
    return first === second ? this.queue.run(first, run) : this.queue.run(first, () => this.queue.run(second, run));
  }

  private async transferAttempts(command: TransferCommand, signal: AbortSignal | undefined): Promise<TransferResult> {
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      try {
        const result = await runTransaction(
          this.db.client,
          (s) => {
            signal?.throwIfAborted();
            return this.transferIn(command, s);
          },
          { maxCommitTimeMS: COMMIT_TIMEOUT_MS, signal },
        );
        if (!result.replayed) this.outbox.notify();
        return result;
      } catch (error) {
        if (attempt < MAX_COMMAND_ATTEMPTS && (isDuplicateKey(error) || error instanceof LostRaceError)) continue;
        throw error;
      }
    }
  }

  private async transferIn(command: TransferCommand, session: ClientSession): Promise<TransferResult> {
    const now = this.clock.now();
    const account = async (agentId: string) => {
      const doc = await this.accounts.findOne({ _id: agentId }, { session });
      return doc ? fromAccountDocument(doc) : undefined;
    };
    const kinds = transferKinds(command);
    const prior = async (kind: TransactionKind) => {
      const doc = await this.transactions.findOne({ kind, reference: command.reference }, { session });
      return doc ? fromTransactionDocument(doc) : undefined;
    };
    const state = {
      from: await account(command.fromAgentId),
      to: await account(command.toAgentId),
      priorOut: await prior(kinds.out),
      priorIn: await prior(kinds.in),
    };
    const decision = decideTransfer(command, state, now);
    if (decision.type === "replay") return { from: decision.from, to: decision.to, replayed: true };
    await this.writeLeg(decision.out, session);
    await this.writeLeg(decision.in, session);
    await this.outbox.append(decision.events, session);
    return {
      from: decision.out.account,
      to: decision.in.account,
      out: decision.out.transaction,
      in: decision.in.transaction,
      replayed: false,
    };
  }

  private async writeLeg({ opened, before, account, transaction }: TransferLeg, session: ClientSession): Promise<void> {
    if (opened) {
      // A concurrent open of the receiver fails on _id; the transfer then runs again and finds it.
      await this.accounts.insertOne(toAccountDocument(account), { session });
    } else {
      const { _id, ...figures } = toAccountDocument(account);
      const updated = await this.accounts.updateOne({ _id, seq: int64(before.seq) }, { $set: figures }, { session });
      if (updated.matchedCount !== 1) throw new LostRaceError(`wallet ${_id} changed underneath a transfer`);
    }
    await this.transactions.insertOne(toTransactionDocument(transaction), { session });
  }

  private async agentOfHold(command: WalletCommand): Promise<string | undefined> {
    if (command.type !== "capture" && command.type !== "void") return undefined;
    const hold = await this.holds.findOne({ _id: command.holdId }, { projection: { agentId: 1 }, maxTimeMS: 5_000 });
    return hold?.agentId;
  }

  private async executeAttempts(command: WalletCommand, signal: AbortSignal | undefined): Promise<CommandResult> {
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      try {
        const result = await runTransaction(
          this.db.client,
          (s) => {
            signal?.throwIfAborted();
            return this.executeIn(command, s);
          },
          { maxCommitTimeMS: COMMIT_TIMEOUT_MS, signal },
        );
        if (!result.replayed && result.events > 0) this.outbox.notify();
        return result.result;
      } catch (error) {
        if (attempt < MAX_COMMAND_ATTEMPTS && (isDuplicateKey(error) || error instanceof LostRaceError)) continue;
        throw error;
      }
    }
  }

  async findAccount(agentId: string): Promise<WalletAccount | undefined> {
    const doc = await this.accounts.findOne({ _id: agentId });
    return doc ? fromAccountDocument(doc) : undefined;
  }

  async findHold(holdId: string): Promise<Hold | undefined> {
    const doc = await this.holds.findOne({ _id: holdId });
    return doc ? fromHoldDocument(doc) : undefined;
  }

  async listStatement(query: StatementQuery): Promise<LedgerTransaction[]> {
    const at: { $gte?: Date; $lt?: Date; $lte?: Date } = {};
    if (query.from) at.$gte = query.from;
    if (query.to) at.$lt = query.to;
    if (query.before) at.$lte = query.before.at;
    const filter: Filter<TransactionDocument> = {
      agentId: query.agentId,
      kind: { $in: [...STATEMENT_KINDS] },
      ...(Object.keys(at).length > 0 && { at }),
      ...(query.before && { seq: { $lt: int64(query.before.seq) } }),
    };
    const docs = await this.transactions.find(filter).sort({ at: -1, seq: -1 }).hint("agentId_at_seq").limit(query.limit).toArray();
    return docs.map(fromTransactionDocument);
  }

  async expiredHoldIds(now: Date, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    const docs = await this.holds
      .find({ state: "HELD", expiresAt: { $lte: now } }, { projection: { _id: 1 } })
      .sort({ expiresAt: 1 })
      .limit(limit)
      .toArray();
    return docs.map((doc) => doc._id);
  }

  async listTransactions(agentId: string): Promise<LedgerTransaction[]> {
    const docs = await this.transactions.find({ agentId }).sort({ agentId: 1, seq: 1 }).toArray();
    return docs.map(fromTransactionDocument);
  }

  async listHolds(agentId: string): Promise<Hold[]> {
    const docs = await this.holds.find({ agentId }).sort({ agentId: 1, createdAt: 1, _id: 1 }).toArray();
    return docs.map(fromHoldDocument);
  }

  /** One attempt inside a transaction. Every driver error propagates, so runTransaction can retry or abort. */
  private async executeIn(
    command: WalletCommand,
    session: ClientSession,
  ): Promise<{ result: CommandResult; replayed: boolean; events: number }> {
    const now = this.clock.now();
    const state = await this.read(command, session);
    const decision = decide(command, state, now);
    if (decision.type === "replay") {
      return {
        result: { account: decision.account, ...(decision.hold && { hold: decision.hold }), replayed: true },
        replayed: true,
        events: 0,
      };
    }
    await this.write(decision, session);
    const result: CommandResult = {
      account: decision.account,
      ...(decision.hold && { hold: decision.hold.hold }),
      ...(decision.transaction && { transaction: decision.transaction }),
      replayed: false,
    };
    return { result, replayed: false, events: decision.events.length };
  }

  private async read(command: WalletCommand, session: ClientSession): Promise<CommandState> {
    const key = idempotencyKeyOf(command);
    const priorDoc = key ? await this.transactions.findOne({ kind: key.kind, reference: key.reference }, { session }) : null;
    const prior = priorDoc ? fromTransactionDocument(priorDoc) : undefined;
    const holdId = command.type === "capture" || command.type === "void" ? command.holdId : prior?.holdId;
    const holdDoc = holdId === undefined ? null : await this.holds.findOne({ _id: holdId }, { session });
    const hold = holdDoc ? fromHoldDocument(holdDoc) : undefined;
    const agentId = agentIdOf(command) ?? hold?.agentId;
    const accountDoc = agentId === undefined ? null : await this.accounts.findOne({ _id: agentId }, { session });
    const bookingId = refundedBooking(command, prior);
    const booking = agentId === undefined || bookingId === undefined ? undefined : await this.bookingMoney(agentId, bookingId, session);
    return { account: accountDoc ? fromAccountDocument(accountDoc) : undefined, prior, hold, ...(booking && { booking }) };
  }

  /**
   * The booking's captures and refunds on the agent's account, from the same snapshot as the
   * account. A refund racing another of the same agent cannot both fit: each writes the account
   * guarded on the seq it read, so the later one runs again and reads the earlier one here.
   */
  private async bookingMoney(agentId: string, bookingId: string, session: ClientSession): Promise<BookingMoney> {
    // Anchored on the literal booking id (letters, digits and "_", nothing a pattern reads as
    // syntax): the (kind, reference) index scans only this booking's keys.
    const reference = { $regex: `^${bookingId}(?:[:/]|$)` };
    const docs = await this.transactions
      .find(
        { kind: { $in: ["CAPTURE", "REFUND"] }, reference, agentId },
        { session, projection: { kind: 1, reference: 1, amountPaise: 1 } },
      )
      .hint("kind_reference_unique")
      .toArray();
    return bookingMoneyOf(
      bookingId,
      docs.map((doc) => ({ kind: doc.kind, reference: doc.reference, amountPaise: fromInt64(doc.amountPaise) })),
    );
  }

  private async write(commit: Commit, session: ClientSession): Promise<void> {
    const { before, account, transaction, hold, events } = commit;
    if (before === undefined) {
      // A concurrent open of the same agent fails on _id; the command then runs again and replays.
      await this.accounts.insertOne(toAccountDocument(account), { session });
    } else {
      const { _id, ...figures } = toAccountDocument(account);
      const updated = await this.accounts.updateOne({ _id, seq: int64(before.seq) }, { $set: figures }, { session });
      if (updated.matchedCount !== 1) throw new LostRaceError(`wallet ${_id} changed underneath a command`);
    }
    if (transaction) await this.transactions.insertOne(toTransactionDocument(transaction), { session });
    if (hold?.write === "insert") {
      await this.holds.insertOne(toHoldDocument(hold.hold), { session });
    } else if (hold) {
      const { _id, ...fields } = toHoldDocument(hold.hold);
      const settled = await this.holds.updateOne({ _id, state: "HELD" }, { $set: fields }, { session });
      if (settled.matchedCount !== 1) throw new LostRaceError(`hold ${_id} changed underneath a command`);
    }
    await this.outbox.append(events, session);
  }
}

function isDuplicateKey(error: unknown): boolean {
  return isMongoServerError(error) && error.code === 11000;
}
