import type { AirlineChange, AirlineProvider } from "@tarmac/airline-port";
import { processMetrics, type Clock, type LeaseHolder, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";
import type { BookingStore } from "../store/booking-store.js";
import { detectScheduleChange, isScheduleChange } from "./schedule-change.js";
import { scheduleChangeEvent } from "./schedule-change-events.js";
import type { ScheduleChangeStore } from "./schedule-change-store.js";

export interface ScheduleChangeConsumerDeps {
  readonly changes: ScheduleChangeStore;
  readonly bookings: BookingStore;
  /** The airline, watched for the changes it makes of its own accord. */
  readonly provider: Pick<AirlineProvider, "watchReservationChanges">;
  readonly clock: Clock;
  readonly logger: Logger;
  /** With several replicas (MongoDB), the lease that lets one of them watch. */
  readonly lease?: LeaseHolder;
  /** A paid BOOKED booking whose reservation the airline dropped: ended as the ticketing worker ends one (TicketingWorker.settleNow). */
  readonly reservationDropped: (booking: Booking) => Promise<unknown>;
  /** A HELD booking whose hold the airline dropped: EXPIRED (HoldTicketing.expire). */
  readonly holdDropped: (booking: Booking, why: string) => Promise<unknown>;
  /** How long to wait after a failed watch, or while another replica holds the lease. */
  readonly retryMs?: number;
  readonly metrics?: MetricsRegistry;
}

export interface ScheduleChangeConsumer {
  /** Handles one change as the watch does (tests): recorded once by its id, acted on if still due. */
  handle(change: AirlineChange): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_RETRY_MS = 5_000;

/**
 * Watches the airline for the changes it makes to reservations and brings each to booking: a
 * schedule change (retime, renumber, reroute, flight cancelled) becomes a `sc_` record and
 * schedule_change.detected; a dropped reservation or hold ends its booking. The last change handled
 * is stored after it is handled, and the watch resumes after it, so a change made while booking
 * was down is handled when it returns. Delivery is at least once (a crash between handling and
 * storing the cursor, the airline's own redelivery), so handling is idempotent: a change is
 * recorded once by its airline id, and a booking already ended is left as it is.
 */
export function startScheduleChangeConsumer(deps: ScheduleChangeConsumerDeps): ScheduleChangeConsumer {
  const { changes, bookings, clock, logger } = deps;
  const retryMs = deps.retryMs ?? DEFAULT_RETRY_MS;
  const handled = (deps.metrics ?? processMetrics()).counter({
    name: "booking_airline_changes_total",
    help: "Changes the airline made of its own accord that booking handled, by kind and outcome",
    labelNames: ["kind", "outcome"],
  });
  const stopping = new AbortController();

  const handle = async (change: AirlineChange): Promise<void> => {
    const booking = await bookings.get(change.clientReference);
    const outcome = booking === undefined ? "unknown_booking" : await act(booking, change);
    handled.inc({ kind: change.kind, outcome });
  };

  const act = async (booking: Booking, change: AirlineChange): Promise<string> => {
    if (isScheduleChange(change)) {
      if (booking.status !== "BOOKED" && booking.status !== "TICKETED" && booking.status !== "HELD") return "booking_ended";
      const now = clock.now();
      const detected = detectScheduleChange(booking, change, now);
      const { created, change: stored } = await changes.record(detected, [scheduleChangeEvent(detected, "schedule_change.detected", now)]);
      if (created)
        logger.info(
          { bookingId: booking.bookingId, scheduleChangeId: stored.scheduleChangeId, kind: stored.kind },
          "schedule change detected",
        );
      return created ? "recorded" : "already_recorded";
    }
    if (change.kind === "RESERVATION_DROPPED") {
      if (booking.status !== "BOOKED") return "booking_ended";
      await deps.reservationDropped(booking);
      return "ended";
    }
    if (booking.status !== "HELD") return "booking_ended";
    await deps.holdDropped(booking, `the airline dropped the hold (${change.reason})`);
    return "ended";
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const early = () => {
        clearTimeout(timer);
        resolve();
      };
      stopping.signal.addEventListener("abort", early, { once: true });
    });

  /** One watch from the stored cursor, until it fails, the lease is lost or the consumer stops. */
  const watch = async (): Promise<void> => {
    const watching = new AbortController();
    const stop = () => watching.abort();
    stopping.signal.addEventListener("abort", stop, { once: true });
    // The lease is renewed while the watch waits for changes; a lost one ends this watch.
    const renew = deps.lease && setInterval(() => void deps.lease?.held().then((held) => held || watching.abort()), retryMs);
    try {
      const after = await changes.cursor();
      for await (const change of deps.provider.watchReservationChanges({
        signal: watching.signal,
        ...(after !== undefined && { after }),
      })) {
        await handle(change);
        await changes.saveCursor(change.id);
        if (watching.signal.aborted) return;
      }
    } finally {
      clearInterval(renew);
      stopping.signal.removeEventListener("abort", stop);
    }
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        if (deps.lease && !(await deps.lease.held())) {
          await pause(retryMs);
          continue;
        }
        await watch();
      } catch (error) {
        logger.warn({ err: error }, "airline changes: the watch failed; resuming after the last change handled");
      }
      await pause(retryMs);
    }
  })();

  return {
    handle,
    async stop() {
      stopping.abort();
      await loop;
      await deps.lease?.release();
    },
  };
}
