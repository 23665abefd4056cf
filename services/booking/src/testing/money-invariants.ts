import type { Booking } from "../domain/booking.js";
import type { Invoice } from "../invoices/invoice.js";
import { AGENT } from "./booking-harness.js";
import type { StatementLine } from "./ledger-wallet.js";
import type { MoneyWorld } from "./money-world.js";

/** Issue 34's invariants ("money is sacred"), numbered as the issue numbers them. */
export class InvariantBroken extends Error {
  override readonly name = "InvariantBroken";
  constructor(
    readonly invariant: number,
    message: string,
  ) {
    super(`invariant ${invariant}: ${message}`);
  }
}

const BOOKING_REFERENCE = /^(bkg_[0-9A-Za-z]+)(.*)$/;
const inr = (paise: number) => (paise / 100).toFixed(2);

/** A booking's money as the ledger and the documents record it. */
interface BookingMoney {
  readonly booking: Booking;
  capturedPaise: number;
  creditedPaise: number;
  readonly invoices: Invoice[];
}

/**
 * Checks what must hold after every step: 1 (the ledger adds up), 4 (nothing refunded that was
 * earned or collected for the airline) and 6 (no passenger credited beyond their invoice lines);
 * and, once nothing is left half done (`world.unsettled` false: no outage or lost answer since the
 * last sweeps), 2 (every capture and credit is a booking's operation) and 3 (documents equal money).
 */
export async function checkMoney(world: MoneyWorld): Promise<void> {
  const lines = await world.wallet.statement(AGENT);
  await ledgerAddsUp(world, lines);
  const money = await moneyByBooking(world, lines);
  for (const m of money.values()) {
    nothingRefundedThatWasKept(world, m);
    oneAllocation(m);
  }
  if (world.unsettled) return;
  for (const line of lines) belongsToAnOperation(world, line, money);
  documentsEqualMoney(money);
}

/** 5: after the sweeps, no booking is PENDING and none BOOKED or HELD on a reservation the airline lost or cancelled. */
export async function checkSettled(world: MoneyWorld): Promise<void> {
  for (const booking of await world.all()) {
    const id = booking.bookingId;
    if (booking.status === "PENDING") throw new InvariantBroken(5, `${id} still PENDING after the sweeps`);
    const reservation = world.h.airline.reservations.get(id);
    if ((booking.status === "BOOKED" || booking.status === "HELD") && (!reservation || reservation.status === "CANCELLED")) {
      throw new InvariantBroken(
        5,
        `${id} still ${booking.status} after the sweeps, its reservation ${reservation ? "cancelled" : "lost"} by the airline`,
      );
    }
    const open = (booking.refunds ?? []).filter((r) => r.status === "REQUESTED" || r.status === "PROCESSING");
    if (open.length > 0)
      throw new InvariantBroken(5, `${id} has refunds ${open.map((r) => `${r.refundId} ${r.status}`).join(", ")} after the sweeps`);
  }
}

/** 1: the balance is the sum of the statement's balance-moving lines, each line's balance_after the running sum. */
async function ledgerAddsUp(world: MoneyWorld, lines: readonly StatementLine[]): Promise<void> {
  let running = 0;
  for (const line of lines) {
    if (line.kind === "CAPTURE" || line.kind === "REFUND" || line.kind === "TOP_UP") running += line.amountPaise;
    if (line.balanceAfterPaise !== running) {
      throw new InvariantBroken(
        1,
        `${line.kind} ${line.reference} says balance ${inr(line.balanceAfterPaise)}, its lines add up to ${inr(running)}`,
      );
    }
  }
  const balance = await world.wallet.balancePaise(AGENT);
  if (balance !== running) throw new InvariantBroken(1, `balance ${inr(balance)}, statement adds up to ${inr(running)}`);
}

async function moneyByBooking(world: MoneyWorld, lines: readonly StatementLine[]): Promise<Map<string, BookingMoney>> {
  const money = new Map<string, BookingMoney>();
  for (const booking of await world.all()) {
    money.set(booking.bookingId, {
      booking,
      capturedPaise: 0,
      creditedPaise: 0,
      invoices: await world.h.invoices.forBooking(booking.bookingId),
    });
  }
  for (const line of lines) {
    if (line.kind !== "CAPTURE" && line.kind !== "REFUND") continue;
    const bookingId = BOOKING_REFERENCE.exec(line.reference)?.[1];
    const m = bookingId === undefined ? undefined : money.get(bookingId);
    if (!m)
      throw new InvariantBroken(
        2,
        `${line.kind} of ${inr(-line.amountPaise)} under ${line.reference}, which names no booking of the agency`,
      );
    if (line.kind === "CAPTURE") m.capturedPaise -= line.amountPaise;
    else m.creditedPaise += line.amountPaise;
  }
  return money;
}

/**
 * 2: a capture is the booking's payment (its create, a held booking's ticketing, a reschedule it
 * quoted, an addition it recorded); a credit is a refund it records (not rejected), the
 * credit-back of a FAILED booking, or the credit of a reschedule it quoted. Each reference once.
 */
function belongsToAnOperation(world: MoneyWorld, line: StatementLine, money: ReadonlyMap<string, BookingMoney>): void {
  if (line.kind !== "CAPTURE" && line.kind !== "REFUND") return;
  const [, bookingId = "", rest = ""] = BOOKING_REFERENCE.exec(line.reference) ?? [];
  const { booking } = money.get(bookingId)!;
  const seen = world.seenOf(bookingId);
  const paid = booking.statusHistory.some((c) => c.status === "BOOKED");
  let known: boolean;
  if (line.kind === "CAPTURE") {
    if (rest === "") known = paid && booking.payment !== "HOLD";
    else if (rest.startsWith(":ticket:")) known = paid && booking.payment === "HOLD";
    else known = seen.quoteIds.has(rest.slice(1)) || seen.additionIds.has(rest.slice(1));
  } else {
    const refund = (booking.refunds ?? []).find((r) => r.walletReference === line.reference);
    const quote = /^:(.+):refund$/.exec(rest)?.[1];
    known =
      (refund !== undefined && refund.status !== "REJECTED") ||
      (rest === "" && booking.status === "FAILED") ||
      (quote !== undefined && seen.quoteIds.has(quote));
  }
  if (!known) {
    throw new InvariantBroken(
      2,
      `${line.kind} of ${inr(Math.abs(line.amountPaise))} under ${line.reference}: ${bookingId} (${booking.status}) has no such operation`,
    );
  }
}

/** 3: per booking with a tax invoice (one never ticketed has none, API guide), and so per agency: debited less credited = TI + DN - CN. */
function documentsEqualMoney(money: ReadonlyMap<string, BookingMoney>): void {
  let net = 0;
  let documented = 0;
  for (const m of money.values()) {
    if (!m.invoices.some((i) => i.kind === "TAX_INVOICE")) continue;
    const docs = m.invoices.reduce((sum, i) => sum + (i.kind === "CREDIT_NOTE" ? -i.totalPaise : i.totalPaise), 0);
    const paid = m.capturedPaise - m.creditedPaise;
    net += paid;
    documented += docs;
    if (paid !== docs) {
      const listed = m.invoices.map((i) => `${i.kind} ${inr(i.totalPaise)}`).join(", ");
      throw new InvariantBroken(
        3,
        `${m.booking.bookingId} (${m.booking.status}): debited ${inr(m.capturedPaise)} less credited ${inr(m.creditedPaise)} = ${inr(paid)}, documents say ${inr(docs)} (${listed})`,
      );
    }
  }
  if (net !== documented) throw new InvariantBroken(3, `agency paid net ${inr(net)}, its documents say ${inr(documented)}`);
}

/**
 * 4: credited back <= debited - (reschedules' change and platform fees + what cancellations kept),
 * from the service's own answers. A FAILED booking, or one marked on its way there, is given back
 * everything it paid (the airline gave up on it: ticketing-worker.ts), so for it only credited <= debited.
 */
function nothingRefundedThatWasKept(world: MoneyWorld, m: BookingMoney): void {
  const seen = world.seenOf(m.booking.bookingId);
  // Marked ticketingFailure: on its way to FAILED, its money going back first.
  const givenUp = m.booking.status === "FAILED" || m.booking.ticketingFailure !== undefined;
  const kept = givenUp ? 0 : seen.rescheduleFeesPaise + seen.cancellationKeptPaise;
  if (m.creditedPaise > m.capturedPaise - kept) {
    throw new InvariantBroken(
      4,
      `${m.booking.bookingId} (${m.booking.status}) credited ${inr(m.creditedPaise)} of ${inr(m.capturedPaise)} debited, ` +
        `but reschedule fees ${inr(seen.rescheduleFeesPaise)} and cancellation penalties and fees ${inr(seen.cancellationKeptPaise)} were kept`,
    );
  }
}

/** 6: per passenger, the credit notes' lines never exceed the tax invoice's and debit notes' lines. */
function oneAllocation(m: BookingMoney): void {
  const byPax = new Map<string, { invoiced: number; credited: number }>();
  for (const invoice of m.invoices) {
    for (const line of invoice.lines) {
      const pax = byPax.get(line.paxId) ?? { invoiced: 0, credited: 0 };
      if (invoice.kind === "CREDIT_NOTE") pax.credited += line.total;
      else pax.invoiced += line.total;
      byPax.set(line.paxId, pax);
    }
  }
  for (const [paxId, { invoiced, credited }] of byPax) {
    if (credited > invoiced) {
      throw new InvariantBroken(
        6,
        `${m.booking.bookingId} ${paxId}: credit notes give back ${inr(credited)}, the invoice and debit notes charged ${inr(invoiced)}`,
      );
    }
  }
}
