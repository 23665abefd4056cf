import type { Booking } from "../domain/booking.js";

/** A booking as stored: `_id` is the booking id; absent PNR, hold and failure are null. */
export type BookingDocument = Omit<Booking, "bookingId" | "pnr" | "holdId" | "failure"> & {
  _id: string;
  pnr: string | null;
  holdId: string | null;
  failure: Booking["failure"] | null;
};

export function toBookingDocument(booking: Booking): BookingDocument {
  const { bookingId, pnr, holdId, failure, ...rest } = booking;
  return { _id: bookingId, ...rest, pnr: pnr ?? null, holdId: holdId ?? null, failure: failure ?? null };
}

export function fromBookingDocument(doc: BookingDocument): Booking {
  const { _id, pnr, holdId, failure, ...rest } = doc;
  return { bookingId: _id, ...rest, pnr: pnr ?? undefined, holdId: holdId ?? undefined, failure: failure ?? undefined };
}
