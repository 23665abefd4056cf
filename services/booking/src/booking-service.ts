import { create } from "@bufbuild/protobuf";
import type { HandlerContext, ServiceImpl } from "@connectrpc/connect";
import { DomainError, fieldError, paiseFromProto, validationFailed } from "@tarmac/kernel";
import {
  GetBookingResponseSchema,
  ReleaseBookingResponseSchema,
  type ReleaseBookingRequest,
  type ReleaseBookingResponse,
  type TicketBookingRequest,
  type TicketBookingResponse,
  type BookingService,
  type ConfirmAncillaryAdditionRequest,
  type ConfirmAncillaryAdditionResponse,
  type QuoteAncillaryAdditionRequest,
  type QuoteAncillaryAdditionResponse,
  type ConfirmCancellationRequest,
  type ConfirmCancellationResponse,
  type ConfirmRescheduleRequest,
  type ConfirmRescheduleResponse,
  type CreateBookingRequest,
  type CreateBookingResponse,
  type GetBookingRequest,
  type GetBookingResponse,
  type ListBookingsRequest,
  type ListBookingsResponse,
  type ListRefundsRequest,
  type ListRefundsResponse,
  type QuoteCancellationRequest,
  type QuoteCancellationResponse,
  type QuoteRescheduleRequest,
  type QuoteRescheduleResponse,
  type ReconcileRequest,
  type ReconcileResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import {
  cancellationAnswer,
  cancellationQuoteAnswer,
  createdAnswer,
  rescheduleAnswer,
  rescheduleQuoteAnswer,
  ticketAnswer,
} from "./transport/booking-answers.js";
import type { BookingCreation } from "./create/booking-creation.js";
import type { BookingListing } from "./lookup/booking-listing.js";
import { lookUpBooking } from "./lookup/booking-lookup.js";
import { BookingChangedConcurrently } from "./booking-writer.js";
import type { Cancellations } from "./cancel/cancellations.js";
import { cancellationTerms, requireBookingIds, rescheduleTerms } from "./transport/change-requests.js";
import { additionReplay, cancellationReplay, rescheduleReplay, ticketReplay } from "./transport/confirm-replays.js";
import { additionAnswer, additionQuoteAnswer, selectionsOf } from "./transport/addition-answers.js";
import type { AncillaryAdditions } from "./additions/ancillary-additions.js";
import { expiredHoldOf, type HoldTicketing } from "./hold-and-ticket/hold-ticketing.js";
import type { Booking } from "./domain/booking.js";
import { toProtoBooking } from "./transport/proto-mapping.js";
import { additionKey, cancellationKey, rescheduleKey, ticketKey } from "./transport/request-fingerprints.js";
import type { RefundListing } from "./refunds/refund-listing.js";
import type { Reschedules } from "./reschedule/reschedules.js";
import type { InvoiceListing } from "./invoices/invoice-listing.js";
import type {
  ExportInvoicesRequest,
  ExportInvoicesResponse,
  GetInvoiceRequest,
  GetInvoiceResponse,
  ListInvoicesRequest,
  ListInvoicesResponse,
} from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import type { BookingStore } from "./store/booking-store.js";
import { reconcile } from "./reconciliation/reconcile-answer.js";
import type { Reconciler } from "./reconciliation/reconciler.js";
import type {
  AcceptScheduleChangeRequest,
  AcceptScheduleChangeResponse,
  AcknowledgeScheduleChangeRequest,
  AcknowledgeScheduleChangeResponse,
  CancelScheduleChangeRequest,
  CancelScheduleChangeResponse,
  GetScheduleChangeRequest,
  GetScheduleChangeResponse,
  ListScheduleChangesRequest,
  ListScheduleChangesResponse,
  RebookScheduleChangeRequest,
  RebookScheduleChangeResponse,
} from "@tarmac/proto/tarmac/booking/v1/schedule_change_pb.js";
import { scheduleChangeToProto } from "./schedule-changes/schedule-change-proto.js";
import { ScheduleChangeRpcs } from "./schedule-changes/schedule-change-rpcs.js";
import type { ScheduleChanges } from "./schedule-changes/schedule-changes.js";

export interface BookingServiceDeps {
  /** Reads: a booking by id or PNR, and the agent's own booking a change is asked for. */
  readonly store: BookingStore;
  readonly creation: BookingCreation;
  readonly cancellations: Cancellations;
  readonly reschedules: Reschedules;
  readonly listing: BookingListing;
  readonly holds: HoldTicketing;
  readonly refunds: RefundListing;
  readonly invoices: InvoiceListing;
  readonly additions: AncillaryAdditions;
  /** What the airline changed of bookings and what the agency does about it. */
  readonly scheduleChanges: ScheduleChanges;
  /** Reconcile's work (admin only); absent where nothing reconciles (a service built for one test). */
  readonly reconciler?: Pick<Reconciler, "run">;
}

/**
 * tarmac.booking.v1.BookingService: creation and status, cancellation and reschedule. Each
 * operation checks its request and answers; the work is done by the collaborators it is given.
 * Another agent's booking is answered exactly like one that does not exist. Writes under an
 * idempotency key look the key up first: a retry is answered from what the first call did.
 */
export class BookingServiceImpl implements ServiceImpl<typeof BookingService> {
  private readonly scheduleChangeRpcs: ScheduleChangeRpcs;

  constructor(private readonly deps: BookingServiceDeps) {
    this.scheduleChangeRpcs = new ScheduleChangeRpcs(deps.scheduleChanges);
  }

  async createBooking(request: CreateBookingRequest, context: HandlerContext): Promise<CreateBookingResponse> {
    const { booking, replayed } = await this.deps.creation.create(request, context.signal);
    return createdAnswer(booking, replayed);
  }

  async getBooking(request: GetBookingRequest): Promise<GetBookingResponse> {
    const booking = await lookUpBooking(this.deps.store, request);
    const open = await this.deps.scheduleChanges.open(booking.agentId, booking.bookingId);
    return create(GetBookingResponseSchema, { booking: toProtoBooking(booking), openScheduleChanges: open.map(scheduleChangeToProto) });
  }

  listScheduleChanges(request: ListScheduleChangesRequest): Promise<ListScheduleChangesResponse> {
    return this.scheduleChangeRpcs.list(request);
  }

  getScheduleChange(request: GetScheduleChangeRequest): Promise<GetScheduleChangeResponse> {
    return this.scheduleChangeRpcs.get(request);
  }

  acknowledgeScheduleChange(request: AcknowledgeScheduleChangeRequest): Promise<AcknowledgeScheduleChangeResponse> {
    return this.scheduleChangeRpcs.acknowledge(request);
  }

  acceptScheduleChange(request: AcceptScheduleChangeRequest): Promise<AcceptScheduleChangeResponse> {
    return this.scheduleChangeRpcs.accept(request);
  }

  cancelScheduleChange(request: CancelScheduleChangeRequest): Promise<CancelScheduleChangeResponse> {
    return this.scheduleChangeRpcs.cancel(request);
  }

  rebookScheduleChange(request: RebookScheduleChangeRequest): Promise<RebookScheduleChangeResponse> {
    return this.scheduleChangeRpcs.rebook(request);
  }

  async listBookings(request: ListBookingsRequest): Promise<ListBookingsResponse> {
    return this.deps.listing.list(request);
  }

  async listInvoices(request: ListInvoicesRequest): Promise<ListInvoicesResponse> {
    return this.deps.invoices.list(request);
  }

  async getInvoice(request: GetInvoiceRequest): Promise<GetInvoiceResponse> {
    return this.deps.invoices.get(request);
  }

  async exportInvoices(request: ExportInvoicesRequest): Promise<ExportInvoicesResponse> {
    return this.deps.invoices.export(request);
  }

  async reconcile(request: ReconcileRequest): Promise<ReconcileResponse> {
    if (!this.deps.reconciler) throw new DomainError("INTERNAL", "reconciliation is not wired in this service");
    return reconcile(this.deps.reconciler, request);
  }

  async quoteCancellation(request: QuoteCancellationRequest): Promise<QuoteCancellationResponse> {
    const terms = cancellationTerms(request);
    const booking = await this.own(request.agentId, request.bookingId);
    return cancellationQuoteAnswer(booking, await this.reportingRaces(() => this.deps.cancellations.quote(booking, terms)));
  }

  async confirmCancellation(request: ConfirmCancellationRequest): Promise<ConfirmCancellationResponse> {
    const terms = cancellationTerms(request);
    const key = cancellationKey(request);
    const replay = await cancellationReplay(this.deps.store, request.agentId, key);
    if (replay) return replay;
    const booking = await this.own(request.agentId, request.bookingId);
    try {
      return cancellationAnswer(await this.reportingRaces(() => this.deps.cancellations.confirm(booking, terms, key)));
    } catch (error) {
      return await this.replayOr(error, () => cancellationReplay(this.deps.store, request.agentId, key));
    }
  }

  async quoteReschedule(request: QuoteRescheduleRequest): Promise<QuoteRescheduleResponse> {
    const terms = rescheduleTerms(request);
    const booking = await this.own(request.agentId, request.bookingId);
    return rescheduleQuoteAnswer(booking, await this.reportingRaces(() => this.deps.reschedules.quote(booking, terms)));
  }

  async confirmReschedule(request: ConfirmRescheduleRequest): Promise<ConfirmRescheduleResponse> {
    requireBookingIds(request);
    const key = rescheduleKey(request);
    const replay = await rescheduleReplay(this.deps.store, request.agentId, key);
    if (replay) return replay;
    const booking = await this.own(request.agentId, request.bookingId);
    try {
      const { booking: changed, quote } = await this.reportingRaces(() => this.deps.reschedules.confirm(booking, key));
      return rescheduleAnswer(changed, quote);
    } catch (error) {
      return await this.replayOr(error, () => rescheduleReplay(this.deps.store, request.agentId, key));
    }
  }

  async ticketBooking(request: TicketBookingRequest, context: HandlerContext): Promise<TicketBookingResponse> {
    requireBookingIds(request);
    const key = ticketKey(request);
    const replay = await ticketReplay(this.deps.store, request.agentId, key);
    if (replay) return replay;
    const booking = await this.own(request.agentId, request.bookingId);
    const terms = {
      acceptPriceChange: request.acceptPriceChange,
      acceptedTotalPricePaise: paiseFromProto(request.acceptedTotalPricePaise),
      documents: request.passengerDocuments,
    };
    try {
      return ticketAnswer(await this.reportingRaces(() => this.deps.holds.ticket(booking, terms, key, context.signal)));
    } catch (error) {
      // The hold sweep expired it while this call ran (the airline dropped it): the call's answer is that it expired.
      const now =
        error instanceof DomainError && error.code === "BOOKING_INVALID_STATE" ? await this.deps.store.get(booking.bookingId) : undefined;
      if (now?.status === "EXPIRED") throw expiredHoldOf(now);
      return await this.replayOr(error, () => ticketReplay(this.deps.store, request.agentId, key));
    }
  }

  async releaseBooking(request: ReleaseBookingRequest): Promise<ReleaseBookingResponse> {
    requireBookingIds(request);
    const booking = await this.own(request.agentId, request.bookingId);
    const released = await this.reportingRaces(() => this.deps.holds.release(booking));
    return create(ReleaseBookingResponseSchema, { booking: toProtoBooking(released) });
  }

  async listRefunds(request: ListRefundsRequest): Promise<ListRefundsResponse> {
    return this.deps.refunds.list(request);
  }

  async quoteAncillaryAddition(request: QuoteAncillaryAdditionRequest): Promise<QuoteAncillaryAdditionResponse> {
    requireBookingIds(request);
    const selections = selectionsOf(request.selections);
    const booking = await this.own(request.agentId, request.bookingId);
    return additionQuoteAnswer(booking, await this.deps.additions.quote(booking, selections));
  }

  async confirmAncillaryAddition(request: ConfirmAncillaryAdditionRequest): Promise<ConfirmAncillaryAdditionResponse> {
    requireBookingIds(request);
    if (request.idempotencyKey === "") throw validationFailed([fieldError("idempotency_key", "REQUIRED", "is required")]);
    const selections = selectionsOf(request.selections);
    const key = additionKey(request);
    const replay = await additionReplay(this.deps.store, request.agentId, key);
    if (replay) return replay;
    const booking = await this.own(request.agentId, request.bookingId);
    try {
      return additionAnswer(await this.reportingRaces(() => this.deps.additions.confirm(booking, selections, key)));
    } catch (error) {
      return await this.replayOr(error, () => additionReplay(this.deps.store, request.agentId, key));
    }
  }

  private async own(agentId: string, bookingId: string): Promise<Booking> {
    const booking = await this.deps.store.get(bookingId);
    if (booking?.agentId !== agentId) throw new DomainError("BOOKING_NOT_FOUND", "No such booking");
    return booking;
  }

  /**
   * A keyed confirm that failed because an identical one under its key won the write: what that
   * one answered, or, when it lost the race (BOOKING_INVALID_STATE) to one still running,
   * IDEMPOTENCY_REQUEST_IN_PROGRESS (a retry under the key is told to wait, not that the booking is
   * in the wrong state); else its own error (a call that failed itself says why).
   */
  private async replayOr<R>(error: unknown, replay: () => Promise<R | undefined>): Promise<R> {
    const lostRace = error instanceof DomainError && error.code === "BOOKING_INVALID_STATE";
    const replayed = await replay().catch((lookup: unknown) => {
      if (lostRace && lookup instanceof DomainError && lookup.code === "IDEMPOTENCY_REQUEST_IN_PROGRESS") throw lookup;
      return undefined;
    });
    if (replayed === undefined) throw error;
    return replayed;
  }

  /** A concurrent change (a sweep, a parallel request) moved the booking: say what it is now. */
  private async reportingRaces<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof BookingChangedConcurrently)) throw error;
      const now = await this.deps.store.get(error.bookingId);
      throw new DomainError("BOOKING_INVALID_STATE", `Booking ${error.bookingId} changed meanwhile; it is ${now?.status ?? "gone"}`);
    }
  }
}
