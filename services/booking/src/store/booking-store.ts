import type { OutboxEvent } from "@tarmac/events";
import { HOLD_CHECK_INTERVAL_MS, type Booking, type BookingStatus } from "../domain/booking.js";
import { isPendingRefund, type RefundRecord, type RefundStatus } from "../domain/refunds.js";
import type { BookingListQuery } from "./booking-list-query.js";

/** ListRefunds' query: the agent's refunds, newest first (requestedAt, then refundId), after a position. */
export interface RefundListQuery {
  readonly agentId: string;
  readonly status?: RefundStatus | undefined;
  readonly after?: { readonly requestedAt: Date; readonly refundId: string } | undefined;
  readonly limit: number;
}

/** A refund with the ids of its booking. */
export interface ListedRefund {
  readonly refund: RefundRecord;
  readonly bookingId: string;
  readonly pnr: string | undefined;
  readonly currency: string;
}

/** Newest first: requestedAt, then refundId, descending. */
export function compareRefundsNewestFirst(a: ListedRefund, b: ListedRefund): number {
  return b.refund.requestedAt.getTime() - a.refund.requestedAt.getTime() || (a.refund.refundId < b.refund.refundId ? 1 : -1);
}

/** Whether a refund belongs on the page (status and position). */
export function matchesRefundQuery(refund: RefundRecord, query: RefundListQuery): boolean {
  if (query.status !== undefined && refund.status !== query.status) return false;
  if (!query.after) return true;
  const t = refund.requestedAt.getTime();
  const at = query.after.requestedAt.getTime();
  return t < at || (t === at && refund.refundId < query.after.refundId);
}

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

/** A PENDING booking of an earlier release (no recoverAfter) is left to its create call this long after it last changed. */
const LEGACY_RECOVERY_GRACE_MS = 60_000;

/** A CANCELLED booking whose refunds are all settled (one the airline rejected) is never due again. */
const NEVER = new Date("9999-12-31T00:00:00Z");

/**
 * When a booking is due for its sweep: PENDING at its recoverAfter; after an interrupted reschedule, partial cancellation or addition,
 * once it surely is one; when a pending refund is next to be asked about; TICKETED when its last
 * segment lands; otherwise when it last changed.
 */
export function sweepInstantOf(booking: Booking): Date {
  if (booking.status === "HELD" && booking.hold) return holdSweepInstantOf(booking, booking.hold);
  if (booking.pendingReschedule) return new Date(booking.pendingReschedule.startedAt.getTime() + RESCHEDULE_REPAIR_AFTER_MS);
  if (booking.pendingCancellation) return new Date(booking.pendingCancellation.startedAt.getTime() + RESCHEDULE_REPAIR_AFTER_MS);
  if (booking.pendingAddition) return new Date(booking.pendingAddition.startedAt.getTime() + RESCHEDULE_REPAIR_AFTER_MS);
  const refundDue = (booking.refunds ?? []).filter(isPendingRefund).map((r) => r.nextCheckAt.getTime());
  if (booking.status === "PENDING") return booking.recoverAfter ?? new Date(booking.updatedAt.getTime() + LEGACY_RECOVERY_GRACE_MS);
  const own =
    booking.status === "TICKETED" ? booking.lastArrivalAt : booking.status === "CANCELLED" && booking.refunds ? NEVER : booking.updatedAt;
  return refundDue.length > 0 ? new Date(Math.min(own.getTime(), ...refundDue)) : own;
}

/**
 * A HELD booking is due when its interrupted ticketing needs settling, its notice is due, its
 * limit has come, or the airline is to be asked again whether it still holds it.
 */
function holdSweepInstantOf(booking: Booking, hold: NonNullable<Booking["hold"]>): Date {
  if (hold.ticketing) return new Date(hold.ticketing.startedAt.getTime() + RESCHEDULE_REPAIR_AFTER_MS);
  const check = (hold.checkedAt ?? booking.updatedAt).getTime() + HOLD_CHECK_INTERVAL_MS;
  const deadline = hold.warned ? hold.ticketTimeLimit.getTime() : Math.min(hold.warnAt.getTime(), hold.ticketTimeLimit.getTime());
  return new Date(Math.min(check, deadline));
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
  /** A page of the agent's refund requests, newest first (ListRefunds). */
  listRefunds(query: RefundListQuery): Promise<ListedRefund[]>;
}
