import type { Client } from "@connectrpc/connect";
import type { AirlineProvider, ProviderReservation, ReservationRequest } from "@tarmac/airline";
import { DomainError, formatPaise, toTimestamp, type Clock, type Logger } from "@tarmac/kernel";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { BookingWriter } from "./booking-writer.js";
import type { Booking } from "./domain/booking.js";

export interface BookingFlowDeps {
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly wallet: Client<typeof WalletService>;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly writer: BookingWriter;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How long a wallet hold lives if neither captured nor voided (the recovery sweep's margin). */
  readonly holdTtlMs: number;
}

/** Provider answers that say for certain no reservation was made. */
const REFUSALS = new Set(["PROVIDER_REJECTED", "PROVIDER_SOLD_OUT", "PROVIDER_PRICE_CHANGED", "BOOKING_SEAT_UNAVAILABLE", "VALIDATION_FAILED"]);

/**
 * Takes a PENDING booking to BOOKED or FAILED, like a card authorisation (decisions 4): hold the
 * debit on the wallet, reserve with the airline under the booking id, capture, then BOOKED. A
 * refused hold fails before the airline is asked; an airline refusal voids the hold. Whatever is
 * left undone by a crash, the recovery sweep finishes from the same steps, which are idempotent
 * (hold by booking id, reservation by client reference, capture by hold id).
 */
export class BookingFlow {
  constructor(private readonly deps: BookingFlowDeps) {}

  async place(pending: Booking, signal?: AbortSignal): Promise<Booking> {
    const { wallet, writer } = this.deps;
    let booking = pending;
    let holdId: string;
    try {
      holdId = await this.hold(booking);
    } catch (error) {
      if (error instanceof DomainError && error.code === "WALLET_INSUFFICIENT_FUNDS") return this.fail(booking, error, undefined);
      throw error;
    }
    booking = await writer.amend(booking, { holdId });

    let reservation: ProviderReservation;
    try {
      reservation = await this.reserve(booking, signal);
    } catch (error) {
      if (error instanceof DomainError && REFUSALS.has(error.code)) return this.fail(booking, error, holdId);
      // Timed out or failed mid-way: the airline may or may not hold a reservation. Ask it; if even
      // that fails, the booking stays PENDING and the recovery sweep settles it.
      const found = await this.findReservation(booking);
      if (found === undefined) {
        // A reservation still in flight at the airline must not outlive the booking.
        await this.cancelReservation(booking);
        if (error instanceof DomainError) return this.fail(booking, error, holdId);
        throw error;
      }
      reservation = found;
    }
    try {
      await wallet.capture({ holdId });
    } catch (error) {
      // The hold is gone (expired, or voided by a recovery that judged this call dead): no money,
      // so no reservation either.
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      await this.cancelReservation(booking);
      return this.fail(booking, new DomainError("INTERNAL", "The booking could not be paid for; nothing was charged", { cause: error }), undefined);
    }
    return writer.move(booking, "BOOKED", "reserved with the airline and paid from the wallet", { pnr: reservation.pnr });
  }

  /** The wallet hold for this booking: the booking id is its reference, so asking again finds it. */
  async hold(booking: Booking): Promise<string> {
    const expiresAt = new Date(this.deps.clock.now().getTime() + this.deps.holdTtlMs);
    const held = await this.deps.wallet.hold({
      agentId: booking.agentId,
      amountPaise: BigInt(booking.debitPaise),
      reference: booking.bookingId,
      expiresAt: toTimestamp(expiresAt),
      description: `Booking ${booking.bookingId}: ${itinerary(booking)}`,
    });
    return held.holdId;
  }

  findReservation(booking: Booking): Promise<ProviderReservation | undefined> {
    return this.deps.provider.findReservation(booking.bookingId);
  }

  cancelReservation(booking: Booking): Promise<void> {
    return this.deps.provider.cancelReservation(booking.bookingId);
  }

  /** Releases the hold (if any) and ends the booking FAILED with the reason the client is told. */
  async fail(booking: Booking, error: DomainError, holdId: string | undefined): Promise<never> {
    if (holdId !== undefined) await this.deps.wallet.void({ holdId });
    const failure = { code: error.code, message: error.message, ...(error.provider && { provider: error.provider }) };
    await this.deps.writer.move(booking, "FAILED", failureReason(error), { failure });
    this.deps.logger.info({ bookingId: booking.bookingId, code: error.code }, "booking failed");
    throw error;
  }

  private reserve(booking: Booking, signal: AbortSignal | undefined): Promise<ProviderReservation> {
    const request: ReservationRequest = {
      clientReference: booking.bookingId,
      key: booking.providerOfferKey,
      passengers: booking.passengers,
      seats: booking.seats.map((s) => ({ paxId: s.paxId, segmentIndex: s.segmentIndex, seat: s.seat })),
      contact: booking.contact,
    };
    return this.deps.provider.reserve(request, signal ? { signal } : {});
  }
}

function failureReason(error: DomainError): string {
  if (error.code === "WALLET_INSUFFICIENT_FUNDS") return `wallet refused the hold: ${error.message}`;
  return error.provider ? `airline refused: ${error.provider.code} ${error.provider.message}` : `${error.code}: ${error.message}`;
}

function itinerary(booking: Booking): string {
  const legs = booking.segments.map((s) => `${s.carrier}${s.flightNo} ${s.origin}-${s.dest}`).join(", ");
  return `${legs}; ${formatPaise(booking.debitPaise)} ${booking.currency}`;
}
