import type { AirlineProvider } from "@tarmac/airline-port";
import { processMetrics, type Clock, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import { bookingEvent, BookingChangedConcurrently, type BookingWriter } from "../booking-writer.js";
import type { Booking, BookingHold } from "../domain/booking.js";
import type { HoldTicketing } from "./hold-ticketing.js";
import type { BookingStore } from "../store/booking-store.js";
import { reportStuck, sweepClaim } from "../sweep-claims.js";

export interface HoldSweepDeps {
  readonly store: BookingStore;
  readonly holds: HoldTicketing;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly writer: BookingWriter;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics?: MetricsRegistry;
}

const BATCH = 200;

/**
 * Follows HELD bookings (API guide, Holds): publishes `booking.hold_expiring` once, the configured
 * notice before the ticket time limit; expires a hold at its limit (the airline's reservation
 * cancelled, EXPIRED), or as soon as the airline is found to have dropped it (asked every
 * HOLD_CHECK_INTERVAL_MS); settles a ticketing call a crash interrupted. Each booking is claimed
 * (BookingStore.claimDue, a compare-and-set) so replicas running this sweep never work on one
 * booking together, and every write is version-checked.
 */
export class HoldSweep {
  constructor(private readonly deps: HoldSweepDeps) {}

  async run(): Promise<void> {
    const { store, clock, logger } = this.deps;
    const now = clock.now();
    const due = await store.claimDue("HELD", new Date(now.getTime() + 1), BATCH, sweepClaim(now));
    reportStuck(due, logger);
    for (const { booking } of due) {
      try {
        await this.settle(booking, now);
      } catch (error) {
        if (error instanceof BookingChangedConcurrently) continue;
        logger.warn({ bookingId: booking.bookingId, err: error }, "hold sweep: will retry on the next run");
      }
    }
  }

  private async settle(booking: Booking, now: Date): Promise<void> {
    const hold = booking.hold;
    if (!hold) {
      // A HELD booking always carries its terms; one without them is a defect for an operator, not a silent skip.
      this.deps.logger.error({ bookingId: booking.bookingId }, "hold sweep: HELD booking without hold terms");
      return;
    }
    if (hold.ticketing) {
      await this.deps.holds.resume(booking);
    } else if (now >= hold.ticketTimeLimit) {
      await this.deps.holds.expire(booking, `not ticketed by its ticket time limit ${hold.ticketTimeLimit.toISOString()}`);
      this.count("expired");
    } else if (!hold.warned && now >= hold.warnAt) {
      const limit = hold.ticketTimeLimit.toISOString();
      const event = bookingEvent(booking, "booking.hold_expiring", { ticket_time_limit: limit }, now);
      await this.deps.writer.amend(booking, { hold: { ...hold, warned: true } }, { reason: `hold expires at ${limit}`, events: [event] });
      this.count("expiring_notice");
    } else {
      await this.check(booking, hold, now);
    }
  }

  /** Asks the airline whether it still holds the reservation: one it dropped or cancelled ends the booking EXPIRED now. */
  private async check(booking: Booking, hold: BookingHold, now: Date): Promise<void> {
    const reservation = await this.deps.provider.findReservation(booking.bookingId);
    if (reservation?.status === "HELD" && reservation.hold !== undefined) {
      // Bookkeeping, not a change the agency sees: updated_at and the history stay as they were.
      const checked = { ...booking, hold: { ...hold, checkedAt: now }, version: booking.version + 1 };
      if (!(await this.deps.store.update(checked, []))) throw new BookingChangedConcurrently(booking.bookingId);
      this.count("still_held");
      return;
    }
    const why =
      reservation === undefined
        ? "the airline no longer has the reservation"
        : `the airline dropped the hold (${reservation.failureReason ?? `reservation ${reservation.status}`})`;
    this.deps.logger.warn({ bookingId: booking.bookingId, pnr: booking.pnr, status: reservation?.status }, `hold sweep: ${why}`);
    await this.deps.holds.expire(booking, why);
    this.count("dropped");
  }

  private count(outcome: "expired" | "expiring_notice" | "still_held" | "dropped"): void {
    (this.deps.metrics ?? processMetrics())
      .counter({
        name: "booking_hold_sweep_total",
        help: "Held bookings the hold sweep expired, gave notice of, or checked with the airline, by outcome",
        labelNames: ["outcome"],
      })
      .inc({ outcome });
  }
}
