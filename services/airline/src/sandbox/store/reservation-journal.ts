import type { Coupon, ReservationRequest, ReservationStatus, TicketRecord } from "@tarmac/airline-port";
import type { HoldState } from "../held-reservation.js";
import type { AcceptedReservation } from "../reservation-check.js";

/** One reservation of the sandbox airline as it stands after its latest change. */
export interface ReservationRecord {
  readonly clientReference: string;
  readonly pnr: string;
  /** Grows with every change of the reservation; a store keeps the highest it was given. */
  readonly version: number;
  /** The request as it stands: after a change, with the change's key and seats. */
  readonly request: ReservationRequest;
  readonly accepted: AcceptedReservation;
  /** When the sandbox tickets it (epoch ms), if still HELD then. */
  readonly ticketAtMs: number;
  readonly status: ReservationStatus;
  readonly tickets: readonly TicketRecord[];
  readonly reissues: number;
  readonly failureReason?: string;
  /** While held awaiting its ticketing order (hold now, ticket later). */
  readonly hold?: HoldState;
  /** The change references of the changes made to it, oldest first. */
  readonly changeReferences: readonly string[];
  /** Coupons cancelled by cancelCoupons; absent in records of earlier releases. */
  readonly cancelledCoupons?: readonly Coupon[];
  /** Refunds asked for, by reference, with when they were first asked (epoch ms); absent when none. */
  readonly refunds?: readonly { readonly reference: string; readonly requestedAtMs: number }[];
  /** The airline changed its schedule scenario flight after ticketing; absent: not (yet). */
  readonly airlineChanged?: true;
}

/**
 * Where the sandbox airline keeps its reservations, so a restart forgets none and its PNRs stay
 * unique across its whole history. The airline reads them all once at start and writes each
 * change before it answers; it runs as one process (it stands for one airline system), so the
 * store only has to keep the newest version of each record.
 */
export interface ReservationJournal {
  /** Every reservation ever made, in any order. */
  loadAll(): Promise<ReservationRecord[]>;
  /** Stores the record unless the store holds this reservation at a higher version already. */
  save(record: ReservationRecord): Promise<void>;
}
