import type { Booking, BookingStatus } from "../domain/booking.js";

/** A booking's place in an agent's list: newest first by creation, then by id (descending). */
export interface BookingPosition {
  readonly createdAt: Date;
  readonly bookingId: string;
}

/** One page of an agent's bookings, as BookingStore.list answers it: newest first. */
export interface BookingListQuery {
  readonly agentId: string;
  readonly status?: BookingStatus | undefined;
  /** Inclusive. */
  readonly createdFrom?: Date | undefined;
  /** Exclusive. */
  readonly createdTo?: Date | undefined;
  /** Only bookings after this position in the order (the last one of the previous page). */
  readonly after?: BookingPosition | undefined;
  readonly limit: number;
}

/** Whether `booking` belongs in the query's answer (the memory store's filter; Mongo's query says the same). */
export function matchesQuery(booking: Booking, query: BookingListQuery): boolean {
  const t = booking.createdAt.getTime();
  return (
    booking.agentId === query.agentId &&
    (query.status === undefined || booking.status === query.status) &&
    (query.createdFrom === undefined || t >= query.createdFrom.getTime()) &&
    (query.createdTo === undefined || t < query.createdTo.getTime()) &&
    (query.after === undefined || compareNewestFirst(booking, query.after) > 0)
  );
}

/** Newest first, then the greater id first: negative when `a` comes before `b`. */
export function compareNewestFirst(a: BookingPosition, b: BookingPosition): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.bookingId === b.bookingId ? 0 : a.bookingId > b.bookingId ? -1 : 1;
}
