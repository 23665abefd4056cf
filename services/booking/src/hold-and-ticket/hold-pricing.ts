import type { BookedPricing } from "../domain/booked-pricing.js";
import type { Booking } from "../domain/booking.js";

/** What a held booking costs when the airline tickets it at `fare`. */
export interface HoldPricing {
  readonly baseFare: number;
  readonly taxes: number;
  readonly pricing: BookedPricing;
  /** What the end customer pays: final price plus seats. */
  readonly totalPricePaise: number;
  /** What the wallet is debited: net fare plus seats. */
  readonly debitPaise: number;
}

/**
 * The booking priced at the airline's fare now (API guide, Holds): the airline's difference
 * passes through to the net fare and the final price alike; commission and markups stay as
 * booked, so the agency neither gains nor loses margin on the airline's change.
 */
export function holdPricingAt(booking: Booking, fare: { readonly baseFare: number; readonly taxes: number }): HoldPricing {
  const booked = booking.pricing;
  const difference = fare.baseFare + fare.taxes - (booked.baseFare + booked.taxes);
  const pricing: BookedPricing = {
    ...booked,
    baseFare: fare.baseFare,
    taxes: fare.taxes,
    netFare: booked.netFare + difference,
    finalPrice: booked.finalPrice + difference,
  };
  return {
    baseFare: fare.baseFare,
    taxes: fare.taxes,
    pricing,
    totalPricePaise: pricing.finalPrice + booking.seatsPaise + (booking.extrasPaise ?? 0),
    debitPaise: pricing.netFare + booking.seatsPaise + (booking.extrasPaise ?? 0),
  };
}
