import type { AirlineChange, ProviderSegment } from "@tarmac/airline-port";
import { newId } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";

export type ScheduleChangeStatus = "DETECTED" | "ACKNOWLEDGED" | "ACCEPTED" | "CANCELLED" | "REBOOKED" | "EXPIRED";

/** The airline's changes that leave the trip standing until the agency acts (a dropped reservation or hold ends it instead). */
type ScheduleChangeKind = "TIME_CHANGE" | "FLIGHT_NUMBER_CHANGE" | "ROUTING_CHANGE" | "FLIGHT_CANCELLED";
type ScheduleChangeAction = "ACCEPT" | "CANCEL" | "REBOOK";

/** Still waiting for the agency: listed as open on the booking, reminded of, expired at the deadline. */
const OPEN_STATUSES: readonly ScheduleChangeStatus[] = ["DETECTED", "ACKNOWLEDGED"];

/**
 * How long the agency has to act on a change: the sandbox airline's rule, three days, and never
 * later than a few hours before the first flight left of the trip (the airline settles it then).
 */
const ACT_WITHIN_MS = 72 * 3_600_000;
const SETTLED_BEFORE_DEPARTURE_MS = 6 * 3_600_000;
/** A change detected closer to departure than that still gets this long. */
const MINIMUM_ACT_MS = 3_600_000;

export interface ScheduleChange {
  /** `sc_` + ULID. */
  readonly scheduleChangeId: string;
  /** The airline's id of the change: one record per id, however often it is delivered. */
  readonly airlineChangeId: string;
  readonly bookingId: string;
  readonly agentId: string;
  readonly pnr: string;
  readonly kind: ScheduleChangeKind;
  /** The airline's words. */
  readonly reason: string;
  /** TIME_CHANGE: how far the departure moved, minutes (positive later). */
  readonly minutes?: number | undefined;
  /** The booking's segments the change takes away, and what it puts in their place. */
  readonly segmentsRemoved: readonly ProviderSegment[];
  readonly segmentsAdded: readonly ProviderSegment[];
  /** The itinerary as the airline now has it (the booking's, with the change applied). */
  readonly itinerary: readonly ProviderSegment[];
  readonly status: ScheduleChangeStatus;
  readonly actions: readonly ScheduleChangeAction[];
  readonly deadline: Date;
  readonly occurredAt: Date;
  readonly detectedAt: Date;
  readonly updatedAt: Date;
  /** Set once the reminder before the deadline was published. */
  readonly reminded?: boolean | undefined;
  /** What happened when it was resolved (accepted, cancelled, expired), for people. */
  readonly resolution?: string | undefined;
  /** Counts the stored writes: an update names the version it read. */
  readonly version: number;
}

export type ScheduleAirlineChange = Extract<AirlineChange, { kind: ScheduleChangeKind }>;

export function isScheduleChange(change: AirlineChange): change is ScheduleAirlineChange {
  const { kind } = change;
  return kind === "TIME_CHANGE" || kind === "FLIGHT_NUMBER_CHANGE" || kind === "ROUTING_CHANGE" || kind === "FLIGHT_CANCELLED";
}

/** The itinerary after the change, and which segments went and came. */
function applied(
  segments: readonly ProviderSegment[],
  change: ScheduleAirlineChange,
): Pick<ScheduleChange, "segmentsRemoved" | "segmentsAdded" | "itinerary"> {
  const replace = (index: number, by: ProviderSegment | undefined) => {
    const old = segments[index];
    if (old === undefined) return { segmentsRemoved: [], segmentsAdded: [], itinerary: segments };
    const itinerary = by === undefined ? segments.filter((_, i) => i !== index) : segments.map((s, i) => (i === index ? by : s));
    return { segmentsRemoved: [old], segmentsAdded: by === undefined ? [] : [by], itinerary };
  };
  switch (change.kind) {
    case "TIME_CHANGE": {
      const old = segments[change.segmentIndex];
      return replace(change.segmentIndex, old && { ...old, depTime: change.depTime, arrTime: change.arrTime });
    }
    case "FLIGHT_NUMBER_CHANGE": {
      const old = segments[change.segmentIndex];
      return replace(change.segmentIndex, old && { ...old, carrier: change.carrier, flightNo: change.flightNo });
    }
    case "ROUTING_CHANGE":
      return { segmentsRemoved: segments, segmentsAdded: change.segments, itinerary: change.segments };
    case "FLIGHT_CANCELLED":
      return replace(change.segmentIndex, undefined);
  }
}

/** A flight cancelled leaves nothing to accept: the agency cancels or rebooks. */
function actionsFor(kind: ScheduleChangeKind): readonly ScheduleChangeAction[] {
  return kind === "FLIGHT_CANCELLED" ? ["CANCEL", "REBOOK"] : ["ACCEPT", "CANCEL", "REBOOK"];
}

function deadlineFor(booking: Pick<Booking, "segments">, detectedAt: Date): Date {
  const now = detectedAt.getTime();
  const departures = booking.segments.map((s) => Date.parse(s.depTime)).filter((t) => t > now);
  const beforeDeparture = departures.length > 0 ? Math.min(...departures) - SETTLED_BEFORE_DEPARTURE_MS : Number.POSITIVE_INFINITY;
  return new Date(Math.max(now + MINIMUM_ACT_MS, Math.min(now + ACT_WITHIN_MS, beforeDeparture)));
}

/** The record of an airline change to a booking, as first detected. */
export function detectScheduleChange(booking: Booking, change: ScheduleAirlineChange, now: Date): ScheduleChange {
  return {
    scheduleChangeId: newId("sc"),
    airlineChangeId: change.id,
    bookingId: booking.bookingId,
    agentId: booking.agentId,
    pnr: booking.pnr ?? change.pnr,
    kind: change.kind,
    reason: change.reason,
    ...(change.kind === "TIME_CHANGE" && { minutes: change.minutes }),
    ...applied(booking.segments, change),
    status: "DETECTED",
    actions: actionsFor(change.kind),
    deadline: deadlineFor(booking, now),
    occurredAt: new Date(change.occurredAt),
    detectedAt: now,
    updatedAt: now,
    version: 1,
  };
}

export function isOpen(change: Pick<ScheduleChange, "status">): boolean {
  return OPEN_STATUSES.includes(change.status);
}
