import { newEvent, type OutboxEvent } from "@tarmac/events";
import { processMetrics, type Clock, type MetricsRegistry } from "@tarmac/kernel";
import type { Booking, BookingStatus } from "./domain/booking.js";
import { transition } from "./domain/state-machine.js";
import type { BookingStore } from "./store/booking-store.js";

/** Thrown when another worker changed the booking first; the caller re-reads and decides again. */
export class BookingChangedConcurrently extends Error {
  override readonly name = "BookingChangedConcurrently";
  constructor(readonly bookingId: string) {
    super(`booking ${bookingId} was changed by someone else`);
  }
}

/** A booking event beyond status changes (e.g. `booking.rescheduled`), with the booking's ids. */
export function bookingEvent(booking: Booking, type: string, data: Record<string, string | number>, at: Date): OutboxEvent {
  return newEvent(type, booking.agentId, { booking_id: booking.bookingId, pnr: booking.pnr ?? "", ...data }, at);
}

/** `booking.<status>` with the payload of tarmac.events.v1.BookingStatusChanged. */
export function statusEvent(booking: Booking, from: BookingStatus | undefined, at: Date): OutboxEvent {
  const change = booking.statusHistory.at(-1);
  return newEvent(
    `booking.${booking.status.toLowerCase()}`,
    booking.agentId,
    { booking_id: booking.bookingId, pnr: booking.pnr ?? "", from: from ?? "", to: booking.status, reason: change?.reason ?? "" },
    at,
  );
}

/**
 * Counts a stored status change in booking_status_transitions_total{from,to}; a new booking is
 * counted from NONE to PENDING when it is first stored.
 */
export function countTransition(from: BookingStatus | undefined, to: BookingStatus, metrics: MetricsRegistry = processMetrics()): void {
  metrics
    .counter({
      name: "booking_status_transitions_total",
      help: "Booking status changes stored, by status before (NONE for a new booking) and after",
      labelNames: ["from", "to"],
    })
    .inc({ from: from ?? "NONE", to });
}

/**
 * Every stored change of a booking goes through here: the state machine decides, the version
 * guards against a concurrent writer, and a status change carries its event into the same write.
 */
export class BookingWriter {
  constructor(
    private readonly store: BookingStore,
    private readonly clock: Clock,
    private readonly metrics: MetricsRegistry = processMetrics(),
  ) {}

  async move(
    booking: Booking,
    to: BookingStatus,
    reason: string,
    changes: Omit<Partial<Booking>, "status" | "statusHistory" | "version"> = {},
    /** Events beyond the status change, made after it so they are published after it. */
    events: () => readonly OutboxEvent[] = () => [],
  ): Promise<Booking> {
    const at = this.clock.now();
    const moved = { ...transition(booking, to, at, reason), ...changes, version: booking.version + 1 };
    const status = statusEvent(moved, booking.status, at);
    if (!(await this.store.update(moved, [status, ...events()]))) throw new BookingChangedConcurrently(booking.bookingId);
    countTransition(booking.status, to, this.metrics);
    return moved;
  }

  /**
   * A change that keeps the status (the wallet hold, a quote, a reschedule), published with
   * `events`. With a `reason` it is part of the booking's story: appended to the history under the
   * same status. Progress of something with a history of its own (a refund) gives none.
   */
  async amend(
    booking: Booking,
    changes: Omit<Partial<Booking>, "status" | "statusHistory" | "version">,
    story?: { readonly reason?: string; readonly events: readonly OutboxEvent[] },
  ): Promise<Booking> {
    const at = this.clock.now();
    const history =
      story?.reason !== undefined
        ? [...booking.statusHistory, { status: booking.status, at, reason: story.reason }]
        : booking.statusHistory;
    const amended = { ...booking, ...changes, statusHistory: history, updatedAt: at, version: booking.version + 1 };
    if (!(await this.store.update(amended, story?.events ?? []))) throw new BookingChangedConcurrently(booking.bookingId);
    return amended;
  }
}
