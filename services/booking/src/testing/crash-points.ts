import type { BookingDependencies } from "../booking-wiring.js";
import type { Booking } from "../domain/booking.js";
import { crashAfter, crashBefore } from "./decorate-once.js";

export type Decoration = (wired: BookingDependencies) => BookingDependencies;

/** The store write that puts the wallet hold on a booking: the flow's first write after the hold. */
export const holdStored = (booking: Booking): boolean => booking.holdId !== undefined;

/** Where a request's process dies, by what it is doing at that moment; each crashes once. */
export const crashes = {
  /** The hold is on the booking; the airline has not been asked. */
  afterHold: (wired) => ({ ...wired, store: crashAfter(wired.store, "update", holdStored) }),
  /** The airline reserved; the capture never left. */
  afterReserve: (wired) => ({ ...wired, wallet: crashBefore(wired.wallet, "capture") }),
  /** The capture went through; BOOKED was never stored. */
  afterCapture: (wired) => ({ ...wired, wallet: crashAfter(wired.wallet, "capture") }),
  /** The booking is CANCELLED; the refund's credit never left. */
  beforeRefund: (wired) => ({ ...wired, wallet: crashBefore(wired.wallet, "credit") }),
} satisfies Record<string, Decoration>;
