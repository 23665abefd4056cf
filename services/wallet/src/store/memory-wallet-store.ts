import { MemoryOutbox } from "@tarmac/events";
import { deepCopy, defined, MemoryLeaseStore, type Clock, type LeaseStore } from "@tarmac/kernel";
import type { WalletAccount } from "../domain/account.js";
import { bookingMoneyOf } from "../domain/booking-refund.js";
import { agentIdOf, idempotencyKeyOf, refundedBooking, type IdempotencyKey, type WalletCommand } from "../domain/commands.js";
import { decide, type Commit, type CommandState } from "../domain/decide.js";
import type { Hold } from "../domain/hold.js";
import { isStatementKind, type LedgerTransaction } from "../domain/ledger.js";
import type { StatementQuery } from "../domain/statement.js";
import { decideTransfer, transferKinds, type TransferCommand, type TransferLeg } from "../domain/transfer.js";
import { KeyedMutex } from "./keyed-mutex.js";
import type { CommandOptions, CommandResult, TransferResult, WalletStore } from "./wallet-store.js";

export interface MemoryWalletStoreOptions {
  readonly clock: Clock;
  readonly outbox?: MemoryOutbox;
}

/**
 * In-process wallets for development and tests, with the MongoDB adapter's guarantees.
 *
 * Commands on one agent run one at a time through a per-agent queue (KeyedMutex), and each runs
 * its read-decide-write without an `await` in between, so it is atomic by JavaScript's
 * run-to-completion: no other command, of this agent or any other, can observe or interleave
 * with a half-done one. That is also what keeps the global (kind, reference) index exact across
 * agents. The writes check the same guards as the MongoDB adapter (the account's seq, the hold's
 * state, the unique key) and the outbox append comes first, so a failure leaves nothing behind.
 * Objects are copied in and out like a database would.
 */
export class MemoryWalletStore implements WalletStore {
  readonly outbox: MemoryOutbox;
  readonly leases: LeaseStore;
  private readonly clock: Clock;
  private readonly accounts = new Map<string, WalletAccount>();
  private readonly holds = new Map<string, Hold>();
  /** Per agent, in seq order (seq n at index n - 1). */
  private readonly ledgers = new Map<string, LedgerTransaction[]>();
  /** (kind, reference) -> transaction: the idempotency index, across all agents. */
  private readonly byKey = new Map<string, LedgerTransaction>();
  private readonly queue = new KeyedMutex();

  constructor(options: MemoryWalletStoreOptions) {
    this.clock = options.clock;
    this.outbox = options.outbox ?? new MemoryOutbox();
    this.leases = new MemoryLeaseStore(options.clock);
  }

  execute(command: WalletCommand, options: CommandOptions = {}): Promise<CommandResult> {
    // A hold's agent never changes, so it can be looked up before queueing.
    const agentId =
      agentIdOf(command) ?? (command.type === "capture" || command.type === "void" ? this.holds.get(command.holdId)?.agentId : undefined);
    if (agentId === undefined) {
      // An unknown hold: decide refuses it.
      return Promise.resolve().then(() => this.executeNow(command));
    }
    return this.queue.run(agentId, () => {
      // Queued behind the agent's other commands past the caller's deadline: not started.
      options.signal?.throwIfAborted();
      return this.executeNow(command);
    });
  }

  transfer(command: TransferCommand, options: CommandOptions = {}): Promise<TransferResult> {
    // Both agents' queues, the lower id first: two opposite transfers queue, they never wait on each other.
    const [first, second] = [command.fromAgentId, command.toAgentId].sort(compare) as [string, string];
    const run = () => {
      options.signal?.throwIfAborted();
      return this.transferNow(command);
    };
    return first === second ? this.queue.run(first, run) : this.queue.run(first, () => this.queue.run(second, run));
  }

  async findAccount(agentId: string): Promise<WalletAccount | undefined> {
    return copy(this.accounts.get(agentId));
  }

  async findHold(holdId: string): Promise<Hold | undefined> {
    return copy(this.holds.get(holdId));
  }

  async listStatement(query: StatementQuery): Promise<LedgerTransaction[]> {
    const ledger = this.ledgers.get(query.agentId) ?? [];
    const lines: LedgerTransaction[] = [];
    for (let i = ledger.length - 1; i >= 0 && lines.length < query.limit; i--) {
      const transaction = defined(ledger[i], "ledger line");
      const at = transaction.at.getTime();
      if (query.from && at < query.from.getTime()) break; // `at` never decreases along seq
      if (query.before && transaction.seq >= query.before.seq) continue;
      if (query.to && at >= query.to.getTime()) continue;
      if (isStatementKind(transaction.kind)) lines.push(transaction);
    }
    return lines.map((line) => deepCopy(line));
  }

  async expiredHoldIds(now: Date, limit: number): Promise<string[]> {
    return [...this.holds.values()]
      .filter((hold) => hold.state === "HELD" && hold.expiresAt.getTime() <= now.getTime())
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || compare(a.holdId, b.holdId))
      .slice(0, Math.max(0, limit))
      .map((hold) => hold.holdId);
  }

  async listTransactions(agentId: string): Promise<LedgerTransaction[]> {
    return deepCopy(this.ledgers.get(agentId) ?? []);
  }

  async listHolds(agentId: string): Promise<Hold[]> {
    return [...this.holds.values()]
      .filter((hold) => hold.agentId === agentId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compare(a.holdId, b.holdId))
      .map((hold) => deepCopy(hold));
  }

  /** Synchronous from the first read to the last write: one atomic unit. */
  private executeNow(command: WalletCommand): CommandResult {
    const now = this.clock.now();
    const decision = decide(command, this.read(command), now);
    if (decision.type === "replay") {
      return { account: deepCopy(decision.account), ...(decision.hold && { hold: deepCopy(decision.hold) }), replayed: true };
    }
    this.write(decision);
    return {
      account: deepCopy(decision.account),
      ...(decision.hold && { hold: deepCopy(decision.hold.hold) }),
      ...(decision.transaction && { transaction: deepCopy(decision.transaction) }),
      replayed: false,
    };
  }

  /** Synchronous from the first read to the last write, as executeNow. */
  private transferNow(command: TransferCommand): TransferResult {
    const kinds = transferKinds(command);
    const state = {
      from: copy(this.accounts.get(command.fromAgentId)),
      to: copy(this.accounts.get(command.toAgentId)),
      priorOut: copy(this.byKey.get(keyString({ kind: kinds.out, reference: command.reference }))),
      priorIn: copy(this.byKey.get(keyString({ kind: kinds.in, reference: command.reference }))),
    };
    const decision = decideTransfer(command, state, this.clock.now());
    if (decision.type === "replay") return { from: deepCopy(decision.from), to: deepCopy(decision.to), replayed: true };
    // Guards of both legs first, then the writes: all or nothing.
    this.checkLeg(decision.out);
    this.checkLeg(decision.in);
    this.outbox.append(decision.events);
    for (const leg of [decision.out, decision.in]) this.writeLeg(leg);
    return {
      from: deepCopy(decision.out.account),
      to: deepCopy(decision.in.account),
      out: deepCopy(decision.out.transaction),
      in: deepCopy(decision.in.transaction),
      replayed: false,
    };
  }

  private checkLeg({ opened, before, account, transaction }: TransferLeg): void {
    const current = this.accounts.get(account.agentId);
    if (opened ? current !== undefined : current?.seq !== before.seq)
      throw new Error(`wallet ${account.agentId} changed underneath a transfer`);
    if (this.byKey.has(keyString(transaction))) throw new Error(`duplicate ledger reference ${keyString(transaction)}`);
  }

  private writeLeg({ account, transaction }: TransferLeg): void {
    this.accounts.set(account.agentId, deepCopy(account));
    const stored = deepCopy(transaction);
    this.byKey.set(keyString(stored), stored);
    const ledger = this.ledgers.get(account.agentId);
    if (ledger) ledger.push(stored);
    else this.ledgers.set(account.agentId, [stored]);
  }

  private read(command: WalletCommand): CommandState {
    const key = idempotencyKeyOf(command);
    const prior = key && this.byKey.get(keyString(key));
    let hold: Hold | undefined;
    if (command.type === "capture" || command.type === "void") hold = this.holds.get(command.holdId);
    else if (prior?.holdId) hold = this.holds.get(prior.holdId);
    const agentId = agentIdOf(command) ?? hold?.agentId;
    const account = agentId === undefined ? undefined : this.accounts.get(agentId);
    const bookingId = refundedBooking(command, prior);
    // The agent's whole ledger, scanned: credits are rare, and a booking's money is in no index here.
    const booking =
      agentId === undefined || bookingId === undefined ? undefined : bookingMoneyOf(bookingId, this.ledgers.get(agentId) ?? []);
    // decide() returns new objects and never mutates these, but copies keep that a local fact.
    return { account: copy(account), prior: copy(prior), hold: copy(hold), ...(booking && { booking }) };
  }

  private write(commit: Commit): void {
    const { account, transaction, hold, before, events } = commit;
    // Guards first, mirroring the MongoDB adapter's conditional writes and unique indexes.
    const current = this.accounts.get(account.agentId);
    if (before === undefined ? current !== undefined : current?.seq !== before.seq) {
      throw new Error(`wallet ${account.agentId} changed underneath a command`);
    }
    if (transaction) {
      const key = keyString(transaction);
      if (this.byKey.has(key)) throw new Error(`duplicate ledger reference ${key}`);
      const ledger = this.ledgers.get(account.agentId) ?? [];
      if (transaction.seq !== ledger.length + 1) throw new Error(`ledger seq ${transaction.seq} out of order for ${account.agentId}`);
    }
    if (hold) {
      const stored = this.holds.get(hold.hold.holdId);
      if (hold.write === "insert" ? stored !== undefined : stored?.state !== "HELD") {
        throw new Error(`hold ${hold.hold.holdId} changed underneath a command`);
      }
    }
    // All or nothing: the outbox append is the only step that can still throw, so it goes first.
    this.outbox.append(events);
    this.accounts.set(account.agentId, deepCopy(account));
    if (transaction) {
      const stored = deepCopy(transaction);
      this.byKey.set(keyString(stored), stored);
      const ledger = this.ledgers.get(account.agentId);
      if (ledger) ledger.push(stored);
      else this.ledgers.set(account.agentId, [stored]);
    }
    if (hold) this.holds.set(hold.hold.holdId, deepCopy(hold.hold));
  }
}

function keyString(key: IdempotencyKey): string {
  return `${key.kind}\u0000${key.reference}`;
}

function copy<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : deepCopy(value);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
