/**
 * What a reconciliation can find wrong (README, Reconciliation):
 *   balance_mismatch         the wallet's balance, or a line's balance after, is not the sum of the statement
 *   held_mismatch            held is not the sum of the open holds (or the statement's unsettled holds)
 *   orphan_line              a hold, capture, void or refund line whose reference names no booking of the agency
 *   booking_ledger_mismatch  a booking's net debit is not what the ledger moved under its references
 *   invoice_mismatch         a ticketed booking's ledger movement is not its tax invoice + debit notes - credit notes
 *   expired_hold             a hold still open well past its expiry (the wallet's sweep should have released it)
 *   stuck_booking            a booking in a non-final state, or with an operation pending, past its deadline
 */
export const DISCREPANCY_KINDS = [
  "balance_mismatch",
  "held_mismatch",
  "orphan_line",
  "booking_ledger_mismatch",
  "invoice_mismatch",
  "expired_hold",
  "stuck_booking",
] as const;

export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** One difference between two records, with what to look at: booking ids, entry ids, hold ids, invoice numbers. */
export interface Discrepancy {
  readonly kind: DiscrepancyKind;
  readonly agentId: string;
  readonly ids: readonly string[];
  /** What one record says should be, paise; 0 when the kind compares no amounts. */
  readonly expectedPaise: number;
  /** What the other record says, paise. */
  readonly actualPaise: number;
  readonly detail: string;
}

/** A whole run: every agency it compared, and what it found. */
export interface ReconciliationReport {
  readonly checkedAt: Date;
  readonly agenciesChecked: number;
  readonly bookingsChecked: number;
  /** Left for the next run: an operation on them was in flight. */
  readonly bookingsInFlight: number;
  /** Agencies whose wallet moved while it was read: balance and held not compared this run. */
  readonly busyAgentIds: readonly string[];
  readonly discrepancies: readonly Discrepancy[];
  /** Agencies whose records could not be read (logged): nothing of theirs was compared. */
  readonly unreadableAgentIds: readonly string[];
}
