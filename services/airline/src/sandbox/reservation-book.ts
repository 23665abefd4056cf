import type { Clock } from "@tarmac/kernel";
import { defined } from "@tarmac/kernel";
import type {
  AirlineRefund,
  AirportDirectory,
  AirlineRefundRequest,
  CouponCancellation,
  ExtrasAddition,
  ProviderAncillaries,
  HoldPrice,
  HoldTicketing,
  ProviderReservation,
  ReservationChange,
  ReservationRequest,
} from "@tarmac/airline-port";
import { checkAddedExtras } from "./ancillary-options.js";
import { ChangeFeed } from "./change-feed.js";
import { holdStateOf } from "./held-reservation.js";
import { SANDBOX_CURRENCY } from "./offers.js";
import { pnrFor } from "./pnr.js";
import { changeReferenceInUse, holdNotAllowed, reservationNotFound, reservationsUnavailable } from "./provider-faults.js";
import type { AcceptedReservation } from "./reservation-check.js";
import { Reservation, type ReservationDeps } from "./reservation.js";
import type { SeatLedger } from "./seat-ledger.js";
import type { ReservationJournal, ReservationRecord } from "./store/reservation-journal.js";
import { TicketNumbers } from "./ticket-numbers.js";

export interface ReservationBookDeps {
  readonly clock: Clock;
  /** The seats of the airline's flights its reservations hold. */
  readonly ledger: SeatLedger;
  /** Ticketing happens this long after the reservation was made (by the clock). */
  readonly ticketingDelayMs: number;
  /** Where each change is written before the airline answers; none: this object is the airline's memory. */
  readonly journal?: ReservationJournal;
  /** For the new times of retimed scenario flights; absent: the airline changes no schedule. */
  readonly airports?: AirportDirectory;
}

/**
 * The reservations of one sandbox airline, by client reference, in memory, with the PNRs, ticket
 * numbers and change references it has given out. Each reservation keeps its own life
 * (`reservation.ts`); the book makes the calls idempotent.
 */
export class ReservationBook {
  private readonly reservations = new Map<string, Reservation>();
  /** Change reference -> the client reference it changed. */
  private readonly changes = new Map<string, string>();
  private readonly pnrs = new Set<string>();
  /** The version of each reservation its journal holds. */
  private readonly written = new Map<string, number>();
  private readonly deps: ReservationDeps;

  get ledger(): SeatLedger {
    return this.options.ledger;
  }

  constructor(
    private readonly options: ReservationBookDeps,
    records: readonly ReservationRecord[] = [],
  ) {
    const run = options.clock.now().getTime().toString(36);
    this.deps = {
      clock: options.clock,
      ledger: options.ledger,
      tickets: new TicketNumbers(),
      changes: new ChangeFeed(run),
      ...(options.airports && { airports: options.airports }),
    };
    for (const record of records) this.restore(record);
  }

  private restore(record: ReservationRecord): void {
    const { clientReference } = record;
    this.reservations.set(clientReference, Reservation.restore(record, this.deps));
    this.pnrs.add(record.pnr);
    for (const ticket of record.tickets) this.deps.tickets.remember(ticket.ticketNumber);
    for (const extra of record.request.extras ?? []) if (extra.emdNumber !== undefined) this.deps.tickets.remember(extra.emdNumber);
    for (const reference of record.changeReferences) this.changes.set(reference, clientReference);
    this.written.set(clientReference, record.version);
  }

  /**
   * Writes the reservation to the journal if it changed since its last write (including ticketing
   * that settled when it was looked at); the airline calls it before answering about the
   * reservation. A failed write answers PROVIDER_UNAVAILABLE and is tried again on the next call
   * about the reservation, so a retry of the same request makes it durable.
   */
  async persist(clientReference: string): Promise<void> {
    const { journal } = this.options;
    const reservation = this.reservations.get(clientReference);
    if (journal === undefined || reservation === undefined) return;
    const record = reservation.record(this.changeReferencesOf(clientReference));
    if (record.version <= (this.written.get(clientReference) ?? 0)) return;
    try {
      await journal.save(record);
    } catch (error) {
      throw reservationsUnavailable(error);
    }
    if (record.version > (this.written.get(clientReference) ?? 0)) this.written.set(clientReference, record.version);
  }

  /** What the airline did of its own accord (watchers read it). */
  get feed(): ChangeFeed {
    return this.deps.changes;
  }

  /**
   * Settles every reservation as of now, so a hold that ended while nobody asked is dropped (and
   * told to watchers) without waiting for a look, and journals what that changed.
   */
  async sweep(): Promise<void> {
    const changed = [...this.reservations].filter(([, reservation]) => reservation.catchUp()).map(([reference]) => reference);
    for (const reference of changed) await this.persist(reference);
  }

  find(clientReference: string): ProviderReservation | undefined {
    const view = this.reservations.get(clientReference)?.view();
    if (view === undefined) return undefined;
    const changeReferences = this.changeReferencesOf(clientReference);
    return changeReferences.length === 0 ? view : { ...view, changeReferences };
  }

  /** The changes made to a reservation, oldest first (a Map keeps insertion order). */
  private changeReferencesOf(clientReference: string): string[] {
    return [...this.changes].filter(([, client]) => client === clientReference).map(([reference]) => reference);
  }

  /**
   * Holds an accepted reservation: seats taken, a fresh PNR, status HELD; ticketed after the
   * delay, or, asked with `hold`, when ticketHold orders it (a fare the airline does not hold is refused).
   */
  hold(request: ReservationRequest, accepted: AcceptedReservation): ProviderReservation {
    const { clientReference } = request;
    const existing = this.find(clientReference);
    if (existing !== undefined) return existing;
    const now = this.options.clock.now().getTime();
    const hold = request.hold === true ? holdStateOf(accepted, now) : undefined;
    if (request.hold === true && hold === undefined) throw holdNotAllowed(request.key);
    const pnr = pnrFor(clientReference, (candidate) => this.pnrs.has(candidate));
    const ticketAtMs = now + this.options.ticketingDelayMs;
    const reservation = new Reservation(pnr, request, accepted, ticketAtMs, this.deps, hold);
    this.pnrs.add(pnr);
    this.reservations.set(clientReference, reservation);
    return reservation.view();
  }

  /** The fare its ticketing order would pay now; `live` is the airline's fare of the moment. */
  priceHold(clientReference: string, live: (request: ReservationRequest) => { baseFare: number; taxes: number }): HoldPrice {
    const reservation = this.changeable(clientReference);
    return { ...reservation.holdFare(() => live(reservation.requestNow())), currency: SANDBOX_CURRENCY };
  }

  /** Orders ticketing of a hold (Reservation.orderTicketing); idempotent. */
  ticketHold(order: HoldTicketing, live: (request: ReservationRequest) => { baseFare: number; taxes: number }): ProviderReservation {
    const reservation = this.changeable(order.clientReference);
    reservation.orderTicketing(order, this.options.ticketingDelayMs, () => live(reservation.requestNow()));
    return defined(this.find(order.clientReference), "reservation");
  }

  /** Cancels; an unknown reference does nothing. */
  cancel(clientReference: string): void {
    this.reservations.get(clientReference)?.cancel();
  }

  /**
   * The reservation as it stands if this change was already made (a retry, whatever else it says);
   * undefined when the reservation may change. Refuses an unknown reservation, a change reference
   * used for another one, and a CANCELLED or TICKETING_FAILED reservation.
   */
  madeChange(change: ReservationChange): ProviderReservation | undefined {
    const changed = this.changes.get(change.changeReference);
    if (changed !== undefined) {
      if (changed !== change.clientReference) throw changeReferenceInUse(change.changeReference);
      return this.find(changed);
    }
    this.changeable(change.clientReference).assertChangeable();
    return undefined;
  }

  /**
   * Cancels coupons (Reservation.cancelCoupons) unless this cancellation was made already; the
   * cancel reference is kept with the change references, so a retry answers the reservation as it stands.
   */
  cancelCoupons(cancellation: CouponCancellation): ProviderReservation {
    const made = this.changes.get(cancellation.cancelReference);
    if (made !== undefined) {
      if (made !== cancellation.clientReference) throw changeReferenceInUse(cancellation.cancelReference);
      return defined(this.find(made), "reservation");
    }
    this.changeable(cancellation.clientReference).cancelCoupons(cancellation.coupons);
    this.changes.set(cancellation.cancelReference, cancellation.clientReference);
    return defined(this.find(cancellation.clientReference), "reservation");
  }

  /** What the reservation's itinerary sells now (`offered`, given its request as it stands). */
  ancillaries(clientReference: string, offered: (request: ReservationRequest) => ProviderAncillaries): ProviderAncillaries {
    const reservation = this.changeable(clientReference);
    reservation.assertChangeable();
    return offered(reservation.requestNow());
  }

  /** Adds extras (Reservation.addExtras) unless this addition was made already, like cancelCoupons. */
  addExtras(addition: ExtrasAddition, offered: (request: ReservationRequest) => ProviderAncillaries): ProviderReservation {
    const made = this.changes.get(addition.addReference);
    if (made !== undefined) {
      if (made !== addition.clientReference) throw changeReferenceInUse(addition.addReference);
      return defined(this.find(made), "reservation");
    }
    this.changeable(addition.clientReference).addExtras(addition.extras, addition.addReference, (request) =>
      checkAddedExtras(request, addition.extras, offered(request)),
    );
    this.changes.set(addition.addReference, addition.clientReference);
    return defined(this.find(addition.clientReference), "reservation");
  }

  /** The refund asked for under its reference, as it stands (Reservation.refund). */
  refund(request: AirlineRefundRequest): AirlineRefund {
    return this.changeable(request.clientReference).refund(request.refundReference);
  }

  /** Makes the change (see `Reservation.change`) unless it was made already; a refusal records nothing. */
  change(change: ReservationChange, accept: (request: ReservationRequest) => AcceptedReservation): ProviderReservation {
    const made = this.madeChange(change);
    if (made !== undefined) return made;
    const reservation = this.changeable(change.clientReference);
    reservation.change(change, accept);
    this.changes.set(change.changeReference, change.clientReference);
    return { ...reservation.view(), changeReferences: this.changeReferencesOf(change.clientReference) };
  }

  private changeable(clientReference: string): Reservation {
    const reservation = this.reservations.get(clientReference);
    if (reservation === undefined) throw reservationNotFound(clientReference);
    return reservation;
  }
}
