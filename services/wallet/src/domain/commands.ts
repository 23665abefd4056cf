import { bookingOfReference } from "./booking-refund.js";
import type { VoidReason } from "./hold.js";
import type { LedgerTransaction, TransactionKind } from "./ledger.js";

/**
 * The wallet's state-changing operations, already validated for form (non-empty ids, positive
 * whole amounts in range). Every store runs one command atomically through `decide`.
 */
export type WalletCommand =
  | OpenAccountCommand
  | HoldCommand
  | CaptureCommand
  | VoidCommand
  | CreditCommand
  | TopUpCommand
  | SetCreditLimitCommand
  | SetLowBalanceThresholdCommand;

export interface OpenAccountCommand {
  readonly type: "openAccount";
  readonly agentId: string;
  readonly currency: string;
  readonly creditLimitPaise: number;
}

export interface HoldCommand {
  readonly type: "hold";
  readonly agentId: string;
  readonly amountPaise: number;
  /** The booking id. */
  readonly reference: string;
  readonly expiresAt: Date;
  /** May be empty: a default is written. */
  readonly description: string;
}

export interface CaptureCommand {
  readonly type: "capture";
  readonly holdId: string;
}

export interface VoidCommand {
  readonly type: "void";
  readonly holdId: string;
  /** EXPIRED (the sweep) voids only a hold whose expires_at has passed, and leaves any other alone. */
  readonly reason: VoidReason;
}

/**
 * Why money is credited, which decides how much may be:
 * - "booking": a refund of a booking (booking's calls). The reference must start with the booking
 *   id (booking-refund.ts), and the credit may not exceed what that booking's holds captured from
 *   this wallet less what was already credited back for it (WALLET_CREDIT_NOT_ALLOWED).
 * - "goodwill": ops crediting by hand (`pnpm admin`), with or without a booking behind it.
 */
type CreditGrounds = "booking" | "goodwill";

/** A refund to the agent (kind REFUND). */
export interface CreditCommand {
  readonly type: "credit";
  readonly agentId: string;
  readonly amountPaise: number;
  /** E.g. `bkg_123` or `bkg_123/rfd_456`. */
  readonly reference: string;
  readonly description: string;
  readonly grounds: CreditGrounds;
}

export interface TopUpCommand {
  readonly type: "topUp";
  readonly agentId: string;
  readonly amountPaise: number;
  readonly reference: string;
  readonly description: string;
}

export interface SetCreditLimitCommand {
  readonly type: "setCreditLimit";
  readonly agentId: string;
  readonly creditLimitPaise: number;
  readonly reference: string;
}

/** Sets the wallet's low-balance threshold (0: no alert). Idempotent by value; moves no money, records no line. */
export interface SetLowBalanceThresholdCommand {
  readonly type: "setLowBalanceThreshold";
  readonly agentId: string;
  readonly thresholdPaise: number;
}

/** The idempotency key a command is recorded under: (kind, reference), unique across agents. */
export interface IdempotencyKey {
  readonly kind: TransactionKind;
  readonly reference: string;
}

/** Commands idempotent by caller reference; capture and void are idempotent by hold id instead. */
export function idempotencyKeyOf(command: WalletCommand): IdempotencyKey | undefined {
  switch (command.type) {
    case "hold":
      return { kind: "HOLD", reference: command.reference };
    case "credit":
      return { kind: "REFUND", reference: command.reference };
    case "topUp":
      return { kind: "TOP_UP", reference: command.reference };
    case "setCreditLimit":
      return { kind: "CREDIT_LIMIT", reference: command.reference };
    default:
      return undefined;
  }
}

/** The agent whose account the command changes, when the command names it (capture and void name a hold). */
export function agentIdOf(command: WalletCommand): string | undefined {
  return "agentId" in command ? command.agentId : undefined;
}

/**
 * The booking whose money a store must read for the command (CommandState.booking): a credit on
 * booking grounds naming one, unless it repeats an earlier credit (a replay moves nothing).
 */
export function refundedBooking(command: WalletCommand, prior: LedgerTransaction | undefined): string | undefined {
  if (command.type !== "credit" || command.grounds !== "booking" || prior) return undefined;
  return bookingOfReference(command.reference);
}
