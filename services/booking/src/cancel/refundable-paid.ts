import { farePaidOf, type PartShare } from "../domain/part-shares.js";
import type { CancellationType, ReasonCode } from "../domain/quotes.js";

/**
 * What a part paid that a cancellation may refund (API guide, Partial cancellation, void and
 * refunds): its fare, taxes, seats, baggage and meals. Never what was already earned or collected
 * for the airline: its share of the change fees and platform fees of reschedules is left out, the
 * penalties and fees of an earlier partial cancellation stay with the parts it cancelled (a part is
 * cancelled once), and the extras sold as non-refundable come back as the airline's penalty
 * (penaltyOf in cancellation-items.ts), not as a refund.
 */
export function refundablePaid(share: PartShare): number {
  return Math.max(0, farePaidOf(share) + share.seatsPaise + share.extrasPaise);
}

/** A cancellation's figures: the refund and what is kept of refundable paid. */
export interface Settlement {
  readonly airlinePenaltyPaise: number;
  readonly otaFeePaise: number;
  readonly refundAmountPaise: number;
}

/**
 * The refund rule, the one place it is written (API guide, Cancellation and reschedule):
 * `refund = refundable paid - airline penalty - platform fee`, never below zero. The penalty is
 * never more than refundable paid, the fee never more than what the penalty leaves.
 */
export function settle(refundablePaise: number, airlinePenaltyPaise: number, otaFeePaise: number): Settlement {
  const penalty = Math.min(refundablePaise, Math.max(0, airlinePenaltyPaise));
  const fee = Math.min(refundablePaise - penalty, Math.max(0, otaFeePaise));
  return { airlinePenaltyPaise: penalty, otaFeePaise: fee, refundAmountPaise: refundablePaise - penalty - fee };
}

/**
 * The platform's fee for a cancellation: the void fee on a void; none when the airline caused it
 * (INVOLUNTARY, or a cancelled flight: the platform follows the airline's waiver); else the
 * cancellation fee.
 */
export function platformFee(
  type: CancellationType,
  reason: ReasonCode,
  fees: { readonly otaFeePaise: number; readonly voidFeePaise?: number | undefined },
): number {
  if (type === "VOID") return fees.voidFeePaise ?? 0;
  return type === "INVOLUNTARY" || reason === "FLIGHT_CANCELLED" ? 0 : fees.otaFeePaise;
}
