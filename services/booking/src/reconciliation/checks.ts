import { formatPaise } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";
import { isPendingRefund } from "../domain/refunds.js";
import type { Invoice } from "../invoices/invoice.js";
import { RESCHEDULE_REPAIR_AFTER_MS } from "../store/booking-store.js";
import type { Discrepancy, DiscrepancyKind } from "./discrepancy.js";

export type LineKind = "HOLD" | "CAPTURE" | "VOID" | "REFUND" | "TOP_UP" | "ADJUSTMENT" | "TRANSFER_OUT" | "TRANSFER_IN";

/** A wallet statement line as ListStatement answers it. */
export interface StatementLine {
  readonly entryId: string;
  readonly at: Date;
  readonly kind: LineKind;
  /** Signed from the agent's side: HOLD and CAPTURE negative, the others positive. */
  readonly amountPaise: number;
  readonly balanceAfterPaise: number;
  readonly reference: string;
}

/** A hold neither captured nor voided, as ListOpenHolds answers it. */
export interface OpenHold {
  readonly holdId: string;
  readonly reference: string;
  readonly amountPaise: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** An agency's wallet as read for one run. */
export interface WalletSnapshot {
  readonly agentId: string;
  readonly balancePaise: number;
  readonly heldPaise: number;
  /** The whole statement, oldest first. */
  readonly lines: readonly StatementLine[];
  readonly openHolds: readonly OpenHold[];
  /**
   * True when no line was posted while the balance, the holds and the statement were read, so
   * they describe one moment; otherwise balance and held are not compared (a later run will).
   */
  readonly quiet: boolean;
}

/** Everything one agency's reconciliation compares: the wallet read first, then its bookings and documents. */
export interface AgencyRecords {
  readonly wallet: WalletSnapshot;
  readonly bookings: readonly Booking[];
  /** Its tax invoices, credit and debit notes. */
  readonly documents: readonly Invoice[];
}

export interface CheckOptions {
  readonly now: Date;
  /**
   * When the wallet read began. A booking changed at or after it may have moved money the
   * snapshot does not show (or shows money it has not recorded yet): it is left for the next run.
   */
  readonly readStartedAt: Date;
  /** How long past its expiry a hold may stay open before it is reported (the wallet sweeps every few seconds). */
  readonly holdGraceMs: number;
  /** How long past its deadline a booking may stay in a non-final state before it is reported. */
  readonly stuckAfterMs: number;
  /** A PENDING booking younger than this may still be in its create call (booking's RECOVERY_GRACE_SECONDS). */
  readonly recoveryGraceMs: number;
}

export interface AgencyResult {
  readonly discrepancies: Discrepancy[];
  readonly bookingsChecked: number;
  readonly bookingsInFlight: number;
}

/**
 * One agency's reconciliation, from its records alone (no I/O): balance = sum of the statement;
 * held = open holds; every hold, capture, void and refund line belongs to one of its bookings and
 * each booking's net debit is what the ledger moved under its references; for a ticketed booking,
 * that movement is its tax invoice + debit notes - credit notes; no hold open past its expiry;
 * no booking past its deadline in a non-final state. Every booking the wallet names was stored
 * before its first wallet call, and every operation marks its booking before it moves money, so a
 * booking that is quiet (unchanged since the wallet read began, nothing pending) must agree exactly.
 */
export function reconcileAgency(records: AgencyRecords, options: CheckOptions): AgencyResult {
  const { wallet } = records;
  const found: Discrepancy[] = [];
  const report = (kind: DiscrepancyKind, ids: readonly string[], expectedPaise: number, actualPaise: number, detail: string) =>
    found.push({ kind, agentId: wallet.agentId, ids, expectedPaise, actualPaise, detail });

  checkBalance(wallet, report);
  checkHeld(wallet, report);
  checkHoldExpiry(wallet, options, report);

  const bookings = new Map(records.bookings.map((b) => [b.bookingId, b]));
  const linesOf = new Map<string, StatementLine[]>();
  for (const line of wallet.lines.filter((l) => BOOKING_KINDS.has(l.kind))) {
    const bookingId = bookingIdOf(line.reference);
    if (bookingId === undefined || !bookings.has(bookingId)) {
      report(
        "orphan_line",
        [line.entryId, line.reference],
        0,
        line.amountPaise,
        `${line.kind} of ${formatPaise(Math.abs(line.amountPaise))} under reference ${line.reference}: no booking of the agency made it`,
      );
      continue;
    }
    linesOf.set(bookingId, [...(linesOf.get(bookingId) ?? []), line]);
  }

  let bookingsChecked = 0;
  let bookingsInFlight = 0;
  for (const booking of records.bookings) {
    checkDeadline(booking, options, report);
    if (inFlight(booking, options.readStartedAt)) {
      bookingsInFlight++;
      continue;
    }
    bookingsChecked++;
    const lines = linesOf.get(booking.bookingId) ?? [];
    const moved = netDebitOf(lines);
    const expected = expectedNetDebit(booking);
    if (moved !== expected) {
      report(
        "booking_ledger_mismatch",
        [booking.bookingId, ...lines.map((l) => l.entryId)],
        expected,
        moved,
        `${booking.status} booking records a net debit of ${formatPaise(expected)}; the ledger moved ${formatPaise(moved)} under its references`,
      );
    }
    checkDocuments(
      booking,
      records.documents.filter((d) => d.bookingId === booking.bookingId),
      moved,
      report,
    );
  }
  return { discrepancies: found, bookingsChecked, bookingsInFlight };
}

type Report = (kind: DiscrepancyKind, ids: readonly string[], expectedPaise: number, actualPaise: number, detail: string) => void;

/** Lines a booking's operations make: its holds and what became of them, and its refunds. */
const BOOKING_KINDS: ReadonlySet<LineKind> = new Set(["HOLD", "CAPTURE", "VOID", "REFUND"]);

/** Every wallet reference booking uses starts with the booking id: `bkg_x`, `bkg_x:<quote>`, `bkg_x:add_y`, `bkg_x:ticket:<ms>`, `bkg_x/<refund>`. */
export function bookingIdOf(reference: string): string | undefined {
  return /^(bkg_[0-9A-Za-z]+)(?:[:/]|$)/.exec(reference)?.[1];
}

/** What a line does to the balance: captures, refunds, top-ups and adjustments move it; holds and voids move held only. */
function cashOf(line: StatementLine): number {
  return line.kind === "HOLD" || line.kind === "VOID" ? 0 : line.amountPaise;
}

/** Captures less refunds: what the agency paid, net, under these lines. */
function netDebitOf(lines: readonly StatementLine[]): number {
  return lines.reduce((sum, l) => sum - cashOf(l), 0);
}

/**
 * What the booking says it cost the agency, net: everything debited (its debitPaise, kept net of
 * a reschedule's credit) less the refunds credited. A booking that failed, was released or expired
 * costs nothing: whatever was captured was credited back.
 */
function expectedNetDebit(booking: Booking): number {
  if (booking.status === "FAILED" || booking.status === "RELEASED" || booking.status === "EXPIRED") return 0;
  const refunded = (booking.refunds ?? []).filter((r) => r.status === "REFUNDED").reduce((sum, r) => sum + r.amountPaise, 0);
  return booking.debitPaise - refunded;
}

/**
 * A booking whose money may be moving right now: changed since the wallet read began, in a status
 * the flow passes through (PENDING; BOOKED, which ticketing or its failure's refund leaves), or with
 * an operation marked pending (each is marked before its wallet call and cleared by its last write).
 */
function inFlight(booking: Booking, readStartedAt: Date): boolean {
  return (
    booking.updatedAt.getTime() >= readStartedAt.getTime() ||
    booking.status === "PENDING" ||
    booking.status === "BOOKED" ||
    booking.pendingReschedule !== undefined ||
    booking.pendingCancellation !== undefined ||
    booking.pendingAddition !== undefined ||
    booking.hold?.ticketing !== undefined ||
    (booking.refunds ?? []).some(isPendingRefund)
  );
}

function checkBalance(wallet: WalletSnapshot, report: Report): void {
  let running = 0;
  const broken: { line: StatementLine; sum: number }[] = [];
  for (const line of wallet.lines) {
    running += cashOf(line);
    if (line.balanceAfterPaise !== running) broken.push({ line, sum: running });
  }
  const [first] = broken;
  if (first) {
    // The first line the chain breaks at: a wrong amount there also breaks every line after it.
    const after = broken.length > 1 ? ` (and ${broken.length - 1} lines after it)` : "";
    report(
      "balance_mismatch",
      [first.line.entryId],
      first.sum,
      first.line.balanceAfterPaise,
      `${first.line.kind} line's balance after is ${formatPaise(first.line.balanceAfterPaise)}; the lines up to it sum to ${formatPaise(first.sum)}${after}`,
    );
  }
  if (!wallet.quiet) return;
  const sum = wallet.lines.reduce((total, l) => total + cashOf(l), 0);
  if (wallet.balancePaise !== sum) {
    const last = wallet.lines.at(-1);
    report(
      "balance_mismatch",
      last ? [last.entryId] : [],
      sum,
      wallet.balancePaise,
      `the wallet's balance is ${formatPaise(wallet.balancePaise)}; its statement sums to ${formatPaise(sum)}`,
    );
  }
}

function checkHeld(wallet: WalletSnapshot, report: Report): void {
  if (!wallet.quiet) return;
  // A hold's capture or void carries its reference, and a reference is held once.
  const unsettled = new Map<string, StatementLine>();
  for (const line of wallet.lines) {
    if (line.kind === "HOLD") unsettled.set(line.reference, line);
    else if (line.kind === "CAPTURE" || line.kind === "VOID") unsettled.delete(line.reference);
  }
  const open = wallet.openHolds.reduce((sum, h) => sum + h.amountPaise, 0);
  const openIds = wallet.openHolds.map((h) => h.holdId);
  if (wallet.heldPaise !== open) {
    report(
      "held_mismatch",
      openIds,
      open,
      wallet.heldPaise,
      `held is ${formatPaise(wallet.heldPaise)}; the open holds total ${formatPaise(open)}`,
    );
  }
  const fromLines = [...unsettled.values()].reduce((sum, l) => sum - l.amountPaise, 0);
  if (fromLines !== open) {
    report(
      "held_mismatch",
      [...[...unsettled.values()].map((l) => l.entryId), ...openIds],
      fromLines,
      open,
      `the statement's unsettled holds total ${formatPaise(fromLines)}; the open holds ${formatPaise(open)}`,
    );
  }
}

function checkHoldExpiry(wallet: WalletSnapshot, options: CheckOptions, report: Report): void {
  for (const hold of wallet.openHolds) {
    if (options.now.getTime() < hold.expiresAt.getTime() + options.holdGraceMs) continue;
    report(
      "expired_hold",
      [hold.holdId, hold.reference],
      0,
      hold.amountPaise,
      `hold of ${formatPaise(hold.amountPaise)} under ${hold.reference} expired at ${hold.expiresAt.toISOString()} and is still open`,
    );
  }
}

/** When a booking in a non-final state should have left it (before the margin), or undefined when it has no deadline. */
function deadlineOf(booking: Booking, options: CheckOptions): { at: number; what: string } | undefined {
  const pending = booking.pendingReschedule ?? booking.pendingCancellation ?? booking.pendingAddition ?? booking.hold?.ticketing;
  if (pending) return { at: pending.startedAt.getTime() + RESCHEDULE_REPAIR_AFTER_MS, what: "an operation pending" };
  switch (booking.status) {
    case "PENDING":
      return { at: booking.updatedAt.getTime() + options.recoveryGraceMs, what: "PENDING" };
    case "BOOKED":
      return { at: booking.updatedAt.getTime(), what: "BOOKED and not ticketed" };
    case "HELD":
      return booking.hold ? { at: booking.hold.ticketTimeLimit.getTime(), what: "HELD past its ticket time limit" } : undefined;
    case "TICKETED":
      return { at: booking.lastArrivalAt.getTime(), what: "TICKETED after its last arrival (not FLOWN)" };
    default:
      return undefined;
  }
}

function checkDeadline(booking: Booking, options: CheckOptions, report: Report): void {
  const deadline = deadlineOf(booking, options);
  if (!deadline || options.now.getTime() < deadline.at + options.stuckAfterMs) return;
  report(
    "stuck_booking",
    [booking.bookingId],
    0,
    0,
    `${booking.status} booking with ${deadline.what}: due by ${new Date(deadline.at).toISOString()}, last changed ${booking.updatedAt.toISOString()}`,
  );
}

/**
 * A ticketed booking's documents say what the agency was charged: the tax invoice (everything
 * debited by ticketing), plus each debit note (reschedules, additions), less each credit note
 * (refunds). That is the ledger's net movement for it. Bookings never ticketed get no documents.
 * The monthly export (invoices/export) needs no check of its own: it is a pure function of these
 * same documents, every document a row (one with no supply of ours at rate 0), and its tests prove
 * its totals equal the documents' per tax head; the documents equal the ledger here, per booking.
 */
function checkDocuments(booking: Booking, documents: readonly Invoice[], moved: number, report: Report): void {
  const ticketed = booking.statusHistory.some((s) => s.status === "TICKETED");
  const invoice = documents.find((d) => d.kind === "TAX_INVOICE");
  if (!invoice) {
    if (ticketed && booking.taxTerms && moved !== 0) {
      report("invoice_mismatch", [booking.bookingId], moved, 0, `ticketed booking has no tax invoice for its ${formatPaise(moved)}`);
    }
    return;
  }
  const sign = { TAX_INVOICE: 1, DEBIT_NOTE: 1, CREDIT_NOTE: -1 } as const;
  const documented = documents.reduce((sum, d) => sum + sign[d.kind] * d.totalPaise, 0);
  if (documented !== moved) {
    report(
      "invoice_mismatch",
      [booking.bookingId, ...documents.map((d) => d.invoiceNumber)],
      moved,
      documented,
      `the ledger moved ${formatPaise(moved)} for the booking; its invoice and notes document ${formatPaise(documented)}`,
    );
  }
}
