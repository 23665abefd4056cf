import type { OutboxEvent } from "@tarmac/events";
import type { Booking, BookingStatus } from "../domain/booking.js";
import type { BookingListQuery } from "./booking-list-query.js";

export type DueField = "updatedAt" | "lastArrivalAt";

/** A booking a sweep claimed, and how many times sweeps have claimed it since it last changed. */
export interface ClaimedBooking {
  readonly booking: Booking;
  readonly attempts: number;
}

export interface ClaimOptions {
  readonly now: Date;
  /** How long a claimed booking is left alone after its `attempts`-th claim (backoff). */
  readonly retryAfterMs: (attempts: number) => number;
}

/** A reschedule confirm still marked pending this long after it started was interrupted (its calls last seconds). */
export const RESCHEDULE_REPAIR_AFTER_MS = 60_000;

/**
 * When a booking is due for its sweep: after an interrupted reschedule, once it surely is one;
 * TICKETED when its last segment lands; otherwise when it last changed.
 */
export function sweepInstantOf(booking: Booking): Date {
  if (booking.status === "HELD" && booking.hold) return holdSweepInstantOf(booking.hold);
  if (booking.pendingReschedule) return new Date(booking.pendingReschedule.startedAt.getTime() + RESCHEDULE_REPAIR_AFTER_MS);
  return booking.status === "TICKETED" ? booking.lastArrivalAt : booking.updatedAt;
}

/** A HELD booking is due when its interrupted ticketing needs settling, its notice is due, or its limit has come. */
function holdSweepInstantOf(hold: NonNullable<Booking["hold"]>): Date {
  if (hold.ticketing) return new Date(hold.ticketing.startedAt.getTime() + RESCHEDULE_REPAIR_AFTER_MS);
  return hold.warned ? hold.ticketTimeLimit : new Date(Math.min(hold.warnAt.getTime(), hold.ticketTimeLimit.getTime()));
}

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
  /** The agent's booking created under `idempotencyKey` (unique per agent). */
  findByIdempotencyKey(agentId: string, idempotencyKey: string): Promise<Booking | undefined>;
  /** The agent's booking holding a cancellation, reschedule or ticketing confirm made (or running) under `idempotencyKey`. */
  findByConfirmationKey(agentId: string, idempotencyKey: string): Promise<Booking | undefined>;
  /** A page of the agent's bookings, newest first (createdAt, then bookingId, descending). */
  list(query: BookingListQuery): Promise<Booking[]>;
  /**
   * The agent's newest booking with this PNR. PNRs are not unique: each airline gives out its own
   * and carriers reuse them over time, so a booking is identified by its id and a PNR only within
   * an agent's bookings, newest first.
   */
  findByPnr(agentId: string, pnr: string): Promise<Booking | undefined>;
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
  /**
   * What the sweeps work through, by an index on the due instant: up to `limit` bookings in
   * `status` due before `before`, earliest first. A booking is due at its sweep instant
   * (sweepInstantOf) until a sweep claims it; each claim puts it back to `now +
   * retryAfterMs(attempts)`, so a booking that keeps failing waits longer each time and never
   * crowds out newer ones, and a sweep in another replica skips what this one claimed (a claim is
   * a compare-and-set). Any update makes the booking due at its new sweep instant, attempts zero.
   */
  claimDue(status: BookingStatus, before: Date, limit: number, options: ClaimOptions): Promise<ClaimedBooking[]>;
}
