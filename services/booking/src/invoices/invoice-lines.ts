import { taxLines, type GstKind, type TaxRates } from "@tarmac/tax";
import type { Booking } from "../domain/booking.js";
import { perPassenger, shareByPassenger } from "../domain/part-shares.js";
import type { InvoiceLine } from "./invoice.js";

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
 * A tax invoice's lines, one per passenger, from the booking's one allocation (partShares): the
 * fare's amounts by the airline's fare per passenger type, each passenger's own seats, and as
 * `other` each passenger's own baggage and meals plus their share of what the wallet paid beyond
 * the fare, seats and extras (a change made before ticketing). The platform's markup and the
 * commission are split into their tax lines per passenger, GST and TDS by the same weights and
 * the service fee and gross commission making up the rest, so each line totals exactly what its
 * passenger's parts paid (what a cancellation of them refunds from) and the lines add up to the
 * booking's debit.
 */
export function fareLines(booking: Booking, rates: TaxRates, gstKind: GstKind): InvoiceLine[] {
  const t = taxLines(booking.pricing, rates, gstKind);
  const own = {
    baseFare: perPassenger(booking, (s) => s.baseFarePaise),
    taxes: perPassenger(booking, (s) => s.taxesPaise),
    otaMarkup: perPassenger(booking, (s) => s.otaMarkupPaise),
    commission: perPassenger(booking, (s) => s.commissionPaise),
    // The fare paid beyond the booked fare's own amounts, and the reschedule fees.
    beyond: perPassenger(booking, (s) => s.fareBeyondPaise + s.nonRefundablePaise),
  };
  const shares = {
    cgst: shareByPassenger(booking, t.cgst),
    sgst: shareByPassenger(booking, t.sgst),
    igst: shareByPassenger(booking, t.igst),
    tds: shareByPassenger(booking, t.tds),
  };
  const extras = booking.extras ?? [];
  return booking.passengers.map((pax, i) => {
    const at = (list: readonly number[]) => list[i] ?? 0;
    const gst = at(shares.cgst) + at(shares.sgst) + at(shares.igst);
    const commission = at(own.commission);
    const line = {
      paxId: pax.paxId,
      passengerName: nameOf(pax),
      baseFare: at(own.baseFare),
      taxes: at(own.taxes),
      seats: ownPaise(booking.seats, pax.paxId),
      serviceFee: at(own.otaMarkup) - gst,
      cgst: at(shares.cgst),
      sgst: at(shares.sgst),
      igst: at(shares.igst),
      grossCommission: commission + at(shares.tds),
      tds: at(shares.tds),
      other: at(own.beyond) + ownPaise(extras, pax.paxId),
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
 * is shared out by the fare weights, so the lines always add up to the credit.
 */
export function refundLines(booking: Booking, amount: number, byPassenger: readonly PaxAmount[]): InvoiceLine[] {
  const own = booking.passengers.map((pax) => ownPaise(byPassenger, pax.paxId));
  const rest = shareByPassenger(booking, amount - own.reduce((sum, p) => sum + p, 0));
  return booking.passengers.map((pax, i) => noteLine(pax, { other: (own[i] ?? 0) + (rest[i] ?? 0) }));
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
 * A note's lines: `amount` shared out by the fare weights, as the tax invoice shares the fare; the
 * platform's own fee in it (`feePaise`, GST inside) shown as service fee and GST, the rest (fare
 * difference, airline fee, refund) as `other`.
 */
export function noteLines(booking: Booking, amount: number, feePaise: number, rates: TaxRates, gstKind: GstKind): InvoiceLine[] {
  const fee = taxLines({ baseFare: 0, taxes: 0, commission: 0, otaMarkup: feePaise, netFare: feePaise }, rates, gstKind);
  const shares = {
    serviceFee: shareByPassenger(booking, fee.serviceFee),
    cgst: shareByPassenger(booking, fee.cgst),
    sgst: shareByPassenger(booking, fee.sgst),
    igst: shareByPassenger(booking, fee.igst),
    other: shareByPassenger(booking, amount - feePaise),
  };
  return booking.passengers.map((pax, i) =>
    noteLine(pax, {
      serviceFee: shares.serviceFee[i] ?? 0,
      cgst: shares.cgst[i] ?? 0,
      sgst: shares.sgst[i] ?? 0,
      igst: shares.igst[i] ?? 0,
      other: shares.other[i] ?? 0,
    }),
  );
}
