import { defined } from "@tarmac/kernel";
import { penaltyBandAt } from "@tarmac/airline-port";
import { allocate } from "../domain/allocate.js";
import type { Booking } from "../domain/booking.js";
import { directionsOf } from "../domain/cancellation-scope.js";
import { sharesOf, type PartShare } from "../domain/part-shares.js";
import type { BookedPart, CancellationItem, CancellationType, Direction, ReasonCode } from "../domain/quotes.js";
import { refundablePaid, settle, type Settlement } from "./refundable-paid.js";

const HOUR_MS = 3_600_000;

export interface ItemTerms {
  readonly reasonCode: ReasonCode;
  readonly cancellationType: CancellationType;
  /** Tarmac's fee for this cancellation, shared between its parts. */
  readonly otaFeePaise: number;
  readonly now: Date;
}

/**
 * Each cancelled part's figures (API guide, Partial cancellation, void and refunds): its refundable
 * paid (refundablePaid); the airline penalty (nothing for an involuntary cancellation or
 * FLIGHT_CANCELLED; all but its taxes for NO_SHOW; its base fare on a non-refundable fare;
 * otherwise the band for the hours before its direction departs, per seated passenger shared
 * between the passenger's directions, never above its base fare); its share of the platform fee;
 * the refund by the rule (settle).
 */
export function itemise(booking: Booking, parts: readonly BookedPart[], terms: ItemTerms): CancellationItem[] {
  const shares = sharesOf(booking, parts);
  const paid = shares.map(refundablePaid);
  const fees = allocate(terms.otaFeePaise, paid);
  const directions = directionsOf(booking);
  return shares.map((share, i) => {
    const paidPaise = defined(paid[i], "refundable paid");
    const penalty = penaltyOf(booking, share, paidPaise, terms, directions);
    return { paxId: share.paxId, direction: share.direction, paidPaise, ...settle(paidPaise, penalty, defined(fees[i], "fee share")) };
  });
}

function penaltyOf(booking: Booking, share: PartShare, paidPaise: number, terms: ItemTerms, directions: readonly Direction[]): number {
  if (terms.cancellationType !== "VOLUNTARY" || terms.reasonCode === "FLIGHT_CANCELLED") return 0;
  if (terms.reasonCode === "NO_SHOW") return Math.max(0, paidPaise - share.taxesPaise);
  // The EMDs of extras added after booking are not refunded on a voluntary cancellation.
  return farePenaltyOf(booking, share, terms, directions) + share.addedExtrasPaise;
}

/** What the airline keeps of the part's fare on a voluntary cancellation. */
function farePenaltyOf(booking: Booking, share: PartShare, terms: ItemTerms, directions: readonly Direction[]): number {
  if (!booking.fareRules.refundable) return share.baseFarePaise;
  if (share.type === "INF") return 0;
  const departs = Date.parse(
    defined(
      booking.segments.find((s) => s.direction === share.direction),
      "direction's segment",
    ).depTime,
  );
  const hours = Math.max(0, (departs - terms.now.getTime()) / HOUR_MS);
  const band = penaltyBandAt(booking.fareRules.cancellationPenalties, hours)?.perPassengerPaise ?? 0;
  const perDirection = defined(
    allocate(
      band,
      directions.map(() => 1),
    )[directions.indexOf(share.direction)],
    "direction share",
  );
  return Math.min(perDirection, share.baseFarePaise);
}

/** What the parts paid that a cancellation may refund. */
export function refundablePaidOf(booking: Booking, parts: readonly BookedPart[]): number {
  return sharesOf(booking, parts).reduce((sum, s) => sum + refundablePaid(s), 0);
}

/** What the parts' extras added after booking cost (API guide, Baggage and meals after ticketing). */
export function addedExtrasPaise(booking: Booking, parts: readonly BookedPart[]): number {
  return sharesOf(booking, parts).reduce((sum, s) => sum + s.addedExtrasPaise, 0);
}

/** Splits a cancellation's totals between its parts in proportion to each one's refundable paid (whole-booking and void quotes). */
export function itemiseTotals(booking: Booking, parts: readonly BookedPart[], totals: Settlement): CancellationItem[] {
  const shares = sharesOf(booking, parts);
  const paid = shares.map(refundablePaid);
  const [penalties, fees, refunds] = [totals.airlinePenaltyPaise, totals.otaFeePaise, totals.refundAmountPaise].map((t) =>
    allocate(t, paid),
  );
  return shares.map((s, i) => ({
    paxId: s.paxId,
    direction: s.direction,
    paidPaise: defined(paid[i], "refundable paid"),
    airlinePenaltyPaise: defined(penalties?.[i], "penalty share"),
    otaFeePaise: defined(fees?.[i], "fee share"),
    refundAmountPaise: defined(refunds?.[i], "refund share"),
  }));
}
