import type { Booking } from "../domain/booking.js";

type Optional = "pnr" | "holdId" | "failure" | "cancellation" | "reschedule" | "pendingReschedule" | "hold";

/**
 * A booking as stored: `_id` is the booking id; what a booking does not have yet is null. `dueAt`
 * and `sweepAttempts` are the sweeps' bookkeeping (BookingStore.claimDue), not part of a booking.
 */
export type BookingDocument = Omit<Booking, "bookingId" | Optional> & { _id: string } & {
  [K in Optional]: NonNullable<Booking[K]> | null;
} & {
  dueAt?: Date;
  sweepAttempts?: number;
};

export function toBookingDocument(booking: Booking): BookingDocument {
  const { bookingId, pnr, holdId, failure, cancellation, reschedule, pendingReschedule, hold, ...rest } = booking;
  return {
    _id: bookingId,
    ...rest,
    pnr: pnr ?? null,
    holdId: holdId ?? null,
    failure: failure ?? null,
    cancellation: cancellation ?? null,
    reschedule: reschedule ?? null,
    pendingReschedule: pendingReschedule ?? null,
    hold: hold ? storedHold(hold) : null,
  };
}

export function fromBookingDocument(doc: BookingDocument): Booking {
  const {
    _id,
    pnr,
    holdId,
    failure,
    cancellation,
    reschedule,
    pendingReschedule,
    hold,
    dueAt: _dueAt,
    sweepAttempts: _sweepAttempts,
    ...rest
  } = doc;
  // Fields a booking does not have yet may be stored as null (undefined is written as null): absent again here.
  const { cancelledCoupons, cancellations, refunds, pendingCancellation, pendingAddition, nonRefundablePaise, ...older } = rest;
  return {
    bookingId: _id,
    ...older,
    ...(cancelledCoupons && { cancelledCoupons }),
    ...(cancellations && { cancellations }),
    ...(refunds && { refunds }),
    ...(pendingCancellation && { pendingCancellation }),
    ...(pendingAddition && { pendingAddition }),
    ...(typeof nonRefundablePaise === "number" && { nonRefundablePaise }),
    pnr: pnr ?? undefined,
    holdId: holdId ?? undefined,
    failure: failure ?? undefined,
    cancellation: cancellation ?? undefined,
    reschedule: reschedule ?? undefined,
    ...(pendingReschedule && { pendingReschedule }),
    ...(hold && { hold: storedHold(hold) }),
  };
}

/** A hold without a ticketing under way or a check has no `ticketing` or `checkedAt` field (never null: the booking type has no null there). */
function storedHold(hold: NonNullable<Booking["hold"]>): NonNullable<Booking["hold"]> {
  const { ticketing, checkedAt, ...rest } = hold;
  return { ...rest, ...(ticketing && { ticketing }), ...(checkedAt && { checkedAt }) };
}
