import { defined, DomainError, processMetrics, type Clock, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import type { BookingWriter } from "../booking-writer.js";
import type { Cancellations } from "../cancel/cancellations.js";
import type { Reschedules } from "../reschedule/reschedules.js";
import type { Booking } from "../domain/booking.js";
import type { RefundRecord } from "../domain/refunds.js";
import type { ConfirmKey } from "../domain/keyed-confirmations.js";
import type { BookingStore } from "../store/booking-store.js";
import { isOpen, type ScheduleChange, type ScheduleChangeStatus } from "./schedule-change.js";
import { scheduleChangeEvent, type ScheduleChangeEventType } from "./schedule-change-events.js";
import type { ScheduleChangeStore } from "./schedule-change-store.js";

export interface ScheduleChangesDeps {
  readonly changes: ScheduleChangeStore;
  readonly bookings: BookingStore;
  readonly writer: BookingWriter;
  readonly cancellations: Pick<Cancellations, "quote" | "confirm">;
  readonly reschedules: Pick<Reschedules, "quote" | "confirm">;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics?: MetricsRegistry;
}

export interface ScheduleChangeFilter {
  readonly bookingId?: string | undefined;
  readonly statuses?: readonly ScheduleChangeStatus[] | undefined;
  readonly limit: number;
}

/** What cancel did: the change, and the refund of the booking's involuntary cancellation (absent when it was not cancelled so). */
export interface CancelledScheduleChange {
  readonly change: ScheduleChange;
  readonly refund?: RefundRecord | undefined;
}

/** A reminder this long before the deadline (schedule_change.deadline_approaching). */
const REMINDER_BEFORE_MS = 24 * 3_600_000;
const SWEEP_BATCH = 200;
/** Open changes counted for the metrics per sweep, at most. */
const COUNTED = 5_000;
/** Ages of open changes the gauge tells apart (since detected). */
const AGES: readonly (readonly [string, number])[] = [
  ["under_1h", 3_600_000],
  ["under_24h", 24 * 3_600_000],
  ["under_72h", 72 * 3_600_000],
  ["older", Number.POSITIVE_INFINITY],
];

/**
 * The agency's side of a schedule change (API guide, Schedule changes): list, get, acknowledge,
 * accept (the booking takes the airline's itinerary; no money moves) and cancel (involuntary: the
 * whole booking, every rupee back, no fee, through the cancellation use case). The booking is
 * written before the change, so a crash between the two leaves a retry that finds the booking done
 * and finishes the change. Each agency sees only its own changes.
 */
export class ScheduleChanges {
  constructor(private readonly deps: ScheduleChangesDeps) {}

  list(agentId: string, filter: ScheduleChangeFilter): Promise<ScheduleChange[]> {
    return this.deps.changes.list({ agentId, ...filter });
  }

  async get(agentId: string, scheduleChangeId: string): Promise<ScheduleChange> {
    const change = await this.deps.changes.get(scheduleChangeId);
    if (change?.agentId !== agentId) throw new DomainError("BOOKING_NOT_FOUND", `No such schedule change ${scheduleChangeId}`);
    return change;
  }

  /** The booking's changes still waiting for the agency (booking/status shows them). */
  open(agentId: string, bookingId: string): Promise<ScheduleChange[]> {
    return this.deps.changes.list({ agentId, bookingId, statuses: ["DETECTED", "ACKNOWLEDGED"], limit: 50 });
  }

  /** DETECTED to ACKNOWLEDGED: the agency has seen it (the deadline stands). Any later status answers as it is. */
  async acknowledge(agentId: string, scheduleChangeId: string): Promise<ScheduleChange> {
    const change = await this.get(agentId, scheduleChangeId);
    if (change.status !== "DETECTED") return change;
    return this.move(change, "ACKNOWLEDGED", undefined, []);
  }

  /** The booking takes the airline's itinerary, tickets as they are; nothing is debited. */
  async accept(agentId: string, scheduleChangeId: string): Promise<ScheduleChange> {
    const change = await this.get(agentId, scheduleChangeId);
    if (change.status === "ACCEPTED") return change;
    this.requireOpen(change, "ACCEPT");
    const booking = await this.booking(change);
    if (booking.status !== "BOOKED" && booking.status !== "TICKETED" && booking.status !== "HELD")
      throw new DomainError("BOOKING_INVALID_STATE", `Booking ${booking.bookingId} is ${booking.status}: there is no trip to change`);
    await this.takeItinerary(booking, change, "accepted by the agency");
    return this.move(change, "ACCEPTED", "accepted by the agency: the booking has the airline's new itinerary", [
      "schedule_change.accepted",
      "schedule_change.resolved",
    ]);
  }

  /** The whole booking cancelled as the airline's doing: INVOLUNTARY, every rupee paid back, no fee. */
  async cancel(agentId: string, scheduleChangeId: string, key?: ConfirmKey): Promise<CancelledScheduleChange> {
    const change = await this.get(agentId, scheduleChangeId);
    if (change.status === "CANCELLED") return { change, refund: involuntaryRefund(await this.booking(change)) };
    this.requireOpen(change, "CANCEL");
    const booking = await this.booking(change);
    const request = {
      reasonCode: change.kind === "FLIGHT_CANCELLED" ? ("FLIGHT_CANCELLED" as const) : ("SCHEDULE_CHANGE" as const),
      cancellationType: "INVOLUNTARY" as const,
    };
    // Cancelled already (by this change before a crash, or otherwise): the change only follows.
    let refund = involuntaryRefund(booking);
    if (booking.status !== "CANCELLED" && booking.status !== "REFUNDED") {
      await this.deps.cancellations.quote(booking, request);
      refund = (await this.deps.cancellations.confirm(await this.booking(change), request, key)).refund;
    }
    const moved = await this.move(change, "CANCELLED", "cancelled by the agency: involuntary, refunded in full", [
      "schedule_change.resolved",
    ]);
    return { change: moved, refund };
  }

  /**
   * Moves the booking onto `newOfferId` (same route, from a search after the booking) as a
   * reschedule whose fare difference, change fee and OTA fee are waived (the airline protects the
   * passenger): nothing is debited; the seats, baggage and meals the new flights drop are credited.
   */
  async rebook(agentId: string, scheduleChangeId: string, newOfferId: string, key?: ConfirmKey): Promise<ScheduleChange> {
    const change = await this.get(agentId, scheduleChangeId);
    if (change.status === "REBOOKED") return change;
    this.requireOpen(change, "REBOOK");
    const booking = await this.booking(change);
    await this.deps.reschedules.quote(booking, { newOfferId, reasonCode: "SCHEDULE_CHANGE", waived: true });
    const { booking: moved } = await this.deps.reschedules.confirm(await this.booking(change), key);
    const flights = moved.segments.map((s) => `${s.carrier}${s.flightNo}`).join(", ");
    return this.move(change, "REBOOKED", `rebooked by the agency onto ${flights}, fees waived`, ["schedule_change.resolved"]);
  }

  /**
   * Due deadlines and reminders, as the airline settles them: past its deadline an open change is
   * EXPIRED, the booking keeping the airline's itinerary (a cancelled flight's booking stays for
   * the agency to cancel or rebook); a day before it, schedule_change.deadline_approaching once.
   */
  async sweep(): Promise<void> {
    const now = this.deps.clock.now();
    for (const change of await this.deps.changes.openDueBy(new Date(now.getTime() + REMINDER_BEFORE_MS), SWEEP_BATCH)) {
      try {
        if (change.deadline.getTime() <= now.getTime()) await this.expire(change);
        else if (!change.reminded) await this.remind(change);
      } catch (error) {
        this.deps.logger.warn({ scheduleChangeId: change.scheduleChangeId, err: error }, "schedule change: will retry on the next sweep");
      }
    }
    await this.measure(now);
  }

  /** schedule_changes_open{age} and schedule_changes_past_deadline (open past their deadline: the sweep could not expire them). */
  private async measure(now: Date): Promise<void> {
    const metrics = this.deps.metrics ?? processMetrics();
    const open = await this.deps.changes.openDueBy(new Date(8.64e15), COUNTED);
    const byAge = metrics.gauge({
      name: "schedule_changes_open",
      help: "Schedule changes the agencies have not resolved, by age since detected",
      labelNames: ["age"],
    });
    const ageOf = (c: ScheduleChange) => {
      const ms = now.getTime() - c.detectedAt.getTime();
      return AGES.find(([, below]) => ms < below)?.[0] ?? "older";
    };
    for (const [age] of AGES) byAge.set({ age }, open.filter((c) => ageOf(c) === age).length);
    metrics
      .gauge({
        name: "schedule_changes_past_deadline",
        help: "Open schedule changes past their deadline (the sweep expires them; above 0 for long is a fault)",
      })
      .set(open.filter((c) => c.deadline.getTime() <= now.getTime()).length);
  }

  private async expire(change: ScheduleChange): Promise<void> {
    const booking = await this.booking(change);
    const trip = booking.status === "BOOKED" || booking.status === "TICKETED" || booking.status === "HELD";
    if (trip && change.kind !== "FLIGHT_CANCELLED") await this.takeItinerary(booking, change, "the deadline passed");
    await this.move(change, "EXPIRED", "the deadline passed: the airline applied the change", ["schedule_change.resolved"]);
  }

  private async remind(change: ScheduleChange): Promise<void> {
    const now = this.deps.clock.now();
    const reminded = { ...change, reminded: true, version: change.version + 1 };
    if (!(await this.deps.changes.update(reminded, [scheduleChangeEvent(reminded, "schedule_change.deadline_approaching", now)]))) return;
    this.deps.logger.info({ scheduleChangeId: change.scheduleChangeId }, "schedule change: deadline reminder published");
  }

  private async takeItinerary(booking: Booking, change: ScheduleChange, why: string): Promise<void> {
    if (JSON.stringify(booking.segments) === JSON.stringify(change.itinerary) || change.itinerary.length === 0) return;
    await this.deps.writer.amend(
      booking,
      { segments: change.itinerary, lastArrivalAt: new Date(defined(change.itinerary.at(-1), "last segment").arrTime) },
      { reason: `schedule change ${change.scheduleChangeId} ${why}`, events: [] },
    );
  }

  private requireOpen(change: ScheduleChange, action: "ACCEPT" | "CANCEL" | "REBOOK"): void {
    if (!isOpen(change))
      throw new DomainError("BOOKING_INVALID_STATE", `Schedule change ${change.scheduleChangeId} is ${change.status}: nothing left to do`);
    if (!change.actions.includes(action))
      throw new DomainError(
        "BOOKING_INVALID_STATE",
        `Schedule change ${change.scheduleChangeId} cannot be ${action.toLowerCase()}ed (${change.kind})`,
      );
  }

  private async booking(change: ScheduleChange): Promise<Booking> {
    return defined(await this.deps.bookings.get(change.bookingId), "booking");
  }

  private async move(
    change: ScheduleChange,
    status: ScheduleChangeStatus,
    resolution: string | undefined,
    events: readonly ScheduleChangeEventType[],
  ): Promise<ScheduleChange> {
    const now = this.deps.clock.now();
    const moved: ScheduleChange = {
      ...change,
      status,
      ...(resolution !== undefined && { resolution }),
      updatedAt: now,
      version: change.version + 1,
    };
    if (
      await this.deps.changes.update(
        moved,
        events.map((type) => scheduleChangeEvent(moved, type, now)),
      )
    )
      return moved;
    // Another call moved it first: its answer stands.
    const stored = defined(await this.deps.changes.get(change.scheduleChangeId), "schedule change");
    if (stored.status === status) return stored;
    throw new DomainError("BOOKING_INVALID_STATE", `Schedule change ${change.scheduleChangeId} is ${stored.status} now`);
  }
}

/** The refund of a booking's whole involuntary cancellation, if it was cancelled so (a retry after a crash answers it again). */
function involuntaryRefund(booking: Booking): RefundRecord | undefined {
  const cancellation = booking.cancellation;
  if (booking.status !== "CANCELLED" && booking.status !== "REFUNDED") return undefined;
  if (cancellation?.cancellationType !== "INVOLUNTARY") return undefined;
  return booking.refunds?.findLast((r) => r.cancellationId === cancellation.cancellationId);
}
