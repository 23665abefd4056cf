import type { LedgerTransaction } from "./ledger.js";

/**
 * Booking's credits are refunds of what a booking paid, nothing more (issue 34): booking's caller
 * identity may not create money. Booking names every wallet movement of a booking after it: its
 * holds (and so their captures) are `<booking id>`, `<booking id>:<quote id>`,
 * `<booking id>:<addition id>` or `<booking id>:ticket:<ms>`, its credits `<booking id>`,
 * `<booking id>/<refund id>` or `<booking id>:<quote id>:refund`. So the wallet learns the booking
 * from the reference, and what the booking paid and got back from the ledger, without trusting
 * booking to say.
 */

/** `bkg_` + ULID (kernel newId("bkg")), then the end or `:` or `/` and booking's own suffix. */
const BOOKING_REFERENCE = /^(bkg_[0-9A-Za-z]+)(?:[:/]|$)/;

/** The booking a wallet reference belongs to, or undefined when it names none. */
export function bookingOfReference(reference: string): string | undefined {
  return BOOKING_REFERENCE.exec(reference)?.[1];
}

/** What one booking has paid from one wallet and been credited back: the bound of its next refund. */
export interface BookingMoney {
  /** Sum of the booking's CAPTUREs on the account. */
  readonly capturedPaise: number;
  /** Sum of the booking's REFUNDs on the account, whoever credited them. */
  readonly refundedPaise: number;
}

/** Sums `bookingId`'s captures and refunds among `transactions` (one account's). */
export function bookingMoneyOf(
  bookingId: string,
  transactions: Iterable<Pick<LedgerTransaction, "kind" | "reference" | "amountPaise">>,
): BookingMoney {
  let capturedPaise = 0;
  let refundedPaise = 0;
  for (const { kind, reference, amountPaise } of transactions) {
    if ((kind !== "CAPTURE" && kind !== "REFUND") || bookingOfReference(reference) !== bookingId) continue;
    if (kind === "CAPTURE") capturedPaise += amountPaise;
    else refundedPaise += amountPaise;
  }
  return { capturedPaise, refundedPaise };
}
