import type { AirlineProvider, ProviderReservation } from "@tarmac/airline-port";
import { DomainError, formatPaise, type Clock, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import type { BookingWriter } from "../booking-writer.js";
import type { Booking, BookingHold, PendingTicketing } from "../domain/booking.js";
import { countTicketing } from "./hold-metrics.js";
import { holdPricingAt, type HoldPricing } from "./hold-pricing.js";
import { withConfirmation, type ConfirmKey } from "../domain/keyed-confirmations.js";
import { passengersForTicketing, type GivenDocuments } from "./ticket-documents.js";
import type { Payment, StepOutcome, WalletPayments } from "../wallet-payments.js";

export interface HoldTicketingDeps {
  readonly writer: BookingWriter;
  readonly payments: WalletPayments;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics?: MetricsRegistry;
}

/** What the agent accepts when it tickets: a changed price only with its new total. */
export interface TicketTerms {
  readonly acceptPriceChange: boolean;
  readonly acceptedTotalPricePaise: number;
  /** Documents the fare needs at TICKET, given now. */
  readonly documents?: readonly GivenDocuments[];
}

/** A ticketing call's outcome: BOOKED, or the new price to accept (nothing done). */
export type TicketOutcome = { readonly booking: Booking } | { readonly booking: Booking; readonly priceChange: HoldPricing };

/**
 * Hold now, ticket later (API guide, Holds): ticketing a HELD booking (re-priced by the airline
 * once its guarantee passed, then paid like a booking: wallet hold, the airline's ticketing order,
 * capture, BOOKED), releasing it, and expiring it. A ticketing call marks the booking before its
 * wallet hold, so concurrent calls serialise on the booking's version (one debit) and the hold
 * sweep settles a call a crash interrupted (`resume`).
 */
export class HoldTicketing {
  constructor(private readonly deps: HoldTicketingDeps) {}

  /** Tickets the hold, or answers its new price; counted in booking_hold_ticketing_total. */
  async ticket(booking: Booking, terms: TicketTerms, key: ConfirmKey | undefined, signal?: AbortSignal): Promise<TicketOutcome> {
    try {
      const outcome = await this.attempt(booking, terms, key, signal);
      countTicketing(outcome, this.deps.metrics);
      return outcome;
    } catch (error) {
      countTicketing(error, this.deps.metrics);
      throw error;
    }
  }

  private async attempt(booking: Booking, terms: TicketTerms, key: ConfirmKey | undefined, signal?: AbortSignal): Promise<TicketOutcome> {
    const hold = heldOrRefuse(booking);
    // Before the airline is asked for its price or the wallet for money.
    const passengers = passengersForTicketing(booking, terms.documents ?? []);
    const now = this.deps.clock.now();
    if (now >= hold.ticketTimeLimit) throw await this.expired(booking, "the ticket time limit passed before it was ticketed");
    const fare = await this.fareNow(booking, hold, now, signal);
    const priced = holdPricingAt(booking, fare);
    if (priced.totalPricePaise !== booking.totalPricePaise) {
      const accepted = terms.acceptPriceChange && terms.acceptedTotalPricePaise === priced.totalPricePaise;
      if (!accepted) return { booking, priceChange: priced };
    }
    const ticketing: PendingTicketing = {
      startedAt: now,
      walletReference: `${booking.bookingId}:ticket:${now.getTime()}`,
      ...priced,
      ...(key && { idempotencyKey: key.idempotencyKey, fingerprint: key.fingerprint }),
    };
    // Before the wallet hold: a concurrent call loses this write (one debit), a crash leaves the mark for the sweep.
    let marked = await this.deps.writer.amend(booking, { hold: { ...hold, ticketing }, passengers });
    let holdId: string | undefined;
    const settlement = await this.deps.payments.payFor(ticketDebit(marked, ticketing), async (walletHoldId) => {
      holdId = walletHoldId;
      return this.order(marked, ticketing, signal);
    });
    switch (settlement.kind) {
      case "paid":
        return { booking: await this.booked(marked, ticketing, holdId, "ticketing ordered and paid from the wallet") };
      case "unpaid":
        // The airline took the order but the money cannot be taken: cancel rather than ticket unpaid.
        await this.deps.provider.cancelReservation(marked.bookingId);
        marked = await this.deps.writer.move(
          marked,
          "FAILED",
          `ticketing could not be paid (${settlement.error.code}); reservation cancelled`,
          {
            hold: withoutTicketing(marked),
            failure: { code: "INTERNAL", message: "The hold could not be paid for; nothing was charged" },
          },
        );
        throw new DomainError("INTERNAL", "The hold could not be paid for; nothing was charged", { cause: settlement.error });
      default: {
        const cleared = await this.deps.writer.amend(marked, { hold: withoutTicketing(marked) });
        if (settlement.error.provider?.code === "HOLD_NOT_ACTIVE")
          throw await this.expired(cleared, "the airline no longer holds the reservation");
        throw settlement.error;
      }
    }
  }

  /**
   * Settles a ticketing call a crash interrupted, from what the airline says: it took the order,
   * so the attempt's wallet hold (found again by its reference) is captured and the booking is
   * BOOKED; or it did not, so any hold is voided and the booking is HELD again (or EXPIRED when
   * the airline no longer holds it). Exactly one capture or none, whoever runs it.
   */
  async resume(booking: Booking): Promise<Booking> {
    const ticketing = booking.hold?.ticketing;
    if (booking.status !== "HELD" || !ticketing) return booking;
    const { provider, payments, writer } = this.deps;
    const reservation = await provider.findReservation(booking.bookingId);
    const debit = ticketDebit(booking, ticketing);
    if (ordered(reservation)) {
      const holdId = await payments.hold(debit);
      await payments.capture(holdId);
      return this.booked(booking, ticketing, holdId, "ticketing completed by the hold sweep after an interruption");
    }
    await payments.voidAnyHold(debit);
    const cleared = await writer.amend(booking, { hold: withoutTicketing(booking) });
    if (reservation?.hold === undefined) return this.expire(cleared, "the airline no longer holds the reservation");
    return cleared;
  }

  /**
   * The agent lets the hold go: RELEASED, then the airline cancels the reservation; nothing
   * charged. The write comes first: it wins the booking's version, so a ticketing call racing it
   * either marked the booking first (this write fails) or fails its own mark, and the airline never
   * cancels a reservation that call paid for. Releasing a RELEASED booking asks the airline again
   * (idempotent), so a retry completes a cancellation that failed.
   */
  async release(booking: Booking): Promise<Booking> {
    if (booking.status === "RELEASED") {
      await this.deps.provider.cancelReservation(booking.bookingId);
      return booking;
    }
    heldOrRefuse(booking);
    const released = await this.deps.writer.move(
      booking,
      "RELEASED",
      "released by the agent; reservation cancelled with the airline, nothing charged",
    );
    await this.deps.provider.cancelReservation(booking.bookingId);
    return released;
  }

  /**
   * Ends a hold: EXPIRED, then the airline's reservation cancelled (idempotent); nothing charged.
   * Written first for the reason release is; a cancellation that fails is only logged, since the
   * airline's own hold has lapsed by then (its limit passed, or it dropped the hold).
   */
  async expire(booking: Booking, why: string): Promise<Booking> {
    const expired = await this.deps.writer.move(booking, "EXPIRED", `hold expired: ${why}; reservation cancelled, nothing charged`);
    this.deps.logger.info({ bookingId: booking.bookingId, why }, "hold expired");
    await this.deps.provider.cancelReservation(booking.bookingId).catch((error: unknown) => {
      this.deps.logger.warn(
        { bookingId: booking.bookingId, err: error },
        "hold expired: the airline's cancellation failed; its hold lapses anyway",
      );
    });
    return expired;
  }

  private async expired(booking: Booking, why: string): Promise<DomainError> {
    await this.expire(booking, why);
    return holdExpired(why);
  }

  /** The held fare within the guarantee; after it, the airline's fare now. */
  private async fareNow(booking: Booking, hold: BookingHold, now: Date, signal?: AbortSignal) {
    if (now < hold.priceGuaranteedUntil) return { baseFare: booking.pricing.baseFare, taxes: booking.pricing.taxes };
    try {
      return await this.deps.provider.priceHold(booking.bookingId, signal ? { signal } : {});
    } catch (error) {
      if (error instanceof DomainError && error.provider?.code === "HOLD_NOT_ACTIVE") {
        throw await this.expired(booking, "the airline no longer holds the reservation");
      }
      throw error;
    }
  }

  /** The airline's ticketing order; when its answer is lost, the reservation says whether it took it. */
  private async order(booking: Booking, ticketing: PendingTicketing, signal?: AbortSignal): Promise<StepOutcome<ProviderReservation>> {
    const { provider } = this.deps;
    const request = { clientReference: booking.bookingId, baseFare: ticketing.baseFare, taxes: ticketing.taxes };
    try {
      return { done: await provider.ticketHold(request, signal ? { signal } : {}) };
    } catch (error) {
      if (error instanceof DomainError && error.provider !== undefined && error.status < 500) return { nothingDone: error };
      // Unknown: ask. If even that fails the mark stays and the hold sweep settles it.
      const found = await provider.findReservation(booking.bookingId);
      if (found && ordered(found)) return { done: found };
      if (error instanceof DomainError) return { nothingDone: error };
      throw error;
    }
  }

  private booked(booking: Booking, ticketing: PendingTicketing, holdId: string | undefined, reason: string): Promise<Booking> {
    const { pricing, totalPricePaise, debitPaise, idempotencyKey, fingerprint } = ticketing;
    const answer = { kind: "TICKET" as const, totalPricePaise, debitPaise };
    const confirmations =
      idempotencyKey !== undefined && fingerprint !== undefined
        ? { confirmations: withConfirmation(booking, { idempotencyKey, fingerprint, answer, confirmedAt: this.deps.clock.now() }) }
        : {};
    return this.deps.writer.move(booking, "BOOKED", reason, {
      pricing,
      totalPricePaise,
      debitPaise,
      holdId,
      hold: withoutTicketing(booking),
      ...confirmations,
    });
  }
}

/** The airline took the ticketing order: the reservation is no longer held, and not cancelled. */
function ordered(reservation: ProviderReservation | undefined): boolean {
  return reservation !== undefined && reservation.hold === undefined && reservation.status !== "CANCELLED";
}

/** API guide, Holds: a ticket call on a hold that expired (its limit, or the airline dropped it) is 410, whenever it learns so. */
function holdExpired(why: string): DomainError {
  return new DomainError("BOOKING_HOLD_EXPIRED", `The hold has expired (${why}); the booking is EXPIRED and nothing was charged`);
}

/** holdExpired for a booking already EXPIRED, with the reason its history gives. */
export function expiredHoldOf(booking: Booking): DomainError {
  return holdExpired(booking.statusHistory.at(-1)?.reason ?? "it is EXPIRED");
}

function heldOrRefuse(booking: Booking): BookingHold {
  if (booking.status === "EXPIRED") throw expiredHoldOf(booking);
  if (booking.status !== "HELD" || !booking.hold) {
    throw new DomainError(
      "BOOKING_INVALID_STATE",
      `Booking ${booking.bookingId} is ${booking.status}; only a HELD booking can be ticketed or released`,
    );
  }
  if (booking.hold.ticketing) throw new DomainError("BOOKING_INVALID_STATE", `Booking ${booking.bookingId} is being ticketed`);
  return booking.hold;
}

function withoutTicketing(booking: Booking): BookingHold | undefined {
  if (!booking.hold) return undefined;
  const { ticketing: _ticketing, ...hold } = booking.hold;
  return hold;
}

/** A ticketing attempt's debit: its own wallet reference, so a later attempt never finds a voided hold. */
function ticketDebit(booking: Booking, ticketing: PendingTicketing): Payment {
  const legs = booking.segments.map((s) => `${s.carrier}${s.flightNo} ${s.origin}-${s.dest}`).join(", ");
  return {
    agentId: booking.agentId,
    amountPaise: ticketing.debitPaise,
    reference: ticketing.walletReference,
    description: `Ticketing held booking ${booking.bookingId}: ${legs}; ${formatPaise(ticketing.debitPaise)} ${booking.currency}`,
  };
}
