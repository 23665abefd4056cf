import { defined } from "@tarmac/kernel";
import { penaltyBandAt } from "@tarmac/airline";
import { allocate } from "./allocate.js";
import type { Booking, PassengerType } from "./booking.js";
import { directionsOf } from "./cancellation-scope.js";
import type { BookedPart, CancellationItem, CancellationType, Direction, ReasonCode } from "./quotes.js";

const HOUR_MS = 3_600_000;

/**
 * How a booking's totals are shared between its passengers (the sandbox files a child at 75% and
 * an infant at 10% of the adult fare; a booking keeps only totals): each passenger's share, then
 * an equal share per direction.
 */
const WEIGHT: Readonly<Record<PassengerType, number>> = { ADT: 100, CHD: 75, INF: 10 };

/** What each passenger-direction part of the booking paid and owes, every part of the booking in order. */
interface PartShare extends BookedPart {
  readonly paidPaise: number;
  readonly baseFarePaise: number;
  readonly taxesPaise: number;
  readonly seated: boolean;
  /** Baggage and meals added after booking (their EMDs): kept by the airline on a voluntary cancellation. */
  readonly addedPaise: number;
}

/** Every part of the booking (cancelled or not) with its share of the debit, base fare and taxes: fixed, so shares never drift. */
function partShares(booking: Booking): PartShare[] {
  const directions = directionsOf(booking);
  const parts = booking.passengers.flatMap((p) => directions.map((direction) => ({ paxId: p.paxId, direction, type: p.type })));
  const weights = parts.map((p) => WEIGHT[p.type]);
  // Seats, baggage and meals were bought for one passenger on one segment: each part keeps its own.
  const items = [...booking.seats, ...(booking.extras ?? [])];
  const itemsOf = (p: BookedPart, only: (item: (typeof items)[number]) => boolean = () => true) =>
    items
      .filter((s) => s.paxId === p.paxId && booking.segments[s.segmentIndex]?.direction === p.direction && only(s))
      .reduce((sum, s) => sum + s.pricePaise, 0);
  const itemsTotal = items.reduce((sum, s) => sum + s.pricePaise, 0);
  const fare = allocate(Math.max(0, booking.debitPaise - itemsTotal), weights);
  const base = allocate(booking.pricing.baseFare, weights);
  const taxes = allocate(booking.pricing.taxes, weights);
  return parts.map((p, i) => ({
    paxId: p.paxId,
    direction: p.direction,
    seated: p.type !== "INF",
    paidPaise: defined(fare[i], "fare share") + itemsOf(p),
    addedPaise: itemsOf(p, (item) => "source" in item && item.source === "ADDED"),
    baseFarePaise: defined(base[i], "base share"),
    taxesPaise: defined(taxes[i], "tax share"),
  }));
}

export interface ItemTerms {
  readonly reasonCode: ReasonCode;
  readonly cancellationType: CancellationType;
  /** Tarmac's fee for this cancellation, shared between its parts. */
  readonly otaFeePaise: number;
  readonly now: Date;
}

/**
 * Each cancelled part's figures (API guide, Partial cancellation, void and refunds): what it paid;
 * the airline penalty (nothing for a void, an involuntary cancellation or FLIGHT_CANCELLED; all but
 * its taxes for NO_SHOW; its base fare on a non-refundable fare; otherwise the band for the hours
 * before its direction departs, per seated passenger shared between the passenger's directions,
 * never above its base fare); its share of the OTA fee; the refund, never below zero.
 */
export function itemise(booking: Booking, parts: readonly BookedPart[], terms: ItemTerms): CancellationItem[] {
  const shares = partShares(booking).filter((s) => parts.some((p) => p.paxId === s.paxId && p.direction === s.direction));
  const fees = allocate(
    terms.otaFeePaise,
    shares.map((s) => s.paidPaise),
  );
  const directions = directionsOf(booking);
  return shares.map((share, i) => {
    const penalty = Math.min(share.paidPaise, penaltyOf(booking, share, terms, directions));
    const fee = Math.min(defined(fees[i], "fee share"), share.paidPaise - penalty);
    return {
      paxId: share.paxId,
      direction: share.direction,
      paidPaise: share.paidPaise,
      airlinePenaltyPaise: penalty,
      otaFeePaise: fee,
      refundAmountPaise: Math.max(0, share.paidPaise - penalty - fee),
    };
  });
}

function penaltyOf(booking: Booking, share: PartShare, terms: ItemTerms, directions: readonly Direction[]): number {
  if (terms.cancellationType !== "VOLUNTARY" || terms.reasonCode === "FLIGHT_CANCELLED") return 0;
  if (terms.reasonCode === "NO_SHOW") return Math.max(0, share.paidPaise - share.taxesPaise);
  // The EMDs of extras added after booking are not refunded on a voluntary cancellation.
  return farePenaltyOf(booking, share, terms, directions) + share.addedPaise;
}

/** What the airline keeps of the part's fare on a voluntary cancellation. */
function farePenaltyOf(booking: Booking, share: PartShare, terms: ItemTerms, directions: readonly Direction[]): number {
  if (!booking.fareRules.refundable) return share.baseFarePaise;
  if (!share.seated) return 0;
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

/** What the parts' extras added after booking cost (API guide, Baggage and meals after ticketing). */
export function addedExtrasPaise(booking: Booking, parts: readonly BookedPart[]): number {
  return partShares(booking)
    .filter((s) => parts.some((p) => p.paxId === s.paxId && p.direction === s.direction))
    .reduce((sum, s) => sum + s.addedPaise, 0);
}

/** Splits a cancellation's totals between its parts in proportion to what each paid (a whole-booking quote's items). */
export function itemiseTotals(
  booking: Booking,
  parts: readonly BookedPart[],
  totals: { readonly airlinePenaltyPaise: number; readonly otaFeePaise: number; readonly refundAmountPaise: number },
): CancellationItem[] {
  const shares = partShares(booking).filter((s) => parts.some((p) => p.paxId === s.paxId && p.direction === s.direction));
  const weights = shares.map((s) => s.paidPaise);
  const [penalties, fees, refunds] = [totals.airlinePenaltyPaise, totals.otaFeePaise, totals.refundAmountPaise].map((t) =>
    allocate(t, weights),
  );
  return shares.map((s, i) => ({
    paxId: s.paxId,
    direction: s.direction,
    paidPaise: s.paidPaise,
    airlinePenaltyPaise: defined(penalties?.[i], "penalty share"),
    otaFeePaise: defined(fees?.[i], "fee share"),
    refundAmountPaise: defined(refunds?.[i], "refund share"),
  }));
}
