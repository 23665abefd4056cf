import type { Clock } from "@tarmac/kernel";
import type { ProviderReservation, ReservationStatus, TicketRecord } from "../provider-port.js";
import { pnrFor } from "./pnr.js";
import type { AcceptedReservation } from "./reservation-check.js";
import type { SeatLedger } from "./seat-ledger.js";
import { TicketNumbers } from "./ticket-numbers.js";
import { ticketReservation } from "./ticketing.js";

export interface ReservationBookDeps {
  readonly clock: Clock;
  readonly ledger: SeatLedger;
  /** Ticketing happens this long after the reservation was made (by the clock). */
  readonly ticketingDelayMs: number;
}

interface Entry {
  readonly clientReference: string;
  readonly pnr: string;
  readonly ticketAtMs: number;
  readonly accepted: AcceptedReservation;
  status: ReservationStatus;
  tickets: readonly TicketRecord[];
  failureReason?: string;
}

/**
 * The reservations of one sandbox airline, by client reference, in memory. Ticketing is not a
 * timer: a held reservation is settled when it is next looked at (found, reserved again or
 * cancelled), as of the moment it became due, so the clock alone decides and a ManualClock moves
 * it. Seats are held in the ledger while a reservation is HELD or TICKETED and released exactly
 * once, when ticketing fails or the reservation is cancelled.
 */
export class ReservationBook {
  private readonly entries = new Map<string, Entry>();
  private readonly pnrs = new Set<string>();
  private readonly tickets = new TicketNumbers();

  constructor(private readonly deps: ReservationBookDeps) {}

  find(clientReference: string): ProviderReservation | undefined {
    const entry = this.entries.get(clientReference);
    return entry === undefined ? undefined : viewOf(this.settled(entry));
  }

  /** Holds an accepted reservation: seats taken, a fresh PNR, status HELD. */
  hold(clientReference: string, accepted: AcceptedReservation): ProviderReservation {
    const existing = this.find(clientReference);
    if (existing !== undefined) return existing;
    const pnr = pnrFor(clientReference, (candidate) => this.pnrs.has(candidate));
    for (const { flight, seats } of accepted.holds) this.deps.ledger.take(flight, seats);
    const ticketAtMs = this.deps.clock.now().getTime() + this.deps.ticketingDelayMs;
    const entry: Entry = { clientReference, pnr, ticketAtMs, accepted, status: "HELD", tickets: [] };
    this.pnrs.add(pnr);
    this.entries.set(clientReference, entry);
    return viewOf(entry);
  }

  /** Cancels (settling ticketing first, so a reservation already due is cancelled as TICKETED). */
  cancel(clientReference: string): void {
    const entry = this.entries.get(clientReference);
    if (entry === undefined) return;
    const { status } = this.settled(entry);
    if (status === "CANCELLED") return;
    if (status !== "TICKETING_FAILED") this.release(entry);
    entry.status = "CANCELLED";
  }

  private settled(entry: Entry): Entry {
    if (entry.status !== "HELD" || this.deps.clock.now().getTime() < entry.ticketAtMs) return entry;
    const outcome = ticketReservation(entry.accepted, entry.pnr, this.tickets);
    entry.status = outcome.status;
    if (outcome.status === "TICKETED") {
      entry.tickets = outcome.tickets;
    } else {
      entry.failureReason = outcome.failureReason;
      this.release(entry);
    }
    return entry;
  }

  private release(entry: Entry): void {
    for (const { flight, seats } of entry.accepted.holds) this.deps.ledger.release(flight, seats);
  }
}

function viewOf(entry: Entry): ProviderReservation {
  const { clientReference, pnr, status, failureReason } = entry;
  const tickets = entry.tickets.map((t) => ({ ...t }));
  return failureReason === undefined ? { clientReference, pnr, status, tickets } : { clientReference, pnr, status, tickets, failureReason };
}
