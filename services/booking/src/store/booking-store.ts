import type { OutboxEvent } from "@tarmac/events";
import type { Booking, BookingStatus } from "../domain/booking.js";

export type DueField = "updatedAt" | "lastArrivalAt";

export type CreateResult = { readonly created: true } | { readonly created: false; readonly existing: Booking };

/**
 * Bookings, each change stored together with its events (the outbox) in one atomic write.
 * Changes are optimistic: `update` succeeds only on the version it read, so two workers (the
 * create flow and a sweep) can never both move the same booking.
 */
export interface BookingStore {
  /** Stores a new booking; an agent's idempotency key is unique, so a second create finds the first. */
  create(booking: Booking, events: readonly OutboxEvent[]): Promise<CreateResult>;
  get(bookingId: string): Promise<Booking | undefined>;
  findByPnr(pnr: string): Promise<Booking | undefined>;
  /**
   * Replaces the booking stored at `booking.version - 1` with `booking`; false when someone else
   * changed it first (nothing is written then, events included).
   */
  update(booking: Booking, events: readonly OutboxEvent[]): Promise<boolean>;
  /**
   * Bookings in `status` whose `by` instant (last change, or last arrival) is before `before`,
   * earliest first: what the sweeps work through.
   */
  listByStatus(status: BookingStatus, before: Date, limit: number, by?: DueField): Promise<Booking[]>;
}
