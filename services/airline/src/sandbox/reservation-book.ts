import type { Clock } from "@tarmac/kernel";
import type { ProviderReservation, ReservationChange, ReservationRequest } from "../provider-port.js";
import { pnrFor } from "./pnr.js";
import { changeReferenceInUse, reservationNotFound } from "./provider-faults.js";
import type { AcceptedReservation } from "./reservation-check.js";
import { Reservation, type ReservationDeps } from "./reservation.js";
import type { SeatLedger } from "./seat-ledger.js";
import { TicketNumbers } from "./ticket-numbers.js";

export interface ReservationBookDeps {
  readonly clock: Clock;
  readonly ledger: SeatLedger;
  /** Ticketing happens this long after the reservation was made (by the clock). */
  readonly ticketingDelayMs: number;
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
  private readonly deps: ReservationDeps;

  constructor(private readonly options: ReservationBookDeps) {
    this.deps = { clock: options.clock, ledger: options.ledger, tickets: new TicketNumbers() };
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

  /** Holds an accepted reservation: seats taken, a fresh PNR, status HELD. */
  hold(request: ReservationRequest, accepted: AcceptedReservation): ProviderReservation {
    const { clientReference } = request;
    const existing = this.find(clientReference);
    if (existing !== undefined) return existing;
    const pnr = pnrFor(clientReference, (candidate) => this.pnrs.has(candidate));
    const ticketAtMs = this.options.clock.now().getTime() + this.options.ticketingDelayMs;
    const reservation = new Reservation(pnr, request, accepted, ticketAtMs, this.deps);
    this.pnrs.add(pnr);
    this.reservations.set(clientReference, reservation);
    return reservation.view();
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

  /** Makes the change (see `Reservation.change`) unless it was made already; a refusal records nothing. */
  change(change: ReservationChange, accept: (request: ReservationRequest) => AcceptedReservation): ProviderReservation {
    const made = this.madeChange(change);
    if (made !== undefined) return made;
    const reservation = this.changeable(change.clientReference);
    reservation.change(change.key, change.seats, accept);
    this.changes.set(change.changeReference, change.clientReference);
    return { ...reservation.view(), changeReferences: this.changeReferencesOf(change.clientReference) };
  }

  private changeable(clientReference: string): Reservation {
    const reservation = this.reservations.get(clientReference);
    if (reservation === undefined) throw reservationNotFound(clientReference);
    return reservation;
  }
}
