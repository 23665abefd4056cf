import { defined } from "@tarmac/kernel";
import { allocate } from "./allocate.js";
import type { Booking, PassengerType } from "./booking.js";
import { directionsOf } from "./cancellation-scope.js";
import type { BookedPart } from "./quotes.js";

/**
 * The airline's fare for each passenger type, against the adult's: a child 75%, a lap infant 10%
 * (as the sandbox and Indian carriers file them). A booking keeps only the airline's totals, so its
 * amounts are shared out by these weights; each direction of a passenger weighs the same.
 */
const FARE_WEIGHT: Readonly<Record<PassengerType, number>> = { ADT: 100, CHD: 75, INF: 10 };

/** One passenger on one direction: the unit every amount of the booking is allocated to. */
interface Part extends BookedPart {
  readonly type: PassengerType;
}

/** Every passenger on every direction the booking flies, passengers in booking order, each one's directions in order. */
function partsOf(booking: Pick<Booking, "passengers" | "segments">): Part[] {
  const directions = directionsOf(booking);
  return booking.passengers.flatMap((p) => directions.map((direction) => ({ paxId: p.paxId, direction, type: p.type })));
}

/** `total` shared between every part of the booking by fare weight: the shares add up to `total` exactly. */
function byFareWeight(parts: readonly Part[], total: number): number[] {
  return allocate(
    total,
    parts.map((p) => FARE_WEIGHT[p.type]),
  );
}

/**
 * What the booking paid that no cancellation or void refunds: the airline change fees and platform
 * fees of its reschedules (collected for the airline, earned by the platform). A booking of an
 * earlier release that was rescheduled reads its last reschedule's change penalty, the only one it kept.
 */
export function nonRefundablePaid(booking: Pick<Booking, "nonRefundablePaise" | "reschedule">): number {
  return booking.nonRefundablePaise ?? booking.reschedule?.changePenaltyPaise ?? 0;
}

/** One part's share of each amount the booking paid. */
export interface PartShare extends Part {
  readonly baseFarePaise: number;
  readonly taxesPaise: number;
  readonly otaMarkupPaise: number;
  readonly commissionPaise: number;
  /** Fare paid beyond the booked fare's amounts: a fare difference of a reschedule to a cheaper fare, say. */
  readonly fareBeyondPaise: number;
  /** Its share of nonRefundablePaid. */
  readonly nonRefundablePaise: number;
  /** Its own seats, baggage and meals on this direction. */
  readonly seatsPaise: number;
  readonly extrasPaise: number;
  /** Of extrasPaise, the items added after booking (their EMDs: kept by the airline on a voluntary cancellation). */
  readonly addedExtrasPaise: number;
}

/**
 * The one allocation of a booking's money (API guide, GST and invoices; Partial cancellation, void
 * and refunds): every amount of the fare shared out between its passenger-direction parts by fare
 * weight, each seat, bag and meal on the part that bought it. Cancellation quotes, refunds, tax
 * invoices and credit notes all read it, so a passenger's line and that passenger's refund agree.
 * All parts, cancelled or not, so a part's share never drifts; they add up to `debitPaise`.
 */
export function partShares(booking: Booking): PartShare[] {
  const parts = partsOf(booking);
  const p = booking.pricing;
  const items = [...booking.seats.map((s) => ({ ...s, seat: true })), ...(booking.extras ?? []).map((e) => ({ ...e, seat: false }))];
  const own = (part: Part, only: (item: (typeof items)[number]) => boolean) =>
    items
      .filter((i) => i.paxId === part.paxId && booking.segments[i.segmentIndex]?.direction === part.direction && only(i))
      .reduce((sum, i) => sum + i.pricePaise, 0);
  const itemsPaise = items.reduce((sum, i) => sum + i.pricePaise, 0);
  const kept = nonRefundablePaid(booking);
  const fare = p.baseFare + p.taxes + p.otaMarkup - p.commission;
  const shares = {
    base: byFareWeight(parts, p.baseFare),
    taxes: byFareWeight(parts, p.taxes),
    markup: byFareWeight(parts, p.otaMarkup),
    commission: byFareWeight(parts, p.commission),
    beyond: byFareWeight(parts, booking.debitPaise - itemsPaise - kept - fare),
    kept: byFareWeight(parts, kept),
  };
  const at = (list: readonly number[], i: number) => defined(list[i], "part share");
  return parts.map((part, i) => ({
    ...part,
    baseFarePaise: at(shares.base, i),
    taxesPaise: at(shares.taxes, i),
    otaMarkupPaise: at(shares.markup, i),
    commissionPaise: at(shares.commission, i),
    fareBeyondPaise: at(shares.beyond, i),
    nonRefundablePaise: at(shares.kept, i),
    seatsPaise: own(part, (item) => item.seat),
    extrasPaise: own(part, (item) => !item.seat),
    addedExtrasPaise: own(part, (item) => !item.seat && "source" in item && item.source === "ADDED"),
  }));
}

/** The parts' shares of the parts named, in booking order. */
export function sharesOf(booking: Booking, parts: readonly BookedPart[]): PartShare[] {
  return partShares(booking).filter((s) => parts.some((p) => p.paxId === s.paxId && p.direction === s.direction));
}

/** What a part paid for its fare (base fare, taxes, the platform's markup less commission, any fare beyond). */
export function farePaidOf(share: PartShare): number {
  return share.baseFarePaise + share.taxesPaise + share.otaMarkupPaise - share.commissionPaise + share.fareBeyondPaise;
}

/** `total` shared between the passengers by the same fare weights (each passenger's parts added up). */
export function shareByPassenger(booking: Booking, total: number): number[] {
  const parts = partsOf(booking);
  const shares = byFareWeight(parts, total);
  return booking.passengers.map((pax) => parts.reduce((sum, part, i) => sum + (part.paxId === pax.paxId ? (shares[i] ?? 0) : 0), 0));
}
