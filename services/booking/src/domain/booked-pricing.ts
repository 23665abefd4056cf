// Its own file: the booking (booking.ts) and the reschedule quote's new fare (quotes.ts) both carry
// it, and the booking carries its quotes.

/** Totals for all passengers, paise (API guide, Money and pricing). */
export interface BookedPricing {
  readonly baseFare: number;
  readonly taxes: number;
  readonly commission: number;
  readonly otaMarkup: number;
  readonly agentMarkup: number;
  readonly netFare: number;
  readonly finalPrice: number;
}
