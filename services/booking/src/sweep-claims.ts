import { processMetrics, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import type { ClaimedBooking, ClaimOptions } from "./store/booking-store.js";

/** Claimed this often without its booking changing, a booking is reported as stuck. */
export const STUCK_AFTER_ATTEMPTS = 10;
const MAX_RETRY_MS = 5 * 60_000;

/**
 * The sweeps' backoff: a claimed booking is looked at again on the next run, then after 1 s, 2 s,
 * 4 s ... at most 5 minutes, so a booking the airline or the wallet keeps refusing costs little
 * and never holds up the bookings behind it.
 */
export function sweepClaim(now: Date): ClaimOptions {
  return { now, retryAfterMs: (attempts) => (attempts <= 1 ? 0 : Math.min(1_000 * 2 ** (attempts - 2), MAX_RETRY_MS)) };
}

/**
 * Logs and counts (booking_sweep_stuck_total{status}) each claim of a booking that has not
 * progressed after STUCK_AFTER_ATTEMPTS claims: the sweep goes on trying, an operator should look.
 */
export function reportStuck(claimed: readonly ClaimedBooking[], logger: Logger, metrics: MetricsRegistry = processMetrics()): void {
  for (const { booking, attempts } of claimed) {
    if (attempts < STUCK_AFTER_ATTEMPTS) continue;
    metrics
      .counter({
        name: "booking_sweep_stuck_total",
        help: "Sweep claims of bookings that did not progress after 10 claims, by status",
        labelNames: ["status"],
      })
      .inc({ status: booking.status });
    logger.warn({ bookingId: booking.bookingId, status: booking.status, attempts }, "sweep: booking is not progressing");
  }
}
