import { create } from "@bufbuild/protobuf";
import { ConnectError } from "@connectrpc/connect";
import { DomainError, fromConnectError } from "@tarmac/kernel";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  PassengerType,
  Payment,
  QuoteCancellationRequestSchema,
  ReasonCode,
  TicketBookingRequestSchema,
  Title,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { Booking } from "../domain/booking.js";
import { REFUND_POLL_MS } from "../refunds/refund-follower.js";
import { confirmAddition, quoteAddition } from "./addition-calls.js";
import { adult, AGENT, bookingHarness, createRequest, type BookingHarness } from "./booking-harness.js";
import { LedgerWallet, type WalletFault } from "./ledger-wallet.js";
import { newOffer } from "./new-offer.js";
import { handlerContext } from "./service-calls.js";

/** Who flies: one adult, a family weighed 100/75/10, two adults with a lap infant. */
export type Party = "ADT" | "ADT+CHD+INF" | "2ADT+INF";

const child = adult(1, { id: "CHD1", type: PassengerType.CHD, title: Title.MSTR, firstName: "Kabir", dob: "2018-05-10" });
const infant = adult(1, { id: "INF1", type: PassengerType.INF, title: Title.MSTR, firstName: "Ira", dob: "2026-03-01" });

const PARTIES: Record<Party, { passengers: ReturnType<typeof adult>[]; pax: { adult: number; child: number; infant: number } }> = {
  ADT: { passengers: [adult(1)], pax: { adult: 1, child: 0, infant: 0 } },
  "ADT+CHD+INF": { passengers: [adult(1), child, infant], pax: { adult: 1, child: 1, infant: 1 } },
  "2ADT+INF": { passengers: [adult(1), adult(2, { firstName: "Meera" }), infant], pax: { adult: 2, child: 0, infant: 1 } },
};

/**
 * One thing an agency, the airline, the wallet or time does. `b` picks a booking (modulo those
 * made so far); `pax` is a bit mask over the party's passengers (0: the whole booking).
 */
export type Step =
  | { readonly do: "create"; readonly hold: boolean }
  | { readonly do: "ticketHold"; readonly b: number }
  | { readonly do: "release"; readonly b: number }
  | { readonly do: "airlineTickets"; readonly b: number; readonly ok: boolean }
  | { readonly do: "cancel"; readonly b: number; readonly type: "VOLUNTARY" | "INVOLUNTARY" | "VOID"; readonly pax: number }
  | { readonly do: "reschedule"; readonly b: number; readonly fareChange: number }
  | { readonly do: "addExtras"; readonly b: number; readonly pax: number; readonly meals: boolean }
  | { readonly do: "refunds"; readonly outcome: "REFUNDED" | "PROCESSING" | "REJECTED" }
  | { readonly do: "airlineDrops"; readonly b: number; readonly how: "dropHold" | "lose" | "cancel" }
  | { readonly do: "airlineRefuses"; readonly on: boolean }
  | { readonly do: "wallet"; readonly fault: WalletFault }
  | { readonly do: "sweep"; readonly minutes: number }
  | { readonly do: "recover" };

/** What the driver saw the service confirm for one booking (the service's answers, not its records). */
export interface Seen {
  /** Airline change fees and platform fees of confirmed reschedules (their change_penalty_paise). */
  rescheduleFeesPaise: number;
  /** Penalties and platform fees of confirmed cancellations (their airline_penalty_paise + ota_fee_paise). */
  cancellationKeptPaise: number;
  /** Every reschedule quote and addition the booking ever recorded: the operations its wallet references may name. */
  readonly quoteIds: Set<string>;
  readonly additionIds: Set<string>;
}

/** Sweep rounds after injections stop: each a minute and a bit apart (recovery grace, refund polls, hold checks). */
const SETTLE_ROUNDS = 5;
const SETTLE_STEP_MS = REFUND_POLL_MS + 1_000;
const OPENING_BALANCE = 500_000_000;

const CANCELLATION: Record<"VOLUNTARY" | "INVOLUNTARY" | "VOID", { type: CancellationType; reason: ReasonCode }> = {
  VOLUNTARY: { type: CancellationType.VOLUNTARY, reason: ReasonCode.CUSTOMER_REQUEST },
  INVOLUNTARY: { type: CancellationType.INVOLUNTARY, reason: ReasonCode.SCHEDULE_CHANGE },
  VOID: { type: CancellationType.VOID, reason: ReasonCode.CUSTOMER_REQUEST },
};

/**
 * Booking's harness with the real wallet ledger behind it, driven one step at a time. Refusals
 * (DomainError) are answers, recorded in `log`; anything else is a defect and is thrown.
 */
export class MoneyWorld {
  readonly bookings: string[] = [];
  readonly seen = new Map<string, Seen>();
  readonly log: string[] = [];
  /** Whether injections may have left work half done that only a sweep finishes (lost answers, outages). */
  unsettled = false;
  private keys = 0;

  private constructor(
    readonly h: BookingHarness,
    readonly wallet: LedgerWallet,
    readonly party: Party,
  ) {}

  static async start(party: Party): Promise<MoneyWorld> {
    // The wallet reads the harness's clock, made with the harness after it.
    const made: { clock?: BookingHarness["clock"] } = {};
    const wallet = new LedgerWallet({ now: () => made.clock?.now() ?? new Date() });
    const client = wallet.client();
    const h = bookingHarness({ pax: PARTIES[party].pax, decorate: (wired) => ({ ...wired, wallet: client }) });
    made.clock = h.clock;
    await wallet.open(AGENT, OPENING_BALANCE);
    return new MoneyWorld(h, wallet, party);
  }

  get passengers(): readonly string[] {
    return PARTIES[this.party].passengers.map((p) => p.id);
  }

  seenOf(bookingId: string): Seen {
    let seen = this.seen.get(bookingId);
    if (!seen) {
      seen = { rescheduleFeesPaise: 0, cancellationKeptPaise: 0, quoteIds: new Set(), additionIds: new Set() };
      this.seen.set(bookingId, seen);
    }
    return seen;
  }

  async all(): Promise<Booking[]> {
    return this.h.store.list({ agentId: AGENT, limit: 10_000 });
  }

  async apply(step: Step): Promise<void> {
    const outcome = await this.attempt(step);
    if (this.wallet.fault !== "none" || this.h.airline.refuseWith) this.unsettled = true;
    await this.remember();
    this.log.push(`${JSON.stringify(step)} -> ${outcome}`);
  }

  /** Stops every injection and runs the sweeps until what they finish is finished. */
  async settle(): Promise<void> {
    this.wallet.fault = "none";
    this.h.airline.refuseWith = undefined;
    this.h.airline.refundOutcome = "REFUNDED";
    for (let i = 0; i < SETTLE_ROUNDS; i++) await this.sweep(SETTLE_STEP_MS);
    this.unsettled = false;
    await this.remember();
  }

  private async attempt(step: Step): Promise<string> {
    try {
      return (await this.act(step)) ?? "ok";
    } catch (e) {
      if (e instanceof DomainError) return e.code;
      if (e instanceof ConnectError) return fromConnectError(e).code;
      throw e;
    }
  }

  private pick(b: number): string | undefined {
    return this.bookings.length === 0 ? undefined : this.bookings[b % this.bookings.length];
  }

  private key(): string {
    return `model-${++this.keys}`;
  }

  private async act(step: Step): Promise<string | undefined> {
    const { h } = this;
    if (step.do === "create") {
      const passengers = PARTIES[this.party].passengers;
      const res = await h.service.createBooking(
        createRequest({ passengers, ...(step.hold && { payment: Payment.HOLD }) }),
        handlerContext(),
      );
      return `${res.bookingId} ${res.status}`;
    }
    if (step.do === "refunds") {
      h.airline.refundOutcome = step.outcome;
      return undefined;
    }
    if (step.do === "airlineRefuses") {
      h.airline.refuseWith = step.on
        ? new DomainError("PROVIDER_SOLD_OUT", "gone", { provider: { name: "SANDBOX", code: "FARE_UNAVAILABLE", message: "gone" } })
        : undefined;
      return undefined;
    }
    if (step.do === "wallet") {
      this.wallet.fault = step.fault;
      return undefined;
    }
    if (step.do === "sweep") {
      await this.sweep(step.minutes * 60_000);
      return undefined;
    }
    if (step.do === "recover") {
      await this.settle();
      return undefined;
    }
    const bookingId = this.pick(step.b);
    if (!bookingId) return "no booking";
    const agentId = AGENT;
    switch (step.do) {
      case "ticketHold": {
        const res = await h.service.ticketBooking(
          create(TicketBookingRequestSchema, { agentId, bookingId, idempotencyKey: this.key() }),
          handlerContext(),
        );
        return `${bookingId} ${res.status}`;
      }
      case "release":
        await h.service.releaseBooking({ agentId, bookingId } as never);
        return bookingId;
      case "airlineTickets": {
        const r = h.airline.reservations.get(bookingId);
        // The airline tickets what it holds as ordered (paid), never a cancelled or merely held reservation.
        if (r?.status !== "HELD" || r.hold) return `${bookingId} not ticketable`;
        h.airline.ticket(bookingId, step.ok ? "TICKETED" : "TICKETING_FAILED");
        await h.ticketing.run();
        return bookingId;
      }
      case "cancel": {
        const { type, reason } = CANCELLATION[step.type];
        const passengerIds = this.passengers.filter((_, i) => (step.pax >> i) & 1);
        const fields = { agentId, bookingId, cancellationType: type, reasonCode: reason, passengerIds };
        await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
        const confirmed = await h.service.confirmCancellation(
          create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: this.key() }),
        );
        this.seenOf(bookingId).cancellationKeptPaise += Number(confirmed.airlinePenaltyPaise + confirmed.otaFeePaise);
        return `${bookingId} refund ${confirmed.refundAmountPaise} kept ${confirmed.airlinePenaltyPaise}+${confirmed.otaFeePaise}`;
      }
      case "reschedule": {
        const booking = (await h.store.get(bookingId))!;
        const newOfferId = newOffer(h, Math.max(100_000, booking.pricing.netFare + step.fareChange));
        await h.service.quoteReschedule({ agentId, bookingId, newOfferId, reasonCode: ReasonCode.CUSTOMER_REQUEST } as never);
        await this.remember();
        const confirmed = await h.service.confirmReschedule({ agentId, bookingId, idempotencyKey: this.key() } as never);
        this.seenOf(bookingId).rescheduleFeesPaise += Number(confirmed.changePenaltyPaise);
        return `${bookingId} change penalty ${confirmed.changePenaltyPaise}`;
      }
      case "addExtras": {
        const offered = await quoteAddition(h, bookingId);
        const owners = this.passengers.filter((id, i) => (step.pax >> i) & 1 && !id.startsWith("INF"));
        // A cancelled passenger is offered nothing.
        const token = (paxId: string, code: string) =>
          offered.passengers.find((p) => p.paxId === paxId)?.segments[0]?.options.find((o) => o.code === code)?.ancillaryToken;
        const selections = owners.flatMap((paxId) =>
          [token(paxId, "XBAG10"), step.meals ? token(paxId, "VGML") : undefined].flatMap((t) =>
            t ? [{ ancillaryToken: t, quantity: 1 }] : [],
          ),
        );
        if (selections.length === 0) return "nothing selected";
        const added = await confirmAddition(h, bookingId, selections, this.key());
        return `${bookingId} debited ${added.debitedPaise}`;
      }
      case "airlineDrops": {
        const r = h.airline.reservations.get(bookingId);
        if (!r) return `${bookingId} no reservation`;
        if (step.how === "lose") h.airline.reservations.delete(bookingId);
        else if (step.how === "cancel")
          h.airline.reservations.set(bookingId, { ...r, status: "CANCELLED", failureReason: "flight withdrawn" });
        else if (r.hold) h.airline.dropHold(bookingId);
        else return `${bookingId} not a hold`;
        return bookingId;
      }
    }
  }

  private async sweep(ms: number): Promise<void> {
    this.h.clock.advance(ms);
    await this.h.recovery.run();
    await this.h.ticketing.run();
    await this.h.holdSweep.run();
  }

  /** Learns the bookings there are and the operations each recorded (so a reference to one is known). */
  private async remember(): Promise<void> {
    const all = await this.all();
    all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.bookingId < b.bookingId ? -1 : 1));
    this.bookings.splice(0, this.bookings.length, ...all.map((b) => b.bookingId));
    for (const booking of all) {
      const seen = this.seenOf(booking.bookingId);
      for (const q of booking.quotes) if (q.kind === "RESCHEDULE") seen.quoteIds.add(q.quoteId);
      if (booking.pendingReschedule) seen.quoteIds.add(booking.pendingReschedule.quoteId);
      for (const e of booking.extras ?? []) if (e.additionId) seen.additionIds.add(e.additionId);
      if (booking.pendingAddition) seen.additionIds.add(booking.pendingAddition.additionId);
    }
  }
}
