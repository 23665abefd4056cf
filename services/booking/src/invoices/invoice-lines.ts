import type { BookedExtra, Booking } from "../domain/booking.js";
import { partShares, shareByPassenger } from "../domain/part-shares.js";
import type { CancellationItem, CancellationType, Direction, RescheduleQuote } from "../domain/quotes.js";
import type { RescheduleItem } from "../domain/quotes.js";
import {
  airFareLine,
  commissionLine,
  pureAgentLine,
  serviceFeeLine,
  supplyLine,
  totalOf,
  totalsOf,
  travelRef,
  type DocumentTerms,
} from "./document-lines.js";
import type { CommissionLine, DocumentTotals, InvoiceLine, PureAgentLine, SupplyLine } from "./invoice.js";

/** An amount of money that belongs to one passenger: a cancellation item's refund. */
export interface PaxAmount {
  readonly paxId: string;
  readonly pricePaise: number;
}

/** What a document says: our supplies, what was collected for the airline, the commission. */
export interface DocumentContents {
  readonly supplies: readonly SupplyLine[];
  readonly pureAgent: readonly PureAgentLine[];
  readonly commission: readonly CommissionLine[];
}

const EMPTY: DocumentContents = { supplies: [], pureAgent: [], commission: [] };

/** A passenger's own item on a direction (seat, bag, meal). */
const onDirection = (booking: Booking, item: { paxId: string; segmentIndex: number }, paxId: string, direction: Direction) =>
  item.paxId === paxId && booking.segments[item.segmentIndex]?.direction === direction;

/**
 * The tax invoice at ticketing, from the booking's one allocation (partShares), per passenger and
 * direction: the service fee in the fare as our supply; the airline's fare, taxes and the fare
 * paid beyond them, each seat and each bag or meal (the airline's EMDs) as amounts collected for
 * the airline; the commission with its TDS. They add up to everything debited so far.
 */
export function ticketContents(booking: Booking, terms: DocumentTerms): DocumentContents {
  const supplies: SupplyLine[] = [];
  const pureAgent: PureAgentLine[] = [];
  const commission: CommissionLine[] = [];
  for (const share of partShares(booking)) {
    const ref = travelRef(booking, share.paxId, share.direction);
    if (share.otaMarkupPaise !== 0 || terms.valuation !== "ACTUAL")
      supplies.push(serviceFeeLine(booking, ref, share.otaMarkupPaise, share.baseFarePaise, terms));
    // Fare paid beyond the fare's amounts and the change fees of a reschedule before ticketing: the airline's.
    const other = share.fareBeyondPaise + share.nonRefundablePaise;
    pureAgent.push(airFareLine(booking, ref, share.baseFarePaise, share.taxesPaise, other));
    for (const seat of booking.seats.filter((s) => onDirection(booking, s, share.paxId, share.direction)))
      pureAgent.push(pureAgentLine(ref, "SEAT", { other: seat.pricePaise }));
    for (const extra of (booking.extras ?? []).filter((e) => onDirection(booking, e, share.paxId, share.direction)))
      pureAgent.push(extraLine(booking, extra));
    if (share.commissionPaise !== 0)
      commission.push(commissionLine(share.paxId, share.direction, share.commissionPaise, terms.tdsOnCommissionBps));
  }
  return { supplies, pureAgent, commission };
}

function extraLine(booking: Booking, extra: BookedExtra): PureAgentLine {
  const direction = booking.segments[extra.segmentIndex]?.direction ?? "OUTBOUND";
  const ref = travelRef(booking, extra.paxId, direction);
  return pureAgentLine(ref, extra.kind, { other: extra.pricePaise, emdNumbers: extra.emdNumber ? [extra.emdNumber] : [] });
}

/** Baggage and meals added after ticketing: the airline's EMDs, collected for it (no fee of ours). */
export function additionContents(booking: Booking, items: readonly BookedExtra[]): DocumentContents {
  return { ...EMPTY, pureAgent: items.filter((i) => i.pricePaise !== 0).map((i) => extraLine(booking, i)) };
}

/**
 * A refund's documents (section 34): a credit note giving back, per cancelled passenger and
 * direction, exactly the service fee line the tax invoice charged for it (its taxable value and
 * tax), the commission it paid (with its TDS), and the airline's amounts less its penalty; and a
 * debit note charging our cancellation (or void) fee as a supply of its own. credit - debit = the
 * refund. A cancellation without items (earlier releases), or one whose figures the invoiced lines
 * cannot explain, credits the refund as the airline's amounts alone.
 */
export function refundContents(
  booking: Booking,
  invoiced: DocumentContents,
  refund: { readonly amountPaise: number; readonly cancellationType: CancellationType; readonly items: readonly CancellationItem[] },
  terms: DocumentTerms,
): { credit: DocumentContents; debit: DocumentContents } {
  const itemsRefund = refund.items.reduce((sum, i) => sum + i.refundAmountPaise, 0);
  if (refund.items.length === 0 || itemsRefund !== refund.amountPaise) {
    const first = booking.segments[0]?.direction ?? "OUTBOUND";
    const shares = shareByPassenger(booking, refund.amountPaise);
    const pureAgent = booking.passengers
      .map((p, i) => pureAgentLine(travelRef(booking, p.paxId, first), "AIR_FARE", { other: shares[i] ?? 0 }))
      .filter((l) => l.amountPaise !== 0);
    return { credit: { ...EMPTY, pureAgent }, debit: EMPTY };
  }
  const credit = { supplies: [] as SupplyLine[], pureAgent: [] as PureAgentLine[], commission: [] as CommissionLine[] };
  const debit = { supplies: [] as SupplyLine[], pureAgent: [] as PureAgentLine[], commission: [] as CommissionLine[] };
  const feeKind = refund.cancellationType === "VOID" ? "VOID_FEE" : "CANCELLATION_FEE";
  const shares = partShares(booking);
  for (const item of refund.items) {
    const ref = travelRef(booking, item.paxId, item.direction);
    const mine = <T extends { paxId: string; direction: Direction }>(list: readonly T[]) =>
      list.filter((l) => l.paxId === item.paxId && l.direction === item.direction);
    const fees = mine(invoiced.supplies).filter((s) => s.kind === "SERVICE_FEE");
    const commission = mine(invoiced.commission);
    const given = item.refundAmountPaise + item.otaFeePaise;
    const net = (list: readonly CommissionLine[]) => list.reduce((s, c) => s + c.grossCommissionPaise - c.tdsPaise, 0);
    let airline = given - fees.reduce((s, f) => s + f.considerationPaise, 0) + net(commission);
    if (airline >= 0) {
      credit.supplies.push(...fees);
      credit.commission.push(...commission);
    } else airline = given;
    const share = shares.find((s) => s.paxId === item.paxId && s.direction === item.direction);
    const baseFare = Math.min(airline, Math.max(0, (share?.baseFarePaise ?? 0) - item.airlinePenaltyPaise));
    const taxes = Math.min(airline - baseFare, share?.taxesPaise ?? 0);
    if (airline !== 0) credit.pureAgent.push(airFareLine(booking, ref, baseFare, taxes, airline - baseFare - taxes));
    if (item.otaFeePaise > 0) debit.supplies.push(supplyLine(ref, feeKind, item.otaFeePaise, terms));
  }
  return { credit, debit };
}

/**
 * A reschedule's documents: a debit note for our reschedule fee (a supply of ours) and, collected
 * for the airline, the fare difference and its change fee, shared between the passengers by fare
 * weight; a credit note for the seats, baggage and meals it drops (each passenger's own, the
 * airline's EMDs). Debit less credit is the wallet's net movement.
 */
export function rescheduleContents(
  booking: Booking,
  quote: RescheduleQuote,
  terms: DocumentTerms,
): { debit: DocumentContents; credit: DocumentContents } {
  // The new flights (quotes stored by earlier releases may lack them: the booked ones).
  const segments = (quote.newFare as RescheduleQuote["newFare"] | undefined)?.segments ?? booking.segments;
  const rebooked: Booking = { ...booking, segments, ticketNumbers: [] };
  const direction = segments[0]?.direction ?? "OUTBOUND";
  const fee = shareByPassenger(booking, quote.otaFeePaise);
  const difference = shareByPassenger(booking, quote.fareDifferencePaise);
  const change = shareByPassenger(booking, quote.airlineChangeFeePaise);
  const debit = { supplies: [] as SupplyLine[], pureAgent: [] as PureAgentLine[], commission: [] };
  booking.passengers.forEach((p, i) => {
    const ref = travelRef(rebooked, p.paxId, direction);
    if ((fee[i] ?? 0) > 0) debit.supplies.push(supplyLine(ref, "RESCHEDULE_FEE", fee[i] ?? 0, terms));
    if ((difference[i] ?? 0) !== 0) debit.pureAgent.push(pureAgentLine(ref, "FARE_DIFFERENCE", { other: difference[i] ?? 0 }));
    if ((change[i] ?? 0) !== 0) debit.pureAgent.push(pureAgentLine(ref, "AIRLINE_FEE", { other: change[i] ?? 0 }));
  });
  const dropped = (quote.items ?? []).filter((i) => i.outcome === "REFUNDED" && i.pricePaise !== 0);
  const credit = { ...EMPTY, pureAgent: dropped.map((item) => droppedLine(booking, item)) };
  return { debit, credit };
}

function droppedLine(booking: Booking, item: RescheduleItem): PureAgentLine {
  const direction = booking.segments[item.segmentIndex]?.direction ?? "OUTBOUND";
  const emd = (booking.extras ?? []).find((e) => e.paxId === item.paxId && e.segmentIndex === item.segmentIndex && e.code === item.code);
  return pureAgentLine(travelRef(booking, item.paxId, direction), item.kind, {
    other: item.pricePaise,
    emdNumbers: emd?.emdNumber ? [emd.emdNumber] : [],
  });
}

export function totalsAndAmount(contents: DocumentContents): { totals: DocumentTotals; totalPaise: number } {
  const totals = totalsOf(contents.supplies, contents.pureAgent, contents.commission);
  return { totals, totalPaise: totalOf(totals) };
}

/**
 * One summary line per passenger (the `lines` of earlier releases, kept for clients reading
 * them): base fare and taxes of the air fare, seats, the taxable value of our supplies and its
 * tax, the commission and TDS, and the rest as `other`; they add up to the document's total.
 */
export function summaryLines(booking: Booking, contents: DocumentContents): InvoiceLine[] {
  return booking.passengers.map((pax) => {
    const own = <T extends { paxId: string }>(list: readonly T[]) => list.filter((l) => l.paxId === pax.paxId);
    const sum = <T>(list: readonly T[], pick: (t: T) => number) => list.reduce((s, t) => s + pick(t), 0);
    const supplies = own(contents.supplies);
    const pure = own(contents.pureAgent);
    const fare = pure.filter((p) => p.kind === "AIR_FARE");
    const line = {
      paxId: pax.paxId,
      passengerName: `${pax.title} ${pax.firstName} ${pax.lastName}`,
      baseFare: sum(fare, (p) => p.baseFarePaise),
      taxes: sum(fare, (p) => p.airlineTaxesPaise),
      seats: sum(
        pure.filter((p) => p.kind === "SEAT"),
        (p) => p.amountPaise,
      ),
      serviceFee: sum(supplies, (s) => s.taxableValuePaise),
      cgst: sum(supplies, (s) => s.cgstPaise),
      sgst: sum(supplies, (s) => s.sgstPaise),
      igst: sum(supplies, (s) => s.igstPaise),
      grossCommission: sum(own(contents.commission), (c) => c.grossCommissionPaise),
      tds: sum(own(contents.commission), (c) => c.tdsPaise),
    };
    const total = sum(supplies, (s) => s.considerationPaise) + sum(pure, (p) => p.amountPaise) - line.grossCommission + line.tds;
    const listed =
      line.baseFare + line.taxes + line.seats + line.serviceFee + line.cgst + line.sgst + line.igst - line.grossCommission + line.tds;
    return { ...line, other: total - listed, total };
  });
}
