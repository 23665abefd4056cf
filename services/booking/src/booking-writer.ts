import { newEvent, type OutboxEvent } from "@tarmac/events";
import type { Clock } from "@tarmac/kernel";
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
 * Every stored change of a booking goes through here: the state machine decides, the version
 * guards against a concurrent writer, and a status change carries its event into the same write.
 */
export class BookingWriter {
  constructor(
    private readonly store: BookingStore,
    private readonly clock: Clock,
  ) {}

  async move(
    booking: Booking,
    to: BookingStatus,
    reason: string,
    changes: Parameters<typeof transition>[4] = {},
  ): Promise<Booking> {
    const at = this.clock.now();
    const moved = { ...transition(booking, to, at, reason, changes), version: booking.version + 1 };
    if (!(await this.store.update(moved, [statusEvent(moved, booking.status, at)]))) throw new BookingChangedConcurrently(booking.bookingId);
    return moved;
  }

  /** A change that keeps the status (e.g. remembering the wallet hold): no event. */
  async amend(booking: Booking, changes: Partial<Pick<Booking, "holdId">>): Promise<Booking> {
    const amended = { ...booking, ...changes, updatedAt: this.clock.now(), version: booking.version + 1 };
    if (!(await this.store.update(amended, []))) throw new BookingChangedConcurrently(booking.bookingId);
    return amended;
  }
}
