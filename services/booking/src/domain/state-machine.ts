import { DomainError } from "@tarmac/kernel";
import type { Booking, BookingStatus } from "./booking.js";

/** API guide, Booking states: every allowed change; anything else is BOOKING_INVALID_STATE. */
const ALLOWED: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  PENDING: ["BOOKED", "HELD", "FAILED"],
  HELD: ["BOOKED", "RELEASED", "EXPIRED", "FAILED"],
  BOOKED: ["TICKETED", "CANCELLED", "FAILED"],
  TICKETED: ["CANCELLED", "FLOWN"],
  CANCELLED: ["REFUNDED"],
  FAILED: [],
  REFUNDED: [],
  FLOWN: [],
  RELEASED: [],
  EXPIRED: [],
};

/** Every status, from the table above (which the compiler checks is complete). */
export const BOOKING_STATUSES = Object.keys(ALLOWED) as readonly BookingStatus[];

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return ALLOWED[from].includes(to);
}

export function isTerminal(status: BookingStatus): boolean {
  return ALLOWED[status].length === 0;
}

/** The booking in its new status, with the change appended to its history; never mutated. */
export function transition(booking: Booking, to: BookingStatus, at: Date, reason: string): Booking {
  if (!canMove(booking.status, to)) {
    throw new DomainError("BOOKING_INVALID_STATE", `Booking ${booking.bookingId} is ${booking.status}; it cannot become ${to}`);
  }
  return {
    ...booking,
    status: to,
    statusHistory: [...booking.statusHistory, { status: to, at, reason }],
    updatedAt: at,
  };
}
