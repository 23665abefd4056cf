import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { DomainError, fieldError, paiseToProto, toTimestamp, validationFailed, type FieldError } from "@tarmac/kernel";
import {
  CancellationType,
  ConfirmCancellationResponseSchema,
  ConfirmRescheduleResponseSchema,
  QuoteCancellationResponseSchema,
  QuoteRescheduleResponseSchema,
  ReasonCode,
  type BookingService,
  type ConfirmCancellationRequest,
  type ConfirmCancellationResponse,
  type ConfirmRescheduleRequest,
  type ConfirmRescheduleResponse,
  type QuoteCancellationRequest,
  type QuoteCancellationResponse,
  type QuoteRescheduleRequest,
  type QuoteRescheduleResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { BookingChangedConcurrently } from "./booking-writer.js";
import type { Cancellations, CancellationRequest } from "./cancellations.js";
import type { Booking } from "./domain/booking.js";
import { CANCELLATION_TYPES, REASON_CODES, type CancellationType as DomainType, type ReasonCode as DomainReason } from "./domain/quotes.js";
import type { Reschedules } from "./reschedules.js";
import type { BookingStore } from "./store/booking-store.js";

type ChangeRpcs = "quoteCancellation" | "confirmCancellation" | "quoteReschedule" | "confirmReschedule";

/** Cancellation and reschedule over gRPC (spec 4.6 to 4.9): request checks and answers; the work is in Cancellations and Reschedules. */
export class ChangesServiceImpl implements Pick<ServiceImpl<typeof BookingService>, ChangeRpcs> {
  constructor(
    private readonly deps: { readonly store: BookingStore; readonly cancellations: Cancellations; readonly reschedules: Reschedules },
  ) {}

  async quoteCancellation(request: QuoteCancellationRequest): Promise<QuoteCancellationResponse> {
    const { booking, terms } = await this.cancellationOf(request);
    const quote = await this.retryOnRace(() => this.deps.cancellations.quote(booking, terms));
    return create(QuoteCancellationResponseSchema, {
      bookingId: booking.bookingId,
      airlinePenaltyPaise: paiseToProto(quote.airlinePenaltyPaise),
      otaFeePaise: paiseToProto(quote.otaFeePaise),
      refundAmountPaise: paiseToProto(quote.refundAmountPaise),
      currency: booking.currency,
      quoteValidUntil: toTimestamp(quote.validUntil),
    });
  }

  async confirmCancellation(request: ConfirmCancellationRequest): Promise<ConfirmCancellationResponse> {
    const { booking, terms } = await this.cancellationOf(request);
    const { quote } = await this.retryOnRace(() => this.deps.cancellations.confirm(booking, terms));
    return create(ConfirmCancellationResponseSchema, {
      bookingId: booking.bookingId,
      airlinePenaltyPaise: paiseToProto(quote.airlinePenaltyPaise),
      otaFeePaise: paiseToProto(quote.otaFeePaise),
      refundAmountPaise: paiseToProto(quote.refundAmountPaise),
      currency: booking.currency,
    });
  }

  async quoteReschedule(request: QuoteRescheduleRequest): Promise<QuoteRescheduleResponse> {
    const errors = [...idErrors(request), ...(request.newOfferId === "" ? [fieldError("new_offer_id", "REQUIRED", "is required")] : []), ...reasonErrors(request.reasonCode)];
    if (errors.length > 0) throw validationFailed(errors);
    const booking = await this.own(request.agentId, request.bookingId);
    const quote = await this.retryOnRace(() => this.deps.reschedules.quote(booking, { newOfferId: request.newOfferId, reasonCode: ReasonCode[request.reasonCode] as DomainReason }));
    return create(QuoteRescheduleResponseSchema, {
      bookingId: booking.bookingId,
      fareDifferencePaise: paiseToProto(quote.fareDifferencePaise),
      airlineChangeFeePaise: paiseToProto(quote.airlineChangeFeePaise),
      otaFeePaise: paiseToProto(quote.otaFeePaise),
      totalPayablePaise: paiseToProto(quote.totalPayablePaise),
      quoteValidUntil: toTimestamp(quote.validUntil),
      currency: booking.currency,
    });
  }

  async confirmReschedule(request: ConfirmRescheduleRequest): Promise<ConfirmRescheduleResponse> {
    const errors = idErrors(request);
    if (errors.length > 0) throw validationFailed(errors);
    const booking = await this.own(request.agentId, request.bookingId);
    const { booking: changed, quote } = await this.retryOnRace(() => this.deps.reschedules.confirm(booking));
    return create(ConfirmRescheduleResponseSchema, {
      bookingId: changed.bookingId,
      fareDifferencePaise: paiseToProto(quote.fareDifferencePaise),
      changePenaltyPaise: paiseToProto(quote.airlineChangeFeePaise + quote.otaFeePaise),
      newTotalPaise: paiseToProto(changed.totalPricePaise),
      currency: changed.currency,
    });
  }

  private async cancellationOf(request: QuoteCancellationRequest | ConfirmCancellationRequest): Promise<{ booking: Booking; terms: CancellationRequest }> {
    const type = CancellationType[request.cancellationType] as DomainType | undefined;
    const errors = [...idErrors(request), ...reasonErrors(request.reasonCode)];
    if (request.cancellationType === CancellationType.UNSPECIFIED) errors.push(fieldError("cancellation_type", "REQUIRED", "is required"));
    else if (!type || !CANCELLATION_TYPES.includes(type)) errors.push(fieldError("cancellation_type", "INVALID_VALUE", `must be one of ${CANCELLATION_TYPES.join(", ")}`));
    if (errors.length > 0) throw validationFailed(errors);
    const booking = await this.own(request.agentId, request.bookingId);
    return { booking, terms: { reasonCode: ReasonCode[request.reasonCode] as DomainReason, cancellationType: type! } };
  }

  /** Another agent's booking is answered exactly like one that does not exist. */
  private async own(agentId: string, bookingId: string): Promise<Booking> {
    const booking = await this.deps.store.get(bookingId);
    if (!booking || booking.agentId !== agentId) throw new DomainError("BOOKING_NOT_FOUND", "No such booking");
    return booking;
  }

  /** A concurrent change (a sweep, a parallel request) moved the booking: say what it is now. */
  private async retryOnRace<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof BookingChangedConcurrently)) throw error;
      const now = await this.deps.store.get(error.bookingId);
      throw new DomainError("BOOKING_INVALID_STATE", `Booking ${error.bookingId} changed meanwhile; it is ${now?.status ?? "gone"}`);
    }
  }
}

function idErrors(request: { agentId: string; bookingId: string }): FieldError[] {
  return (["agent_id", "booking_id"] as const)
    .filter((f) => (f === "agent_id" ? request.agentId : request.bookingId) === "")
    .map((f) => fieldError(f, "REQUIRED", "is required"));
}

function reasonErrors(reason: ReasonCode): FieldError[] {
  if (reason === ReasonCode.UNSPECIFIED) return [fieldError("reason_code", "REQUIRED", "is required")];
  const name = ReasonCode[reason] as DomainReason | undefined;
  return name && REASON_CODES.includes(name) ? [] : [fieldError("reason_code", "INVALID_VALUE", `must be one of ${REASON_CODES.join(", ")}`)];
}
