import type { AirlineProvider, ProviderAncillaries, ProviderReservation } from "@tarmac/airline-port";
import { DomainError, fieldError, newId, validationFailed, type Clock, type Logger } from "@tarmac/kernel";
import { bookingEvent, BookingChangedConcurrently, type BookingWriter } from "../booking-writer.js";
import type { AdditionTokenCodec } from "./addition-token.js";
import {
  ADDITION_TOKEN_TTL_MS,
  boughtItems,
  checkSelections,
  departed,
  documented,
  flies,
  heldQuantity,
  requireAddable,
  type SelectedItem,
  type SelectionInput,
} from "./ancillary-addition.js";
import type { BookedExtra, Booking, PendingAddition } from "../domain/booking.js";
import { withConfirmation, type ConfirmKey } from "../domain/keyed-confirmations.js";
import type { InvoiceIssuer } from "../invoices/invoice-issuer.js";
import type { BookingStore } from "../store/booking-store.js";
import type { StepOutcome, WalletPayments } from "../wallet-payments.js";

export interface AncillaryAdditionDeps {
  readonly store: BookingStore;
  readonly writer: BookingWriter;
  readonly payments: WalletPayments;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly tokens: AdditionTokenCodec;
  /** The debit note of an addition to a ticketed booking. */
  readonly invoices: InvoiceIssuer;
}

/** An option still sold to one passenger on one segment, with its token. */
interface AdditionOption {
  readonly kind: "BAGGAGE" | "MEAL";
  readonly code: string;
  readonly description: string;
  readonly weightKg: number;
  readonly pricePaise: number;
  readonly maxQuantity: number;
  readonly heldQuantity: number;
  readonly ancillaryId: string;
  readonly ancillaryToken: string;
}

export interface AdditionQuote {
  readonly passengers: readonly {
    readonly paxId: string;
    readonly segments: readonly { readonly segmentIndex: number; readonly options: readonly AdditionOption[] }[];
  }[];
  readonly tokensValidUntil: Date;
  readonly selected: readonly SelectedItem[];
  readonly totalPaise: number;
}

export interface ConfirmedAddition {
  readonly booking: Booking;
  readonly additionId: string;
  readonly items: readonly BookedExtra[];
  readonly debitedPaise: number;
}

const total = (items: readonly { readonly pricePaise: number }[]) => items.reduce((sum, i) => sum + i.pricePaise, 0);

/**
 * Baggage and meals added after booking (API guide, Baggage and meals after ticketing). Confirm
 * follows the reschedule's pattern: the addition is marked pending on the booking first (of
 * concurrent confirms one wins that write, the others are told a change is running), then the
 * wallet holds its total under the addition's reference, the airline adds the items (idempotent
 * by the addition id), the hold is captured and the items stored with their EMD numbers. A crash
 * in between is settled by `resume` from what the airline says it did.
 */
export class AncillaryAdditions {
  constructor(private readonly deps: AncillaryAdditionDeps) {}

  async quote(booking: Booking, selections: readonly SelectionInput[]): Promise<AdditionQuote> {
    requireAddable(booking);
    const now = this.deps.clock.now();
    const offered = await this.deps.provider.reservationAncillaries(booking.bookingId);
    const expiresAtMs = now.getTime() + ADDITION_TOKEN_TTL_MS;
    const { items, errors } = checkSelections(booking, selections, (t) => this.deps.tokens.open(t, booking, now), now);
    if (errors.length > 0) throw validationFailed(errors);
    return {
      passengers: this.options(booking, offered, now, expiresAtMs),
      tokensValidUntil: new Date(expiresAtMs),
      selected: items,
      totalPaise: total(items),
    };
  }

  /** With `key`, the mark carries it (a retry meanwhile is IN_PROGRESS) and the record keeps the answer for replays. */
  async confirm(booking: Booking, selections: readonly SelectionInput[], key?: ConfirmKey): Promise<ConfirmedAddition> {
    requireAddable(booking);
    if (selections.length === 0) throw validationFailed([fieldError("selections", "REQUIRED", "choose at least one option")]);
    const now = this.deps.clock.now();
    const { items, errors } = checkSelections(booking, selections, (t) => this.deps.tokens.open(t, booking, now), now);
    if (errors.length > 0) throw validationFailed(errors);
    const additionId = newId("add");
    const bought = boughtItems(items, additionId, now);
    const pending: PendingAddition = { additionId, startedAt: now, items: bought, totalPaise: total(bought), ...key };
    // Marked first: if this call is interrupted, a sweep finishes or unwinds it (resume).
    const marked = await this.deps.writer.amend(booking, { pendingAddition: pending });
    const settlement = await this.deps.payments.payFor(paymentFor(marked, pending), () => this.add(marked, pending));
    // A hold gone before the capture ("unpaid") keeps the mark: the sweep takes the payment again.
    if (settlement.kind === "unpaid") throw settlement.error;
    if (settlement.kind !== "paid") {
      await this.deps.writer.amend(marked, { pendingAddition: undefined });
      throw settlement.error;
    }
    return this.record(marked, pending, settlement.result);
  }

  /**
   * Settles a confirm that was interrupted: when the airline added the items, the payment is
   * taken (the same hold, found by its reference) and the items stored; when it did not, any
   * hold is voided and the mark cleared.
   */
  async resume(booking: Booking): Promise<Booking> {
    const pending = booking.pendingAddition;
    if (!pending) return booking;
    const { payments, provider, writer, logger } = this.deps;
    const reservation = await provider.findReservation(booking.bookingId);
    if (reservation?.changeReferences?.includes(pending.additionId)) {
      const settlement = await payments.payFor(paymentFor(booking, pending), () => Promise.resolve({ done: reservation }));
      if (settlement.kind !== "paid")
        logger.error(
          { bookingId: booking.bookingId, additionId: pending.additionId, outcome: settlement.kind },
          "addition: added without payment",
        );
      logger.info({ bookingId: booking.bookingId, additionId: pending.additionId }, "addition: finished after an interruption");
      return (await this.record(booking, pending, reservation)).booking;
    }
    await payments.voidAnyHold(paymentFor(booking, pending));
    logger.info(
      { bookingId: booking.bookingId, additionId: pending.additionId },
      "addition: unwound after an interruption (the airline added nothing)",
    );
    return writer.amend(booking, { pendingAddition: undefined });
  }

  private options(booking: Booking, offered: ProviderAncillaries, now: Date, expiresAtMs: number): AdditionQuote["passengers"] {
    return booking.passengers.flatMap((pax) => {
      const segments = booking.segments.flatMap((_, segmentIndex) => {
        if (!flies(booking, pax.paxId, segmentIndex) || departed(booking, segmentIndex, now)) return [];
        const sold = offered.segments.find((s) => s.segmentIndex === segmentIndex)?.options ?? [];
        const options = sold
          .filter((o) => pax.type !== "INF" || o.forInfants)
          .map((o): AdditionOption => {
            const claims = { bookingId: booking.bookingId, agentId: booking.agentId, paxId: pax.paxId, segmentIndex, ...o, expiresAtMs };
            return {
              kind: o.kind,
              code: o.code,
              description: o.description,
              weightKg: o.weightKg,
              pricePaise: o.pricePaise,
              maxQuantity: o.maxQuantity,
              heldQuantity: heldQuantity(booking, pax.paxId, segmentIndex, o.code),
              ancillaryId: `${o.kind}-${segmentIndex}-${o.code}`,
              ancillaryToken: this.deps.tokens.sign(claims),
            };
          });
        return options.length > 0 ? [{ segmentIndex, options }] : [];
      });
      return segments.length > 0 ? [{ paxId: pax.paxId, segments }] : [];
    });
  }

  /** The airline adds the items and issues their EMDs; a refusal added nothing. */
  private async add(booking: Booking, pending: PendingAddition): Promise<StepOutcome<ProviderReservation>> {
    const extras = pending.items.map((i) => ({ paxId: i.paxId, segmentIndex: i.segmentIndex, code: i.code, quantity: i.quantity }));
    try {
      return { done: await this.deps.provider.addExtras({ clientReference: booking.bookingId, addReference: pending.additionId, extras }) };
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) return { nothingDone: error };
      throw error;
    }
  }

  /**
   * The items, paid for, stored on the booking with the event and (ticketed) the debit note. A
   * concurrent write (the ticketing worker moving it to TICKETED) is read again: the mark is still ours.
   */
  private async record(booking: Booking, pending: PendingAddition, reservation: ProviderReservation): Promise<ConfirmedAddition> {
    const { clock, writer, store } = this.deps;
    const items = documented(pending.items, reservation.extras ?? [], pending.additionId);
    await this.deps.invoices.ancillariesAdded(booking, pending.additionId, items);
    let current = booking;
    for (let attempt = 0; ; attempt++) {
      const at = clock.now();
      const { idempotencyKey, fingerprint } = pending;
      const answer = { kind: "ANCILLARIES" as const, additionId: pending.additionId, debitedPaise: pending.totalPaise };
      const keyed = idempotencyKey !== undefined && fingerprint !== undefined;
      const data = {
        addition_id: pending.additionId,
        amount_paise: pending.totalPaise,
        items: items.map((i) => `${i.paxId}:${i.segmentIndex}:${i.code}x${i.quantity}`).join(","),
        emd_numbers: items.map((i) => i.emdNumber ?? "").join(","),
      };
      try {
        const stored = await writer.amend(
          current,
          {
            extras: [...(current.extras ?? []), ...items],
            extrasPaise: (current.extrasPaise ?? 0) + pending.totalPaise,
            totalPricePaise: current.totalPricePaise + pending.totalPaise,
            debitPaise: current.debitPaise + pending.totalPaise,
            pendingAddition: undefined,
            ...(keyed && { confirmations: withConfirmation(current, { idempotencyKey, fingerprint, answer, confirmedAt: at }) }),
          },
          {
            reason: `baggage and meals added (${pending.additionId}): ${data.items}`,
            events: [bookingEvent(current, "booking.ancillaries_added", data, at)],
          },
        );
        this.deps.logger.info(
          { bookingId: booking.bookingId, additionId: pending.additionId, paidPaise: pending.totalPaise },
          "baggage and meals added",
        );
        return { booking: stored, additionId: pending.additionId, items, debitedPaise: pending.totalPaise };
      } catch (error) {
        if (!(error instanceof BookingChangedConcurrently) || attempt >= 3) throw error;
        const fresh = await store.get(booking.bookingId);
        if (fresh?.pendingAddition?.additionId !== pending.additionId) throw error;
        current = fresh;
      }
    }
  }
}

/** The addition's payment; its reference names the addition, so asking again finds the same hold. */
function paymentFor(booking: Booking, pending: PendingAddition) {
  return {
    agentId: booking.agentId,
    amountPaise: pending.totalPaise,
    reference: `${booking.bookingId}:${pending.additionId}`,
    description: `Baggage and meals added to booking ${booking.bookingId} (${pending.additionId})`,
  };
}
