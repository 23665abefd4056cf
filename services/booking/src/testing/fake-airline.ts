import type {
  AirlineRefundRequest,
  AirlineRefundStatus,
  CouponCancellation,
  ExtrasAddition,
  ProviderAncillaryOption,
  ProviderReservation,
  ProviderSeatMap,
  ReservationChange,
  ReservationRequest,
  AirlineProvider,
} from "@tarmac/airline-port";
import { refusingProvider } from "@tarmac/airline-port/testing";
import { DomainError, type ErrorCode } from "@tarmac/kernel";

/** What the fake airline sells on segment 0 after booking: 10 kg of baggage (one) and a vegetarian meal (two). */
const FAKE_EXTRAS: ProviderAncillaryOption[] = [
  {
    kind: "BAGGAGE",
    code: "XBAG10",
    description: "10 kg extra checked baggage",
    weightKg: 10,
    pricePaise: 450_000,
    maxQuantity: 1,
    forInfants: false,
  },
  { kind: "MEAL", code: "VGML", description: "Vegetarian meal", weightKg: 0, pricePaise: 40_000, maxQuantity: 2, forInfants: false },
];

const refusal = (code: ErrorCode, providerCode: string, message: string) =>
  new DomainError(code, message, { provider: { name: "SANDBOX", code: providerCode, message } });

/**
 * An airline for booking's class tests: a 2-row seat map (row 1 an exit row, 2B taken),
 * reservations by client reference, and ticketing the test triggers by hand.
 */
export class FakeAirline {
  readonly reservations = new Map<string, ProviderReservation>();
  readonly reserveCalls: ReservationRequest[] = [];
  /** Set to give every new reservation this PNR: carriers reuse PNRs, and two airline systems may issue the same one. */
  fixedPnr: string | undefined;
  /** Set to make the next reserve calls reject with it. */
  refuseWith: Error | undefined;
  /** The keys reservations were changed to, in order. */
  readonly changes: string[] = [];
  /** Every changeReservation call. */
  readonly changeCalls: ReservationChange[] = [];
  /** What a new offer sells on segment 0 (ancillaries of a key): what reservations are offered, unless a test moves it. */
  offerExtras: ProviderAncillaryOption[] = FAKE_EXTRAS;
  /** The terms reservations made with `hold` get. */
  holdTerms = { ticketTimeLimit: "2026-11-25T06:00:00.000Z", priceGuaranteedUntil: "2026-11-22T07:00:00.000Z" };
  /** The fare priceHold answers (what ticketHold accepts); the harness's booked fare unless a test moves it. */
  holdFare = { baseFare: 700_000, taxes: 150_000 };
  /** Every ticketHold call, accepted or not. */
  readonly ticketHoldCalls: { clientReference: string; baseFare: number; taxes: number }[] = [];
  /** Every cancelCoupons call. */
  readonly couponCalls: CouponCancellation[] = [];
  /** Every requestRefund call. */
  readonly refundCalls: AirlineRefundRequest[] = [];
  /** What requestRefund answers (per refund reference when set there). */
  refundOutcome: AirlineRefundStatus = "REFUNDED";
  readonly refundOutcomes = new Map<string, AirlineRefundStatus>();
  /** Set to make requestRefund fail with it. */
  refundFault: Error | undefined;
  /** Every addExtras call, the repeats of one addition included. */
  readonly addCalls: ExtrasAddition[] = [];
  private pnrs = 0;
  private reissues = 0;
  private emds = 0;

  provider(): AirlineProvider {
    return {
      ...refusingProvider("SANDBOX"),
      seatMap: async () => this.seatMap(),
      reserve: async (request) => {
        this.reserveCalls.push(request);
        const existing = this.reservations.get(request.clientReference);
        if (existing) return existing;
        if (this.refuseWith) throw this.refuseWith;
        const reservation: ProviderReservation = {
          clientReference: request.clientReference,
          pnr: this.fixedPnr ?? `PNR${++this.pnrs}AB`.slice(0, 6),
          status: "HELD",
          tickets: [],
          ...(request.hold && { hold: { ...this.holdTerms } }),
        };
        this.reservations.set(request.clientReference, reservation);
        return reservation;
      },
      findReservation: async (reference) => this.reservations.get(reference),
      ancillaries: async () => ({ provider: "SANDBOX", currency: "INR", segments: [{ segmentIndex: 0, options: this.offerExtras }] }),
      changeReservation: async (change) => {
        this.changeCalls.push(change);
        const r = this.reservations.get(change.clientReference);
        if (!r || r.status === "CANCELLED") throw new Error(`no live reservation ${change.clientReference}`);
        if (this.refuseWith) throw this.refuseWith;
        const tickets =
          r.status === "TICKETED" ? r.tickets.map((t) => ({ ...t, ticketNumber: `098${String(++this.reissues).padStart(10, "7")}` })) : [];
        // The change's extras replace what the reservation held, as the sandbox's do.
        const { extras: _held, ...rest } = r;
        const extras = change.extras ?? [];
        const changed = {
          ...rest,
          tickets,
          ...(extras.length > 0 && { extras: [...extras] }),
          changeReferences: [...(r.changeReferences ?? []), change.changeReference],
        };
        this.reservations.set(change.clientReference, changed);
        this.changes.push(change.key);
        return changed;
      },
      priceHold: async (reference) => {
        this.activeHold(reference);
        return { ...this.holdFare, currency: "INR" };
      },
      ticketHold: async (order) => {
        this.ticketHoldCalls.push(order);
        const r = this.reservations.get(order.clientReference);
        if (r && r.hold === undefined && r.status !== "CANCELLED") return r;
        this.activeHold(order.clientReference);
        if (order.baseFare !== this.holdFare.baseFare || order.taxes !== this.holdFare.taxes) {
          throw refusal("PROVIDER_PRICE_CHANGED", "PRICE_CHANGED", "fare changed");
        }
        const { hold: _hold, ...ordered } = r!;
        this.reservations.set(order.clientReference, ordered);
        return ordered;
      },
      cancelReservation: async (reference) => {
        const r = this.reservations.get(reference);
        if (r) this.reservations.set(reference, { ...r, status: "CANCELLED" });
      },
      cancelCoupons: async (cancellation) => {
        this.couponCalls.push(cancellation);
        const r = this.reservations.get(cancellation.clientReference);
        if (!r || r.status === "CANCELLED") throw refusal("PROVIDER_REJECTED", "RESERVATION_NOT_CHANGEABLE", "not changeable");
        if (r.changeReferences?.includes(cancellation.cancelReference)) return r;
        if (this.refuseWith) throw this.refuseWith;
        const gone = (c: { paxId: string; segmentIndex: number }) =>
          cancellation.coupons.some((x) => x.paxId === c.paxId && x.segmentIndex === c.segmentIndex);
        const changed: ProviderReservation = {
          ...r,
          tickets: r.tickets.filter((t) => !gone(t)),
          cancelledCoupons: [...(r.cancelledCoupons ?? []), ...cancellation.coupons],
          changeReferences: [...(r.changeReferences ?? []), cancellation.cancelReference],
        };
        this.reservations.set(cancellation.clientReference, changed);
        return changed;
      },
      reservationAncillaries: async (reference) => {
        const r = this.reservations.get(reference);
        if (!r || r.status === "CANCELLED") throw refusal("PROVIDER_REJECTED", "RESERVATION_NOT_CHANGEABLE", "not changeable");
        return { provider: "SANDBOX", currency: "INR", segments: [{ segmentIndex: 0, options: FAKE_EXTRAS }] };
      },
      addExtras: async (addition) => {
        this.addCalls.push(addition);
        const r = this.reservations.get(addition.clientReference);
        if (!r || r.status === "CANCELLED") throw refusal("PROVIDER_REJECTED", "RESERVATION_NOT_CHANGEABLE", "not changeable");
        if (r.changeReferences?.includes(addition.addReference)) return r;
        if (this.refuseWith) throw this.refuseWith;
        const changed: ProviderReservation = {
          ...r,
          // Like the sandbox: an EMD per item (validating carrier 098, form 8, this airline's serial).
          extras: [
            ...(r.extras ?? []),
            ...addition.extras.map((e) => ({
              ...e,
              addReference: addition.addReference,
              emdNumber: `0988${String(++this.emds).padStart(9, "0")}`,
            })),
          ],
          changeReferences: [...(r.changeReferences ?? []), addition.addReference],
        };
        this.reservations.set(addition.clientReference, changed);
        return changed;
      },
      requestRefund: async (request) => {
        this.refundCalls.push(request);
        if (this.refundFault) throw this.refundFault;
        const outcome = this.refundOutcomes.get(request.refundReference) ?? this.refundOutcome;
        return { refundReference: request.refundReference, status: outcome, ...(outcome === "REJECTED" && { reason: "not refundable" }) };
      },
    };
  }

  /** The airline drops a hold (its limit, or its own decision): the reservation is cancelled. */
  dropHold(reference: string): void {
    const r = this.reservations.get(reference);
    if (!r) throw new Error(`no reservation ${reference}`);
    const { hold: _hold, ...dropped } = r;
    this.reservations.set(reference, { ...dropped, status: "CANCELLED", failureReason: "hold dropped by the airline" });
  }

  private activeHold(reference: string): void {
    const r = this.reservations.get(reference);
    if (!r?.hold || r.status !== "HELD") throw refusal("PROVIDER_REJECTED", "HOLD_NOT_ACTIVE", `${reference} is not held`);
  }

  ticket(reference: string, outcome: "TICKETED" | "TICKETING_FAILED"): void {
    const r = this.reservations.get(reference);
    if (!r) throw new Error(`no reservation ${reference}`);
    const tickets = outcome === "TICKETED" ? [{ paxId: "ADT1", segmentIndex: 0, ticketNumber: "0981234567890" }] : [];
    this.reservations.set(reference, {
      ...r,
      status: outcome,
      tickets,
      ...(outcome === "TICKETING_FAILED" && { failureReason: "fare not ticketable" }),
    });
  }

  private seatMap(): ProviderSeatMap {
    const seat = (row: number, letter: string, available = true) => ({
      seat: `${row}${letter}`,
      available,
      pricePaise: row === 1 ? 90_000 : 30_000,
      position: "WINDOW" as const,
      exitRow: row === 1,
      extraLegroom: row === 1,
    });
    return {
      provider: "SANDBOX",
      currency: "INR",
      segments: [
        {
          segmentIndex: 0,
          carrier: "AI",
          flightNo: "101",
          origin: "DEL",
          dest: "BOM",
          departureDate: "2026-12-01",
          aircraft: "320",
          cabin: "ECONOMY",
          rows: [
            { row: 1, seats: [seat(1, "A"), seat(1, "B")] },
            { row: 2, seats: [seat(2, "A"), seat(2, "B", false)] },
          ],
        },
      ],
    };
  }
}
