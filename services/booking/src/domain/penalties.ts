import { defined } from "@tarmac/kernel";
import { penaltyBandAt } from "@tarmac/airline-port";
import type { Booking } from "./booking.js";

const HOUR_MS = 3_600_000;

/** Hours from `now` to the first departure of the booking; 0 once it has left. */
function hoursBeforeDeparture(booking: Pick<Booking, "segments">, now: Date): number {
  const departs = Date.parse(defined(booking.segments[0], "first segment").depTime);
  return Math.max(0, (departs - now.getTime()) / HOUR_MS);
}

function seated(booking: Pick<Booking, "passengers">): number {
  return booking.passengers.filter((p) => p.type !== "INF").length;
}

/**
 * The airline's cancellation penalty (API guide, Cancellation and reschedule): none when the airline cancelled
 * (involuntary); the whole base fare of a non-refundable fare, whatever bands the airline filed
 * with it; otherwise the fare rule's band per seated passenger. Never above the base fare, so
 * statutory taxes always come back.
 */
export function cancellationPenalty(booking: Booking, involuntary: boolean, now: Date): number {
  if (involuntary) return 0;
  if (!booking.fareRules.refundable) return booking.pricing.baseFare;
  const perPassenger = penaltyBandAt(booking.fareRules.cancellationPenalties, hoursBeforeDeparture(booking, now))?.perPassengerPaise ?? 0;
  return Math.min(perPassenger * seated(booking), booking.pricing.baseFare);
}

/**
 * The airline's change fee from the booked (old) fare's rules, never above its base fare. A
 * non-refundable fare can still be changed: its bands are the whole rule.
 */
export function changeFee(booking: Booking, now: Date): number {
  const perPassenger = penaltyBandAt(booking.fareRules.changeFees, hoursBeforeDeparture(booking, now))?.perPassengerPaise ?? 0;
  return Math.min(perPassenger * seated(booking), booking.pricing.baseFare);
}
