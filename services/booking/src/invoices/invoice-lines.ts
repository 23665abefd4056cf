import { taxLines, type GstKind, type TaxRates } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";
import type { InvoiceLine } from "./invoice.js";

/** `total` in `parts` whole-paise shares as equal as can be, the first ones a paisa larger. */
function allocate(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/** `allocate` as a lookup by passenger index. */
function shareOf(total: number, parts: number): (i: number) => number {
  const shares = allocate(total, parts);
  return (i) => shares[i] ?? 0;
}

const nameOf = (p: Booking["passengers"][number]) => `${p.title} ${p.firstName} ${p.lastName}`;

/** An amount of money that belongs to one passenger: an item's price, a cancellation item's refund. */
export interface PaxAmount {
  readonly paxId: string;
  readonly pricePaise: number;
}

/** What one passenger's own items (seats, baggage, meals) cost. */
function ownPaise(items: readonly PaxAmount[], paxId: string): number {
  return items.filter((s) => s.paxId === paxId).reduce((sum, s) => sum + s.pricePaise, 0);
}

function lineTotal(l: Omit<InvoiceLine, "total">): number {
  return l.baseFare + l.taxes + l.seats + l.serviceFee + l.cgst + l.sgst + l.igst - l.grossCommission + l.tds + l.other;
}

/**
 * A tax invoice's lines: the fare's amounts and their tax lines shared out equally among the
 * passengers (the airline prices the booking as a whole), each passenger's own seats, and as
 * `other` each passenger's own baggage and meals plus a share of what the wallet paid beyond the
 * fare, seats and extras (a change made before ticketing). The lines add up to `debitPaise`, the
 * wallet debit they document.
 */
export function fareLines(booking: Booking, rates: TaxRates, gstKind: GstKind, debitPaise: number): InvoiceLine[] {
  const p = booking.pricing;
  const t = taxLines(p, rates, gstKind);
  const n = booking.passengers.length;
  const shares = {
    baseFare: shareOf(p.baseFare, n),
    taxes: shareOf(p.taxes, n),
    serviceFee: shareOf(t.serviceFee, n),
    cgst: shareOf(t.cgst, n),
    sgst: shareOf(t.sgst, n),
    igst: shareOf(t.igst, n),
    grossCommission: shareOf(t.grossCommission, n),
    tds: shareOf(t.tds, n),
    other: shareOf(debitPaise - p.netFare - booking.seatsPaise - (booking.extrasPaise ?? 0), n),
  };
  const extras = booking.extras ?? [];
  return booking.passengers.map((pax, i) => {
    const line = {
      paxId: pax.paxId,
      passengerName: nameOf(pax),
      baseFare: shares.baseFare(i),
      taxes: shares.taxes(i),
      seats: ownPaise(booking.seats, pax.paxId),
      serviceFee: shares.serviceFee(i),
      cgst: shares.cgst(i),
      sgst: shares.sgst(i),
      igst: shares.igst(i),
      grossCommission: shares.grossCommission(i),
      tds: shares.tds(i),
      other: shares.other(i) + ownPaise(extras, pax.paxId),
    };
    return { ...line, total: lineTotal(line) };
  });
}

/**
 * A debit note's lines for baggage and meals added after ticketing: each passenger's line carries
 * what that passenger bought (as `other`), zero for the others; they add up to the wallet debit.
 */
export function itemLines(booking: Booking, items: readonly PaxAmount[]): InvoiceLine[] {
  return booking.passengers.map((pax) => noteLine(pax, { other: ownPaise(items, pax.paxId) }));
}

/**
 * A credit note's lines for a refund of `amount`: each passenger's line carries that passenger's
 * own refund (`perPassenger`, a cancellation's items or a reschedule's dropped items), zero for a
 * passenger it does not refund, like the tax invoice's own seats and extras. Whatever the
 * per-passenger amounts do not account for (a cancellation of an earlier release, without items)
 * is shared out equally, so the lines always add up to the credit.
 */
export function refundLines(booking: Booking, amount: number, perPassenger: readonly PaxAmount[]): InvoiceLine[] {
  const own = booking.passengers.map((pax) => ownPaise(perPassenger, pax.paxId));
  const rest = shareOf(amount - own.reduce((sum, p) => sum + p, 0), booking.passengers.length);
  return booking.passengers.map((pax, i) => noteLine(pax, { other: (own[i] ?? 0) + rest(i) }));
}

type NoteAmounts = Partial<Pick<InvoiceLine, "serviceFee" | "cgst" | "sgst" | "igst" | "other">>;

/** A note's line for one passenger: no fare, seats, commission or TDS; these amounts, zero when absent. */
function noteLine(pax: Booking["passengers"][number], amounts: NoteAmounts): InvoiceLine {
  const zero = { serviceFee: 0, cgst: 0, sgst: 0, igst: 0, other: 0 };
  const fare = { baseFare: 0, taxes: 0, seats: 0, grossCommission: 0, tds: 0 };
  const line = { paxId: pax.paxId, passengerName: nameOf(pax), ...fare, ...zero, ...amounts };
  return { ...line, total: lineTotal(line) };
}

/**
 * A note's lines: `amount` shared out equally; the platform's own fee in it (`feePaise`, GST
 * inside) shown as service fee and GST, the rest (fare difference, airline fee, refund) as `other`.
 */
export function noteLines(booking: Booking, amount: number, feePaise: number, rates: TaxRates, gstKind: GstKind): InvoiceLine[] {
  const n = booking.passengers.length;
  const fee = taxLines({ baseFare: 0, taxes: 0, commission: 0, otaMarkup: feePaise, netFare: feePaise }, rates, gstKind);
  const shares = {
    serviceFee: shareOf(fee.serviceFee, n),
    cgst: shareOf(fee.cgst, n),
    sgst: shareOf(fee.sgst, n),
    igst: shareOf(fee.igst, n),
    other: shareOf(amount - feePaise, n),
  };
  return booking.passengers.map((pax, i) =>
    noteLine(pax, {
      serviceFee: shares.serviceFee(i),
      cgst: shares.cgst(i),
      sgst: shares.sgst(i),
      igst: shares.igst(i),
      other: shares.other(i),
    }),
  );
}
