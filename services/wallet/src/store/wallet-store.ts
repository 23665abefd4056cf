import type { OutboxReader } from "@tarmac/events";
import type { LeaseStore } from "@tarmac/kernel";
import type { WalletAccount } from "../domain/account.js";
import type { WalletCommand } from "../domain/commands.js";
import type { Hold } from "../domain/hold.js";
import type { LedgerTransaction } from "../domain/ledger.js";
import type { StatementQuery } from "../domain/statement.js";
import type { TransferCommand } from "../domain/transfer.js";

export interface CommandResult {
  /** The account after the command (for a replay: as it is now). */
  readonly account: WalletAccount;
  /** Hold, capture, void: the hold after the command. */
  readonly hold?: Hold;
  /** The transaction the command recorded; absent for a replay and for OpenAccount. */
  readonly transaction?: LedgerTransaction;
  /** True when the command wrote nothing: it repeated an earlier one. */
  readonly replayed: boolean;
}

export interface TransferResult {
  /** Both wallets after the transfer (for a replay: as they are now). */
  readonly from: WalletAccount;
  readonly to: WalletAccount;
  /** TRANSFER_OUT on the sender's ledger and TRANSFER_IN on the receiver's; absent for a replay. */
  readonly out?: LedgerTransaction;
  readonly in?: LedgerTransaction;
  readonly replayed: boolean;
}

/**
 * Agent wallets: accounts, holds and the ledger, plus the wallet's outbox.
 *
 * `execute` is the only way money moves. It runs one command as one atomic unit: it reads the
 * account, the transaction already recorded under the command's idempotency key and the hold
 * involved, lets `decide` (the domain) rule, and writes the ledger transaction, the account's
 * cached figures, the hold and the outbox events all together or not at all. Commands on one
 * agent are serialised (memory: a per-agent queue; MongoDB: a transaction whose account update
 * is guarded on the account's seq), and (kind, reference) is unique across all agents, so no
 * interleaving can spend money twice, capture a hold twice, or both capture and void one.
 * "Now" is read from the store's clock inside that unit, so expiry is judged when the command
 * takes effect, not when it was queued.
 */
export interface CommandOptions {
  readonly signal?: AbortSignal;
}

export interface WalletStore {
  /** The outbox the store appends to, for the relay. */
  readonly outbox: OutboxReader;
  /** Where the relay and the hold sweeper claim their loops, so one replica runs each at a time. */
  readonly leases: LeaseStore;
  /**
   * Runs one command atomically; throws the domain's DomainError when it is refused. Once
   * `options.signal` aborts (the caller's deadline passed or it went away) the command is no longer
   * started or retried: it rejects with the signal's reason and changes nothing, unless it had
   * already committed.
   */
  execute(command: WalletCommand, options?: CommandOptions): Promise<CommandResult>;
  /**
   * Moves money between two wallets as one atomic unit (domain/transfer.ts rules): both accounts,
   * both ledger lines and the events, all or nothing. Serialised with each agent's other commands
   * (both agents' queues, taken in a fixed order so two opposite transfers cannot deadlock), and
   * idempotent by (TRANSFER_OUT, reference) and (TRANSFER_IN, reference).
   */
  transfer(command: TransferCommand, options?: CommandOptions): Promise<TransferResult>;
  findAccount(agentId: string): Promise<WalletAccount | undefined>;
  findHold(holdId: string): Promise<Hold | undefined>;
  /** Statement transactions (not CREDIT_LIMIT records) of the query's agent, newest first. */
  listStatement(query: StatementQuery): Promise<LedgerTransaction[]>;
  /** Ids of HELD holds with expiresAt <= now, earliest expiry first, at most `limit`. */
  expiredHoldIds(now: Date, limit: number): Promise<string[]>;
  /** Audit: every transaction of the agent, seq ascending. */
  listTransactions(agentId: string): Promise<LedgerTransaction[]>;
  /** Audit: every hold of the agent, oldest first. */
  listHolds(agentId: string): Promise<Hold[]>;
}
