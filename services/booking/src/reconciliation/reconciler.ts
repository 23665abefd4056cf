import type { Clock, Logger } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";
import type { Invoice } from "../invoices/invoice.js";
import type { InvoiceStore } from "../invoices/invoice-store.js";
import type { AgencyDirectory } from "../store/agency-directory.js";
import type { BookingStore } from "../store/booking-store.js";
import { reconcileAgency } from "./checks.js";
import type { Discrepancy, ReconciliationReport } from "./discrepancy.js";
import { readWallet, type WalletReader } from "./wallet-snapshot.js";

export interface ReconcilerDeps {
  readonly store: Pick<BookingStore, "list">;
  readonly directory: AgencyDirectory;
  readonly invoices: Pick<InvoiceStore, "list">;
  /** A peer client of the wallet (booking's caller policy there: GetBalance, ListStatement, ListOpenHolds). */
  readonly wallet: WalletReader;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How long past its expiry an open hold is left to the wallet's sweep before it is reported. */
  readonly holdGraceMs: number;
  /** How long past its deadline a booking may sit in a non-final state before it is reported. */
  readonly stuckAfterMs: number;
  /** Booking's RECOVERY_GRACE_SECONDS: a PENDING booking younger than it may still be in its create call. */
  readonly recoveryGraceMs: number;
}

const PAGE = 200;

/**
 * Reconciles agencies one at a time (README, Reconciliation). It lives in booking because booking
 * owns two of the three records compared (bookings, tax documents) and already calls the wallet;
 * the wallet would need booking's data over new RPCs, and its ledger rules are already checked in
 * its own transactions. Per agency the wallet is read first, then the bookings, then the documents:
 * every operation stores its booking before it moves money and issues its document before it
 * stores its outcome, so a booking read after the wallet and quiet since shows everything the
 * ledger shows for it, and its documents everything it shows. Only reads; each discrepancy is
 * logged with its ids.
 */
export class Reconciler {
  constructor(private readonly deps: ReconcilerDeps) {}

  /** One agency, or every agency with a booking. */
  async run(agentId?: string): Promise<ReconciliationReport> {
    const { directory, clock, logger } = this.deps;
    const checkedAt = clock.now();
    const agentIds = agentId === undefined ? await directory.agentIds() : [agentId];
    const discrepancies: Discrepancy[] = [];
    const busyAgentIds: string[] = [];
    const unreadableAgentIds: string[] = [];
    let bookingsChecked = 0;
    let bookingsInFlight = 0;
    for (const id of agentIds) {
      try {
        const result = await this.agency(id);
        discrepancies.push(...result.discrepancies);
        bookingsChecked += result.bookingsChecked;
        bookingsInFlight += result.bookingsInFlight;
        if (result.busy) busyAgentIds.push(id);
      } catch (error) {
        // One agency that cannot be read (its wallet missing, a peer down) does not stop the others.
        unreadableAgentIds.push(id);
        logger.error({ err: error, agentId: id }, "reconciliation: could not read the agency's records");
      }
    }
    for (const d of discrepancies) {
      logger.warn(
        { kind: d.kind, agentId: d.agentId, ids: d.ids, expectedPaise: d.expectedPaise, actualPaise: d.actualPaise },
        `reconciliation discrepancy: ${d.kind}: ${d.detail}`,
      );
    }
    const report = {
      checkedAt,
      agenciesChecked: agentIds.length,
      bookingsChecked,
      bookingsInFlight,
      busyAgentIds,
      discrepancies,
      unreadableAgentIds,
    };
    logger.info(
      { ...report, discrepancies: discrepancies.length, busyAgentIds: busyAgentIds.length, unreadableAgentIds: unreadableAgentIds.length },
      "reconciliation done",
    );
    return report;
  }

  private async agency(agentId: string) {
    const { clock } = this.deps;
    const readStartedAt = clock.now();
    const wallet = await readWallet(this.deps.wallet, agentId);
    const bookings = await this.bookingsOf(agentId);
    const documents = await this.documentsOf(agentId);
    const result = reconcileAgency(
      { wallet, bookings, documents },
      {
        now: clock.now(),
        readStartedAt,
        holdGraceMs: this.deps.holdGraceMs,
        stuckAfterMs: this.deps.stuckAfterMs,
        recoveryGraceMs: this.deps.recoveryGraceMs,
      },
    );
    return { ...result, busy: !wallet.quiet };
  }

  private async bookingsOf(agentId: string): Promise<Booking[]> {
    const all: Booking[] = [];
    for (;;) {
      const last = all.at(-1);
      const page = await this.deps.store.list({
        agentId,
        limit: PAGE,
        ...(last && { after: { createdAt: last.createdAt, bookingId: last.bookingId } }),
      });
      all.push(...page);
      if (page.length < PAGE) return all;
    }
  }

  private async documentsOf(agentId: string): Promise<Invoice[]> {
    const all: Invoice[] = [];
    for (;;) {
      const last = all.at(-1);
      const page = await this.deps.invoices.list({
        agentId,
        limit: PAGE,
        ...(last && { before: { issuedAt: last.issuedAt, invoiceNumber: last.invoiceNumber } }),
      });
      all.push(...page);
      if (page.length < PAGE) return all;
    }
  }
}
