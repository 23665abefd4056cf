import { create } from "@bufbuild/protobuf";
import type { HandlerContext, ServiceImpl } from "@connectrpc/connect";
import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import {
  GetBookingResponseSchema,
  type BookingService,
  type ConfirmCancellationRequest,
  type ConfirmCancellationResponse,
  type ConfirmRescheduleRequest,
  type ConfirmRescheduleResponse,
  type CreateBookingRequest,
  type CreateBookingResponse,
  type GetBookingRequest,
  type GetBookingResponse,
  type QuoteCancellationRequest,
  type QuoteCancellationResponse,
  type QuoteRescheduleRequest,
  type QuoteRescheduleResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { cancellationAnswer, cancellationQuoteAnswer, createdAnswer, rescheduleAnswer, rescheduleQuoteAnswer } from "./booking-answers.js";
import type { BookingCreation } from "./booking-creation.js";
import { BookingChangedConcurrently } from "./booking-writer.js";
import type { Cancellations } from "./cancellations.js";
import { cancellationTerms, requireBookingIds, rescheduleTerms } from "./change-requests.js";
import type { Booking } from "./domain/booking.js";
import { toProtoBooking } from "./proto-mapping.js";
import type { Reschedules } from "./reschedules.js";
import type { BookingStore } from "./store/booking-store.js";

export interface BookingServiceDeps {
  /** Reads: a booking by id or PNR, and the agent's own booking a change is asked for. */
  readonly store: BookingStore;
  readonly creation: BookingCreation;
  readonly cancellations: Cancellations;
  readonly reschedules: Reschedules;
}

/**
 * tarmac.booking.v1.BookingService: creation and status, cancellation and reschedule. Each
 * operation checks its request and answers; the work is done by the collaborators it is given.
 * Another agent's booking is answered exactly like one that does not exist.
 */
export class BookingServiceImpl implements ServiceImpl<typeof BookingService> {
  constructor(private readonly deps: BookingServiceDeps) {}

  async createBooking(request: CreateBookingRequest, context: HandlerContext): Promise<CreateBookingResponse> {
    return createdAnswer(await this.deps.creation.create(request, context.signal));
  }

  async getBooking(request: GetBookingRequest): Promise<GetBookingResponse> {
    if (request.agentId === "") throw validationFailed([fieldError("agent_id", "REQUIRED", "agent_id is required")]);
    if (request.bookingId === "" && request.pnr === "") {
      throw validationFailed([fieldError("booking_id", "REQUIRED", "booking_id or pnr is required")]);
    }
    const byId = request.bookingId === "" ? undefined : await this.deps.store.get(request.bookingId);
    const byPnr = request.pnr === "" ? undefined : await this.deps.store.findByPnr(request.agentId, request.pnr.toUpperCase());
    const own = [byId, byPnr].filter((b): b is Booking => b?.agentId === request.agentId);
    const expected = (request.bookingId !== "" ? 1 : 0) + (request.pnr !== "" ? 1 : 0);
    const [first, second] = own;
    if (!first || own.length < expected) throw new DomainError("BOOKING_NOT_FOUND", "No such booking");
    if (second && first.bookingId !== second.bookingId) {
      throw validationFailed([fieldError("pnr", "INVALID_VALUE", "names another booking than booking_id")]);
    }
    return create(GetBookingResponseSchema, { booking: toProtoBooking(first) });
  }

  async quoteCancellation(request: QuoteCancellationRequest): Promise<QuoteCancellationResponse> {
    const terms = cancellationTerms(request);
    const booking = await this.own(request.agentId, request.bookingId);
    return cancellationQuoteAnswer(booking, await this.reportingRaces(() => this.deps.cancellations.quote(booking, terms)));
  }

  async confirmCancellation(request: ConfirmCancellationRequest): Promise<ConfirmCancellationResponse> {
    const terms = cancellationTerms(request);
    const booking = await this.own(request.agentId, request.bookingId);
    const { quote } = await this.reportingRaces(() => this.deps.cancellations.confirm(booking, terms));
    return cancellationAnswer(booking, quote);
  }

  async quoteReschedule(request: QuoteRescheduleRequest): Promise<QuoteRescheduleResponse> {
    const terms = rescheduleTerms(request);
    const booking = await this.own(request.agentId, request.bookingId);
    return rescheduleQuoteAnswer(booking, await this.reportingRaces(() => this.deps.reschedules.quote(booking, terms)));
  }

  async confirmReschedule(request: ConfirmRescheduleRequest): Promise<ConfirmRescheduleResponse> {
    requireBookingIds(request);
    const booking = await this.own(request.agentId, request.bookingId);
    const { booking: changed, quote } = await this.reportingRaces(() => this.deps.reschedules.confirm(booking));
    return rescheduleAnswer(changed, quote);
  }

  private async own(agentId: string, bookingId: string): Promise<Booking> {
    const booking = await this.deps.store.get(bookingId);
    if (booking?.agentId !== agentId) throw new DomainError("BOOKING_NOT_FOUND", "No such booking");
    return booking;
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
