import type { Client } from "@connectrpc/connect";
import type { AirlineProvider, ProviderReservation } from "@tarmac/airline-port";
import { DomainError, idCreatedAt, newId, type Clock, type Logger, defined } from "@tarmac/kernel";
import type { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { bookingEvent, type BookingWriter } from "../booking-writer.js";
import type { Booking } from "../domain/booking.js";
import { withConfirmation, type ConfirmKey } from "../domain/keyed-confirmations.js";
import { nonRefundablePaid } from "../domain/part-shares.js";
import { quoteReschedule, requireReschedulable } from "./quote-reschedule.js";
import { carriedExtras, holdsQuotedItems, rescheduleItems } from "./reschedule-items.js";
import { newestValid, withQuote, type NewFare, type Quote, type ReasonCode, type RescheduleQuote } from "../domain/quotes.js";
import { fareRulesFromProto, pricingFromProto, segmentFromProto } from "../transport/proto-mapping.js";
import type { InvoiceIssuer } from "../invoices/invoice-issuer.js";
import type { StepOutcome, WalletPayments } from "../wallet-payments.js";

export interface RescheduleDeps {
  readonly writer: BookingWriter;
  readonly payments: WalletPayments;
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly search: Client<typeof SearchService>;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly otaFeePaise: number;
  /** The booking's credit and debit notes. */
  readonly invoices: InvoiceIssuer;
}

/**
 * Quote and confirm a change of flights (API guide, Cancellation and reschedule). Confirm holds the payable amount, changes
 * the reservation with the airline (same PNR; a ticketed booking is reissued), captures, and
 * replaces the itinerary keeping the status. Refused funds or a refusing airline leave the
 * booking exactly as it was (the hold, if any, voided).
 */
export class Reschedules {
  constructor(private readonly deps: RescheduleDeps) {}

  /** `waived`: a rebooking over the airline's schedule change, no fees or fare difference (quoteReschedule). */
  async quote(
    booking: Booking,
    request: { readonly newOfferId: string; readonly reasonCode: ReasonCode; readonly waived?: boolean },
  ): Promise<RescheduleQuote> {
    requireReschedulable(booking);
    const pax = {
      adult: booking.passengers.filter((p) => p.type === "ADT").length,
      child: booking.passengers.filter((p) => p.type === "CHD").length,
      infant: booking.passengers.filter((p) => p.type === "INF").length,
    };
    const priced = await this.deps.search
      .priceOffer({ agentId: booking.agentId, offerId: request.newOfferId, pax })
      .catch((error: unknown) => {
        throw onNewOffer(error);
      });
    const offer = priced.offer;
    if (!offer?.pricingBreakdown) throw new Error("search priced an offer without pricing");
    const newFare: NewFare = {
      searchId: offer.searchId,
      offerId: offer.offerId,
      providerOfferKey: priced.providerOfferKey,
      currency: offer.currency,
      pricing: pricingFromProto(offer.pricingBreakdown),
      segments: offer.segments.map(segmentFromProto),
      fareRules: fareRulesFromProto(offer.fareRules, offer.offerId),
    };
    // Baggage may move to the new flights when they sell it: their options, asked only when there is baggage to move.
    const hasBaggage = (booking.extras ?? []).some((e) => e.kind === "BAGGAGE");
    const offered = hasBaggage ? await this.deps.provider.ancillaries(newFare.providerOfferKey) : undefined;
    const items = rescheduleItems(booking, newFare.segments, offered);
    const now = this.deps.clock.now();
    const quote = quoteReschedule(
      booking,
      { quoteId: newId("rq"), reasonCode: request.reasonCode, newFare, searchedAt: idCreatedAt(offer.searchId, "srch"), items },
      { otaFeePaise: this.deps.otaFeePaise, now, waived: request.waived === true },
    );
    await this.deps.writer.amend(booking, { quotes: withQuote(booking.quotes, quote, now) });
    return quote;
  }

  /** With `key`, the mark carries it (a retry meanwhile is IN_PROGRESS) and the record keeps the answer for replays. */
  async confirm(booking: Booking, key?: ConfirmKey): Promise<{ booking: Booking; quote: RescheduleQuote }> {
    requireReschedulable(booking);
    if (booking.pendingAddition)
      throw new DomainError("BOOKING_INVALID_STATE", `Booking ${booking.bookingId} has baggage or meals being added; retry in a moment`);
    const { payments, clock } = this.deps;
    const quote = newestValid(booking.quotes, clock.now(), (q: Quote): q is RescheduleQuote => q.kind === "RESCHEDULE");
    if (!quote)
      throw new DomainError("BOOKING_QUOTE_EXPIRED", "No valid reschedule quote for this booking; quote again (quotes hold 10 minutes)");
    // The quote decided the fate of every seat, baggage and meal: one bought since leaves it out of date.
    if (!holdsQuotedItems(booking, quote.items))
      throw new DomainError(
        "BOOKING_QUOTE_EXPIRED",
        `Booking ${booking.bookingId}'s seats, baggage or meals changed since the reschedule quote; quote again`,
      );
    // Marked first: if this call is interrupted, a sweep finishes or unwinds it (resume).
    const marked = await this.deps.writer.amend(booking, {
      pendingReschedule: { quoteId: quote.quoteId, startedAt: clock.now(), ...key },
    });
    const settlement = await payments.payFor(paymentFor(marked, quote), () => this.change(marked, quote));
    // Refused funds or a refusing airline leave the booking as it was. A hold gone before the
    // capture ("unpaid": the airline changed) keeps the mark: the sweep takes the payment again.
    if (settlement.kind === "unpaid") throw settlement.error;
    if (settlement.kind !== "paid") {
      await this.deps.writer.amend(marked, { pendingReschedule: undefined });
      throw settlement.error;
    }
    const changed = await this.record(marked, quote, settlement.result);
    this.deps.logger.info(
      { bookingId: booking.bookingId, quoteId: quote.quoteId, paidPaise: quote.totalPayablePaise },
      "booking rescheduled",
    );
    return { booking: changed, quote };
  }

  /**
   * Settles a confirm that was interrupted (a crash, a lost peer): when the airline made the
   * change, the payment is taken (the same hold, or a new one if it expired) and the new itinerary
   * recorded; when it did not, any hold is voided and the booking stays as it was.
   */
  async resume(booking: Booking): Promise<Booking> {
    const { payments, provider, writer, logger } = this.deps;
    const pending = defined(booking.pendingReschedule, "pending reschedule");
    const quote = booking.quotes.find((q): q is RescheduleQuote => q.kind === "RESCHEDULE" && q.quoteId === pending.quoteId);
    const reservation = await provider.findReservation(booking.bookingId);
    if (quote && reservation?.changeReferences?.includes(quote.quoteId)) {
      const settlement = await payments.payFor(paymentFor(booking, quote), () => Promise.resolve({ done: reservation }));
      if (settlement.kind !== "paid") {
        // The airline changed and the wallet cannot pay: the itinerary is recorded as it is; the money is for operations.
        logger.error(
          { bookingId: booking.bookingId, quoteId: quote.quoteId, outcome: settlement.kind },
          "reschedule: changed without payment",
        );
      }
      logger.info({ bookingId: booking.bookingId, quoteId: quote.quoteId }, "reschedule: finished after an interruption");
      return this.record(booking, quote, reservation);
    }
    if (quote) await payments.voidAnyHold(paymentFor(booking, quote));
    logger.info(
      { bookingId: booking.bookingId, quoteId: pending.quoteId },
      "reschedule: unwound after an interruption (the airline made no change)",
    );
    return writer.amend(booking, { pendingReschedule: undefined });
  }

  /** The new itinerary, paid for: the booking keeps its status, its reschedule record says what changed. */
  private async record(booking: Booking, quote: RescheduleQuote, reservation: ProviderReservation): Promise<Booking> {
    const { clock } = this.deps;
    // Paid, before the itinerary is replaced: a resume after a crash finds the debit and credit notes issued.
    await this.deps.invoices.rescheduled(booking, quote);
    // Dropped items worth more than the reschedule costs: the rest is credited (once, by its reference).
    const refundPaise = quote.refundPaise ?? 0;
    if (refundPaise > 0) await this.deps.payments.credit(refundFor(booking, quote, refundPaise));
    const { newFare } = quote;
    const extras = carriedExtras(booking, quote.items ?? []);
    const extrasPaise = extras.reduce((sum, e) => sum + e.pricePaise, 0);
    const newTotalPaise = newFare.pricing.finalPrice + extrasPaise;
    const changePenaltyPaise = quote.airlineChangeFeePaise + quote.otaFeePaise;
    const confirmedAt = clock.now();
    const { idempotencyKey, fingerprint } = booking.pendingReschedule ?? {};
    const answer = { kind: "RESCHEDULE" as const, fareDifferencePaise: quote.fareDifferencePaise, changePenaltyPaise, newTotalPaise };
    const keyed = idempotencyKey !== undefined && fingerprint !== undefined;
    return this.deps.writer.amend(
      booking,
      {
        searchId: newFare.searchId,
        offerId: newFare.offerId,
        providerOfferKey: newFare.providerOfferKey,
        pricing: newFare.pricing,
        segments: newFare.segments,
        fareRules: newFare.fareRules,
        lastArrivalAt: new Date(defined(newFare.segments.at(-1), "last segment").arrTime),
        seats: [],
        seatsPaise: 0,
        extras,
        extrasPaise,
        totalPricePaise: newTotalPaise,
        debitPaise: booking.debitPaise + quote.totalPayablePaise - refundPaise,
        // Collected for the airline and earned by the platform: a later cancellation does not refund them.
        nonRefundablePaise: nonRefundablePaid(booking) + changePenaltyPaise,
        ticketNumbers: reservation.tickets,
        quotes: booking.quotes.filter((q) => q.kind !== "RESCHEDULE"),
        pendingReschedule: undefined,
        ...(keyed && { confirmations: withConfirmation(booking, { idempotencyKey, fingerprint, answer, confirmedAt }) }),
        reschedule: {
          newOfferId: newFare.offerId,
          reasonCode: quote.reasonCode,
          fareDifferencePaise: quote.fareDifferencePaise,
          changePenaltyPaise,
          newTotalPaise,
          confirmedAt,
        },
      },
      {
        reason: `rescheduled to ${newFare.segments.map((s) => `${s.carrier}${s.flightNo} ${s.depTime}`).join(", ")}`,
        events: [
          bookingEvent(booking, "booking.rescheduled", { new_offer_id: newFare.offerId, new_total_paise: newTotalPaise }, clock.now()),
        ],
      },
    );
  }

  /** The airline changes the reservation (same PNR); any refusal means it changed nothing. */
  private async change(booking: Booking, quote: RescheduleQuote): Promise<StepOutcome<ProviderReservation>> {
    // Exactly what the booking will hold: no seats, the baggage carried over on its new segments.
    // An item added after booking keeps its EMD, which the airline re-associates with the new coupon.
    const extras = carriedExtras(booking, quote.items ?? []).map(({ paxId, segmentIndex, code, quantity, additionId, emdNumber }) => ({
      paxId,
      segmentIndex,
      code,
      quantity,
      ...(additionId !== undefined && emdNumber !== undefined && { addReference: additionId, emdNumber }),
    }));
    const change = {
      clientReference: booking.bookingId,
      changeReference: quote.quoteId,
      key: quote.newFare.providerOfferKey,
      seats: [],
      extras,
    };
    try {
      return { done: await this.deps.provider.changeReservation(change) };
    } catch (error) {
      // The guarded provider fails with catalogue errors only.
      if (error instanceof DomainError) return { nothingDone: error };
      throw error;
    }
  }
}

/** The reschedule's payment; its reference names the quote, so asking again finds the same hold. */
function paymentFor(booking: Booking, quote: RescheduleQuote) {
  return {
    agentId: booking.agentId,
    amountPaise: quote.totalPayablePaise,
    reference: `${booking.bookingId}:${quote.quoteId}`,
    description: `Reschedule of booking ${booking.bookingId} to ${quote.newFare.offerId}`,
  };
}

/** The credit of dropped items worth more than the reschedule costs; its reference names the quote, so it is credited once. */
function refundFor(booking: Booking, quote: RescheduleQuote, amountPaise: number) {
  return {
    agentId: booking.agentId,
    amountPaise,
    reference: `${booking.bookingId}:${quote.quoteId}:refund`,
    description: `Refund: seats, baggage and meals dropped by the reschedule of booking ${booking.bookingId}`,
  };
}

/** Search's answers about the new offer, named for this request's field. */
function onNewOffer(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  if (error.code === "VALIDATION_FAILED") {
    return new DomainError("VALIDATION_FAILED", "new_offer_id: must be an offer for the booking's passengers", {
      errors: [{ field: "new_offer_id", code: "INVALID_VALUE", message: "must be an offer for the booking's passengers" }],
      cause: error,
    });
  }
  return error;
}
