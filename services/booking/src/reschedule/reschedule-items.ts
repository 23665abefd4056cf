import type { ProviderAncillaries, ProviderSegment } from "@tarmac/airline-port";
import type { BookedExtra, Booking } from "../domain/booking.js";
import type { RescheduleItem } from "../domain/quotes.js";

type Segments = readonly Pick<ProviderSegment, "direction">[];

/** The segment of `to` at the same direction and position as segment `index` of `from`. */
function samePosition(from: Segments, to: Segments, index: number): number | undefined {
  const direction = from[index]?.direction;
  const position = from.slice(0, index).filter((s) => s.direction === direction).length;
  const found = to.map((s, i) => ({ s, i })).filter(({ s }) => s.direction === direction)[position];
  return found?.i;
}

/**
 * The fate of each item (API guide, Reschedule: seats, baggage and meals): prepaid baggage moves to
 * the new segment at the same direction and position when that flight sells the same option for
 * the passenger in that quantity (it keeps its price and EMD); seats (their numbers belong to the
 * old aircraft) and meals (catered per flight) are dropped, like baggage the new flight does not
 * sell. Everything dropped is refunded at what was paid for it.
 */
export function rescheduleItems(booking: Booking, newSegments: Segments, offered: ProviderAncillaries | undefined): RescheduleItem[] {
  const infants = new Set(booking.passengers.filter((p) => p.type === "INF").map((p) => p.paxId));
  const seats = booking.seats.map((s): RescheduleItem => ({
    paxId: s.paxId,
    kind: "SEAT",
    code: s.seat,
    quantity: 1,
    segmentIndex: s.segmentIndex,
    pricePaise: s.pricePaise,
    outcome: "REFUNDED",
    reason: "seat numbers belong to the booked flight; choose a seat again at the airport or with the airline",
  }));
  const extras = (booking.extras ?? []).map((e): RescheduleItem => {
    const item = {
      paxId: e.paxId,
      kind: e.kind,
      code: e.code,
      quantity: e.quantity,
      segmentIndex: e.segmentIndex,
      pricePaise: e.pricePaise,
    };
    if (e.kind === "MEAL") return { ...item, outcome: "REFUNDED", reason: "meals are catered per flight; add one on the new flight" };
    const target = samePosition(booking.segments, newSegments, e.segmentIndex);
    const option = target === undefined ? undefined : offered?.segments[target]?.options.find((o) => o.code === e.code);
    const held = (booking.extras ?? [])
      .filter((x) => x.paxId === e.paxId && x.segmentIndex === e.segmentIndex && x.code === e.code)
      .reduce((sum, x) => sum + x.quantity, 0);
    if (target === undefined || option === undefined || held > option.maxQuantity || (infants.has(e.paxId) && !option.forInfants))
      return { ...item, outcome: "REFUNDED", reason: `the new flight does not sell ${e.code} for this passenger` };
    return { ...item, newSegmentIndex: target, outcome: "CARRIED_OVER", reason: "prepaid baggage moves to the new flight" };
  });
  return [...seats, ...extras];
}

/**
 * Whether the booking still holds exactly the items a quote decided on (an addition confirmed since
 * the quote, or a quote of an earlier release without items, would leave something undecided).
 */
export function holdsQuotedItems(booking: Booking, items: readonly RescheduleItem[] | undefined): boolean {
  const key = (i: { paxId: string; segmentIndex: number; code: string; quantity: number }) =>
    `${i.paxId}|${i.segmentIndex}|${i.code}|${i.quantity}`;
  const held = [...booking.seats.map((s) => key({ ...s, code: s.seat, quantity: 1 })), ...(booking.extras ?? []).map(key)];
  const quoted = (items ?? []).map(key);
  return held.length === quoted.length && held.every((k, i) => k === quoted[i]);
}

/** The booking's extras the items carry over, on their new segments (in the booking's order). */
export function carriedExtras(booking: Booking, items: readonly RescheduleItem[]): BookedExtra[] {
  const extraItems = items.filter((i) => i.kind !== "SEAT");
  return (booking.extras ?? []).flatMap((extra, i) => {
    const to = extraItems[i]?.newSegmentIndex;
    return extraItems[i]?.outcome === "CARRIED_OVER" && to !== undefined ? [{ ...extra, segmentIndex: to }] : [];
  });
}

/** What the dropped items were paid: refunded by the reschedule. */
export function droppedPaise(items: readonly RescheduleItem[]): number {
  return items.filter((i) => i.outcome === "REFUNDED").reduce((sum, i) => sum + i.pricePaise, 0);
}
