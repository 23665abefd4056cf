import type { Clock } from "@tarmac/kernel";
import type {
  AirlineRefund,
  Coupon,
  ProviderReservation,
  ReservationChange,
  ReservationExtra,
  ReservationRequest,
  ReservationStatus,
  TicketRecord,
} from "@tarmac/airline-port";
import type { AirportDirectory } from "@tarmac/airline-port";
import { AIRLINE_CHANGE_AFTER_MS, airlineChangeOf } from "./airline-changes.js";
import type { ChangeFeed } from "./change-feed.js";
import { holdEndedAt, holdFareAt, termsOf, type HoldState } from "./held-reservation.js";
import {
  holdNotActive,
  holdPriceChanged,
  invalidCoupon,
  invalidExtraRequest,
  reissueFailed,
  reservationNotChangeable,
} from "./provider-faults.js";
import { refundOutcome } from "./refunds.js";
import type { AcceptedReservation } from "./reservation-check.js";
import type { SeatLedger } from "./seat-ledger.js";
import type { ReservationRecord } from "./store/reservation-journal.js";
import type { TicketNumbers } from "./ticket-numbers.js";
import { ticketReservation } from "./ticketing.js";

export interface ReservationDeps {
  readonly clock: Clock;
  readonly ledger: SeatLedger;
  /** The airline's ticket numbers, so every number it issues is unique. */
  readonly tickets: TicketNumbers;
  /** Where the airline tells watchers what it did of its own accord (a hold or reservation dropped). */
  readonly changes: ChangeFeed;
  /** The airports, for the new times of a retimed scenario flight; absent: the airline changes no schedule. */
  readonly airports?: AirportDirectory;
}

/**
 * One reservation and its life: HELD with its seats taken, then, as of its ticketing time, TICKETED
 * or TICKETING_FAILED (seats released); CANCELLED (seats released, once); or moved to another fare.
 * Ticketing is not a timer: the reservation settles when it is next looked at, as of the moment it
 * became due, so the clock alone decides and a ManualClock moves it.
 */
export class Reservation {
  private status: ReservationStatus = "HELD";
  private tickets: readonly TicketRecord[] = [];
  /** Times the tickets were reissued after a change. */
  private reissues = 0;
  private failureReason: string | undefined;
  /** Counts the changes of this reservation, so a store keeps the newest of two late writes. */
  private version = 1;
  /** Coupons cancelled by cancelCoupons: their seats released, never ticketed, their tickets withdrawn. */
  private cancelled: readonly Coupon[] = [];
  /** Refunds asked for, with when each was first asked. */
  private refunds: readonly { readonly reference: string; readonly requestedAtMs: number }[] = [];
  /** The airline changed its schedule scenario flight (once: a restart does not change it again). */
  private airlineChanged = false;

  constructor(
    readonly pnr: string,
    /** The request as it stands: after a change, with the change's key and seats. */
    private request: ReservationRequest,
    private accepted: AcceptedReservation,
    private ticketAtMs: number,
    private readonly deps: ReservationDeps,
    /** Held awaiting its ticketing order: not ticketed at `ticketAtMs` until ticketHold. */
    private hold?: HoldState,
  ) {
    this.take(accepted);
  }

  /** The reservation as its journal stored it, its seats taken again unless it released them. */
  static restore(record: ReservationRecord, deps: ReservationDeps): Reservation {
    const released = record.status === "CANCELLED" || record.status === "TICKETING_FAILED";
    const noSeats = { ...record.accepted, holds: [] };
    const accepted = released ? noSeats : record.accepted;
    const reservation = new Reservation(record.pnr, record.request, accepted, record.ticketAtMs, deps, record.hold);
    reservation.accepted = record.accepted;
    reservation.status = record.status;
    reservation.tickets = record.tickets;
    reservation.reissues = record.reissues;
    reservation.failureReason = record.failureReason;
    reservation.version = record.version;
    reservation.cancelled = record.cancelledCoupons ?? [];
    reservation.refunds = record.refunds ?? [];
    reservation.airlineChanged = record.airlineChanged ?? false;
    return reservation;
  }

  /** What the journal stores (ticketing settled first, as any look at the reservation does). */
  record(changeReferences: readonly string[]): ReservationRecord {
    this.settle();
    const { pnr, version, request, accepted, ticketAtMs, status, tickets, reissues, failureReason, hold } = this;
    const record = { clientReference: request.clientReference, pnr, version, request, accepted, ticketAtMs, status, tickets, reissues };
    const { cancelled, refunds } = this;
    return {
      ...record,
      changeReferences,
      ...(failureReason !== undefined && { failureReason }),
      ...(hold && { hold }),
      ...(cancelled.length > 0 && { cancelledCoupons: cancelled }),
      ...(refunds.length > 0 && { refunds }),
      ...(this.airlineChanged && { airlineChanged: true }),
    };
  }

  view(): ProviderReservation {
    this.settle();
    const { pnr, status, failureReason } = this;
    const { clientReference } = this.request;
    const tickets = this.tickets.map((t) => ({ ...t }));
    const held = this.hold && status === "HELD" ? { hold: termsOf(this.hold) } : {};
    const cancelledCoupons = this.cancelled.length > 0 ? { cancelledCoupons: this.cancelled.map((c) => ({ ...c })) } : {};
    const extras = (this.request.extras ?? []).length > 0 ? { extras: (this.request.extras ?? []).map((e) => ({ ...e })) } : {};
    return failureReason === undefined
      ? { clientReference, pnr, status, tickets, ...held, ...cancelledCoupons, ...extras }
      : { clientReference, pnr, status, tickets, failureReason, ...held, ...cancelledCoupons, ...extras };
  }

  /** The fare a ticketing order pays now (see holdFareAt); refused unless it is held. */
  holdFare(live: () => { baseFare: number; taxes: number }): { baseFare: number; taxes: number } {
    return holdFareAt(this.activeHold(), this.accepted, this.deps.clock.now().getTime(), live);
  }

  /**
   * Orders ticketing at `fare`, which must be the fare now: it then tickets `delayMs` later like
   * any reservation. A reservation already ordered (not held, not cancelled) is left as it is.
   */
  orderTicketing(fare: { baseFare: number; taxes: number }, delayMs: number, live: () => { baseFare: number; taxes: number }): void {
    this.settle();
    if (this.hold === undefined && this.status !== "CANCELLED") return;
    const now = this.holdFare(live);
    if (now.baseFare !== fare.baseFare || now.taxes !== fare.taxes) throw holdPriceChanged(this.pnr, now.baseFare, now.taxes);
    this.hold = undefined;
    this.ticketAtMs = this.deps.clock.now().getTime() + delayMs;
    this.version++;
  }

  private activeHold(): HoldState {
    this.settle();
    if (this.hold === undefined || this.status !== "HELD")
      throw holdNotActive(this.pnr, this.failureReason ?? `it is ${this.status}, not held`);
    return this.hold;
  }

  /** Settles it as of now (ticketing due, a hold ended), as any look does; true when that changed it. */
  catchUp(): boolean {
    const before = this.version;
    this.settle();
    return this.version !== before;
  }

  /** The request as it stands (after a change, with the change's key and seats). */
  requestNow(): ReservationRequest {
    return this.request;
  }

  /** Cancels (settling ticketing first, so one already due is cancelled as TICKETED); idempotent. */
  cancel(): void {
    this.settle();
    if (this.status === "CANCELLED") return;
    if (this.status !== "TICKETING_FAILED") this.release(this.accepted);
    this.status = "CANCELLED";
    this.version++;
  }

  /**
   * Cancels these coupons (a partial cancellation): their chosen seats are released, their tickets
   * withdrawn, and they are never ticketed; once no coupon is left the reservation is CANCELLED.
   * Coupons already cancelled are ignored; one the reservation does not have is refused.
   */
  cancelCoupons(coupons: readonly Coupon[]): void {
    this.assertChangeable();
    const { paxIds, flightNos } = this.accepted;
    const unknown = coupons.find(
      (c) => !paxIds.includes(c.paxId) || !Number.isInteger(c.segmentIndex) || flightNos[c.segmentIndex] === undefined,
    );
    if (unknown) throw invalidCoupon(this.pnr, unknown);
    const isCancelled = (c: Coupon, list: readonly Coupon[]) => list.some((x) => x.paxId === c.paxId && x.segmentIndex === c.segmentIndex);
    const fresh = coupons.filter((c, i) => !isCancelled(c, this.cancelled) && !isCancelled(c, coupons.slice(0, i)));
    if (fresh.length === 0) return;
    const freed = this.request.seats.filter((s) => isCancelled(s, fresh));
    const holds = this.accepted.holds.map((h) => {
      const seats = freed.filter((s) => flightNos[s.segmentIndex] === h.flight.flightNo && h.seats.includes(s.seat.toUpperCase()));
      const names = seats.map((s) => s.seat.toUpperCase());
      if (names.length > 0) this.deps.ledger.release(h.flight, names);
      return { ...h, seats: h.seats.filter((seat) => !names.includes(seat)) };
    });
    this.accepted = { ...this.accepted, holds: holds.filter((h) => h.seats.length > 0) };
    this.request = { ...this.request, seats: this.request.seats.filter((s) => !isCancelled(s, fresh)) };
    this.cancelled = [...this.cancelled, ...fresh];
    this.tickets = this.tickets.filter((t) => !isCancelled(t, this.cancelled));
    if (this.cancelled.length === paxIds.length * flightNos.length) {
      this.release(this.accepted);
      this.status = "CANCELLED";
    }
    this.version++;
  }

  /** The refund asked for under `reference` (recorded the first time), as it stands now. */
  refund(reference: string): AirlineRefund {
    let asked = this.refunds.find((r) => r.reference === reference);
    if (asked === undefined) {
      asked = { reference, requestedAtMs: this.deps.clock.now().getTime() };
      this.refunds = [...this.refunds, asked];
      this.version++;
    }
    return refundOutcome(this.accepted.flightNos, asked, this.deps.clock.now().getTime());
  }

  /**
   * Adds baggage and meals (an addition after booking) once `check` accepted them against this
   * reservation's request; a coupon already cancelled gets none.
   */
  addExtras(extras: readonly ReservationExtra[], addReference: string, check: (request: ReservationRequest) => void): void {
    this.assertChangeable();
    const cancelled = extras.find((e) => this.cancelled.some((c) => c.paxId === e.paxId && c.segmentIndex === e.segmentIndex));
    if (cancelled) throw invalidCoupon(this.pnr, cancelled);
    check(this.request);
    // Each item is documented by an EMD of the validating carrier, unique among this airline's numbers.
    const issued = extras.map(({ paxId, segmentIndex, code, quantity }, position) => {
      const emdNumber = this.deps.tickets.issueEmd(this.accepted.carrier, this.pnr, addReference, position);
      return { paxId, segmentIndex, code, quantity, addReference, emdNumber };
    });
    this.request = { ...this.request, extras: [...(this.request.extras ?? []), ...issued] };
    this.version++;
  }

  /** Refuses a change of a CANCELLED or TICKETING_FAILED reservation (ticketing settled first). */
  assertChangeable(): void {
    this.settle();
    if (this.status === "CANCELLED" || this.status === "TICKETING_FAILED") throw reservationNotChangeable(this.pnr, this.status);
  }

  /**
   * Moves the reservation to the new key, seats and extras (the extras replace all it held) once
   * `accept` has checked them (given this reservation's request with them), in one synchronous step: the old seats are
   * released first, so the reservation may choose them again, and taken back if anything refuses;
   * a TICKETED reservation is reissued at once, a HELD one tickets at its usual time.
   */
  change(
    { key, seats, extras }: Pick<ReservationChange, "key" | "seats" | "extras">,
    accept: (request: ReservationRequest) => AcceptedReservation,
  ): void {
    this.assertChangeable();
    // An EMD carried to the new itinerary must be one this reservation holds for that passenger and item.
    const held = this.request.extras ?? [];
    const foreign = (extras ?? []).find(
      (e) => e.emdNumber !== undefined && !held.some((h) => h.emdNumber === e.emdNumber && h.paxId === e.paxId && h.code === e.code),
    );
    if (foreign) throw invalidExtraRequest(`EMD ${foreign.emdNumber} is not ${foreign.paxId}'s ${foreign.code} on this reservation`);
    const request: ReservationRequest = { ...this.request, key, seats, extras: (extras ?? []).map((e) => ({ ...e })) };
    this.release(this.accepted);
    let accepted: AcceptedReservation;
    let tickets = this.tickets;
    try {
      accepted = accept(request);
      if (this.status === "TICKETED") tickets = this.issue(accepted, this.reissues + 1);
    } catch (err) {
      this.take(this.accepted);
      throw err;
    }
    this.take(accepted);
    if (this.status === "TICKETED") this.reissues++;
    this.request = request;
    this.accepted = accepted;
    this.tickets = tickets;
    this.version++;
  }

  private settle(): void {
    if (this.status === "TICKETED") this.changeSchedule();
    if (this.status !== "HELD") return;
    if (this.hold) {
      // A hold is never ticketed by the clock: it waits for its order, or ends.
      const ended = holdEndedAt(this.hold, this.deps.clock.now().getTime());
      if (ended === undefined) return;
      this.release(this.accepted);
      this.status = "CANCELLED";
      this.failureReason = ended.reason;
      this.version++;
      this.told("HOLD_DROPPED", ended.atMs, ended.reason);
      return;
    }
    if (this.deps.clock.now().getTime() < this.ticketAtMs) return;
    const outcome = ticketReservation(this.accepted, this.pnr, this.deps.tickets);
    this.status = outcome.status;
    this.version++;
    if (outcome.status === "TICKETED") {
      this.tickets = outcome.tickets.filter((t) => !this.cancelled.some((c) => c.paxId === t.paxId && c.segmentIndex === t.segmentIndex));
    } else {
      this.failureReason = outcome.failureReason;
      this.release(this.accepted);
      this.told("RESERVATION_DROPPED", this.ticketAtMs, outcome.failureReason);
    }
  }

  /** A schedule scenario flight is retimed, renumbered or cancelled AIRLINE_CHANGE_AFTER_MS after ticketing, once. */
  private changeSchedule(): void {
    const { airports, clock } = this.deps;
    if (this.airlineChanged || airports === undefined) return;
    const atMs = this.ticketAtMs + AIRLINE_CHANGE_AFTER_MS;
    if (clock.now().getTime() < atMs) return;
    const change = airlineChangeOf(this.request.key, airports, atMs);
    if (change === undefined) return;
    this.airlineChanged = true;
    this.version++;
    this.deps.changes.publish({ ...change, clientReference: this.request.clientReference, pnr: this.pnr });
  }

  private told(kind: "HOLD_DROPPED" | "RESERVATION_DROPPED", atMs: number, reason: string): void {
    const { clientReference } = this.request;
    this.deps.changes.publish({ kind, clientReference, pnr: this.pnr, occurredAt: new Date(atMs).toISOString(), reason });
  }

  /** A reissue on the new fare: new numbers for every coupon, or a refusal that changes nothing. */
  private issue(accepted: AcceptedReservation, reissue: number): readonly TicketRecord[] {
    const outcome = ticketReservation(accepted, this.pnr, this.deps.tickets, reissue);
    if (outcome.status === "TICKETING_FAILED") throw reissueFailed(this.pnr, outcome.failureReason);
    return outcome.tickets;
  }

  private take(accepted: AcceptedReservation): void {
    for (const { flight, seats } of accepted.holds) this.deps.ledger.take(flight, seats);
  }

  private release(accepted: AcceptedReservation): void {
    for (const { flight, seats } of accepted.holds) this.deps.ledger.release(flight, seats);
  }
}
