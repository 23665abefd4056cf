import type { ReservationExtra } from "@tarmac/airline-port";
import { DomainError, fieldError, type FieldError } from "@tarmac/kernel";
import type { AdditionClaims, AdditionTokenRefusal } from "./addition-token.js";
import type { BookedExtra, Booking } from "../domain/booking.js";
import { refuseWhileFailing } from "../domain/ticketing-failure.js";

/** How long QuoteAncillaryAddition's tokens are good for: the airline's price stands that long. */
export const ADDITION_TOKEN_TTL_MS = 15 * 60_000;

/** API guide, Baggage and meals after ticketing: only a live booking with no other change running. */
export function requireAddable(booking: Booking): void {
  if (booking.status !== "BOOKED" && booking.status !== "TICKETED") {
    throw new DomainError(
      "BOOKING_INVALID_STATE",
      `Booking ${booking.bookingId} is ${booking.status}; baggage and meals can be added to BOOKED or TICKETED bookings only`,
    );
  }
  refuseWhileFailing(booking, "added to");
  if (booking.pendingAddition || booking.pendingCancellation || booking.pendingReschedule)
    throw new DomainError("BOOKING_INVALID_STATE", `Booking ${booking.bookingId} has a change running; retry in a moment`);
}

/** Whether the passenger still flies the segment (a segment of the booking, its coupon not cancelled). */
export function flies(booking: Booking, paxId: string, segmentIndex: number): boolean {
  if (booking.segments[segmentIndex] === undefined || !booking.passengers.some((p) => p.paxId === paxId)) return false;
  return !(booking.cancelledCoupons ?? []).some((c) => c.paxId === paxId && c.segmentIndex === segmentIndex);
}

export function departed(booking: Booking, segmentIndex: number, now: Date): boolean {
  const segment = booking.segments[segmentIndex];
  return segment === undefined || Date.parse(segment.depTime) <= now.getTime();
}

/** How many of option `code` the passenger holds on the segment, bought with the booking or added since. */
export function heldQuantity(booking: Booking, paxId: string, segmentIndex: number, code: string): number {
  return (booking.extras ?? [])
    .filter((e) => e.paxId === paxId && e.segmentIndex === segmentIndex && e.code === code)
    .reduce((sum, e) => sum + e.quantity, 0);
}

export interface SelectionInput {
  readonly ancillaryToken: string;
  readonly quantity: number;
}

/** A selection's item before it is bought (no EMD yet). */
export type SelectedItem = Omit<BookedExtra, "source" | "emdNumber" | "addedAt" | "additionId">;

const REFUSALS: Readonly<Record<AdditionTokenRefusal, string>> = {
  // Said in the agency's words: the route it calls, never the RPC behind it.
  UNKNOWN: "is not an option from ancillaries/quote for this booking; send a token as the quote gave it",
  OTHER_BOOKING: "was issued for another booking; quote this booking's options",
  EXPIRED: "has expired; quote again",
};

/**
 * Selections against the booking as it stands (API guide, Baggage and meals after ticketing): each
 * token genuine, this booking's and agent's and unexpired; its passenger still on its segment,
 * which has not departed; an infant only for an option the airline sells infants; and at most the
 * option's maximum per passenger and segment, counting what the passenger holds and every line of
 * the request. Every failure is a field error on `selections[i]`.
 */
export function checkSelections(
  booking: Booking,
  selections: readonly SelectionInput[],
  open: (token: string) => AdditionClaims | AdditionTokenRefusal,
  now: Date,
): { readonly items: SelectedItem[]; readonly errors: FieldError[] } {
  const errors: FieldError[] = [];
  const items: SelectedItem[] = [];
  const asked = new Map<string, number>();
  selections.forEach((selection, i) => {
    const fail = (field: string, code: "INVALID_VALUE" | "OUT_OF_RANGE", message: string) =>
      errors.push(fieldError(`selections[${i}].${field}`, code, message));
    const claims = open(selection.ancillaryToken);
    if (typeof claims === "string") return fail("ancillary_token", "INVALID_VALUE", REFUSALS[claims]);
    const { paxId, segmentIndex, code } = claims;
    if (!flies(booking, paxId, segmentIndex))
      return fail("ancillary_token", "INVALID_VALUE", `${paxId} no longer flies segment ${segmentIndex}`);
    if (departed(booking, segmentIndex, now)) return fail("ancillary_token", "INVALID_VALUE", `segment ${segmentIndex} has departed`);
    const infant = booking.passengers.find((p) => p.paxId === paxId)?.type === "INF";
    if (infant && !claims.forInfants) return fail("ancillary_token", "INVALID_VALUE", `${code} is not sold to infants`);
    const quantity = selection.quantity === 0 ? 1 : selection.quantity;
    const id = `${paxId}|${segmentIndex}|${code}`;
    const total = heldQuantity(booking, paxId, segmentIndex, code) + (asked.get(id) ?? 0) + quantity;
    if (quantity < 1 || total > claims.maxQuantity) {
      const held = heldQuantity(booking, paxId, segmentIndex, code);
      return fail(
        "quantity",
        "OUT_OF_RANGE",
        `at most ${claims.maxQuantity} of ${code} per passenger on segment ${segmentIndex}; ${paxId} holds ${held}`,
      );
    }
    asked.set(id, (asked.get(id) ?? 0) + quantity);
    items.push({
      paxId,
      segmentIndex,
      kind: claims.kind,
      code,
      description: claims.description,
      quantity,
      unitPricePaise: claims.pricePaise,
      pricePaise: claims.pricePaise * quantity,
      weightKg: claims.weightKg,
      ancillaryId: `${claims.kind}-${segmentIndex}-${code}`,
      ancillaryToken: selection.ancillaryToken,
    });
  });
  return { items, errors };
}

/** The items of an addition as bought, before the airline documents them (their EMD numbers: `documented`). */
export function boughtItems(items: readonly SelectedItem[], additionId: string, at: Date): BookedExtra[] {
  return items.map((item) => ({ ...item, source: "ADDED", addedAt: at, additionId }));
}

/**
 * The items with the EMD numbers the airline issued for them: its reservation's extras added by this
 * addition, matched by passenger, segment and code in the order they were asked for.
 */
export function documented(
  items: readonly BookedExtra[],
  reservationExtras: readonly ReservationExtra[],
  additionId: string,
): BookedExtra[] {
  const issued = reservationExtras.filter((e) => e.addReference === additionId && e.emdNumber !== undefined);
  return items.map((item) => {
    const at = issued.findIndex((e) => e.paxId === item.paxId && e.segmentIndex === item.segmentIndex && e.code === item.code);
    if (at < 0) return item;
    const [emd] = issued.splice(at, 1);
    return { ...item, emdNumber: emd?.emdNumber };
  });
}
