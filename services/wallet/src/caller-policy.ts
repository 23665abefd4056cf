import type { CallerPolicy } from "@tarmac/kernel";

/**
 * Who calls the wallet. Money moves for a booking only at booking's request (its sweeps settle
 * bookings with no agency on the line, so booking is trusted to name the agency); money is created
 * (top-ups, credit limits, manual credits) only by ops through the admin command line; agencies
 * read their own balance and statement through the gateway; booking's reconciler reads
 * every agency's balance, statement and open holds.
 */
export const walletCallerPolicy: CallerPolicy = {
  OpenAccount: { admin: "trusted" },
  Hold: { booking: "trusted" },
  Capture: { booking: "trusted" },
  Void: { booking: "trusted" },
  // Booking credits refunds (cancellations, failed ticketing, reschedules), each within what the
  // booking paid (domain/booking-refund.ts); ops credit goodwill (GOODWILL_CREDITORS).
  Credit: { booking: "trusted", admin: "trusted" },
  TopUp: { admin: "trusted" },
  SetCreditLimit: { admin: "trusted" },
  // Booking's reconciler reads every agency's ledger to compare it with its bookings.
  GetBalance: { gateway: "agent-context", admin: "trusted", booking: "trusted" },
  ListStatement: { gateway: "agent-context", admin: "trusted", booking: "trusted" },
  ListOpenHolds: { booking: "trusted", admin: "trusted" },
  // An agency moves its own money to and from its sub-agents (the service checks the sub-agent is its own).
  TransferFunds: { gateway: "agent-context", admin: "trusted" },
  // An agency's own alert setting; it moves no money.
  SetLowBalanceThreshold: { gateway: "agent-context", admin: "trusted" },
};

/**
 * Callers whose Credit needs no booking behind it: ops, crediting goodwill by hand. Every other
 * caller allowed Credit (booking, a team granted it with CALLER_GRANTS) may only refund a booking,
 * at most what it paid from the wallet less what it already got back (WALLET_CREDIT_NOT_ALLOWED).
 */
export const GOODWILL_CREDITORS: ReadonlySet<string> = new Set(["admin"]);
