import { create } from "@bufbuild/protobuf";
import type { Client, HandlerContext, ServiceImpl } from "@connectrpc/connect";
import type { AirlineProvider } from "@tarmac/airline";
import { DomainError, fieldError, isErrorCode, newId, paiseToProto, validationFailed, type Clock, type Logger } from "@tarmac/kernel";
import {
  CreateBookingResponseSchema,
  GetBookingResponseSchema,
  type BookingService,
  type CreateBookingRequest,
  type CreateBookingResponse,
  type GetBookingRequest,
  type GetBookingResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import type { BookingFlow } from "./booking-flow.js";
import { BookingChangedConcurrently, countTransition, statusEvent } from "./booking-writer.js";
import type { Booking } from "./domain/booking.js";
import { newBooking } from "./domain/new-booking.js";
import { contactErrors } from "./domain/validate-contact.js";
import { passengerErrors, passengerMismatch } from "./domain/validate-passengers.js";
import { checkSeats } from "./domain/validate-seats.js";
import { fareOfLock, vouchedSeats } from "./fare-lock-mapping.js";
import { requestInput, statusToProto, toProtoBooking } from "./proto-mapping.js";
import type { BookingStore } from "./store/booking-store.js";

export interface BookingServiceDeps {
  readonly store: BookingStore;
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly fare: Client<typeof FareService>;
  /** Guarded: deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
  readonly flow: BookingFlow;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * CreateBooking checks the request against the fare lock, stores the booking PENDING under the
 * agent's idempotency key and hands it to the flow (hold, reserve, capture, BOOKED); GetBooking
 * answers the whole booking by id or PNR, to its own agent only. Cancellation and reschedule land
 * with their issue (the router answers Unimplemented until then).
 */
export class BookingServiceImpl implements Pick<ServiceImpl<typeof BookingService>, "createBooking" | "getBooking"> {
  constructor(private readonly deps: BookingServiceDeps) {}

  async createBooking(request: CreateBookingRequest, context: HandlerContext): Promise<CreateBookingResponse> {
    const missing = (["agent_id", "fare_token", "idempotency_key"] as const).filter((f) => fieldOf(request, f) === "");
    if (missing.length > 0) throw validationFailed(missing.map((f) => fieldError(f, "REQUIRED", `${f} is required`)));
    const locked = await this.deps.fare
      .getFareLock({ agentId: request.agentId, fareToken: request.fareToken, ancillaryTokens: request.ancillaries.map((a) => a.ancillaryToken) })
      .catch((error: unknown) => {
        throw renameSeatFields(error);
      });
    const fare = fareOfLock(locked);
    const input = requestInput(request);
    const errors = [...passengerErrors(input.passengers, fare.locked), ...contactErrors(input.contact)];
    if (errors.length > 0) throw validationFailed(errors);
    const mismatch = passengerMismatch(input.passengers, fare.locked);
    if (mismatch !== undefined) throw new DomainError("BOOKING_PASSENGER_MISMATCH", mismatch);
    const seats = checkSeats(input.ancillaries, vouchedSeats(locked), input.passengers, fare.locked);
    if (seats.errors.length > 0) throw validationFailed(seats.errors);
    await this.requireFreeSeats(fare.providerOfferKey, seats.seats, context.signal);

    const now = this.deps.clock.now();
    const booking = newBooking({
      bookingId: newId("bkg"),
      agentId: request.agentId,
      idempotencyKey: request.idempotencyKey,
      fare,
      passengers: input.passengers,
      contact: input.contact!,
      seats: seats.seats,
      now,
    });
    const stored = await this.deps.store.create(booking, [statusEvent(booking, undefined, now)]);
    if (!stored.created) return answerExisting(stored.existing);
    countTransition(undefined, booking.status);
    this.deps.logger.info({ bookingId: booking.bookingId, agentId: booking.agentId, debitPaise: booking.debitPaise }, "booking requested");
    try {
      return created(await this.deps.flow.place(booking, context.signal));
    } catch (error) {
      // The recovery sweep settled this booking while this call was slow: answer what it decided.
      if (!(error instanceof BookingChangedConcurrently)) throw error;
      return answerExisting((await this.deps.store.get(booking.bookingId))!);
    }
  }

  async getBooking(request: GetBookingRequest): Promise<GetBookingResponse> {
    if (request.agentId === "") throw validationFailed([fieldError("agent_id", "REQUIRED", "agent_id is required")]);
    if (request.bookingId === "" && request.pnr === "") {
      throw validationFailed([fieldError("booking_id", "REQUIRED", "booking_id or pnr is required")]);
    }
    const byId = request.bookingId === "" ? undefined : await this.deps.store.get(request.bookingId);
    const byPnr = request.pnr === "" ? undefined : await this.deps.store.findByPnr(request.pnr.toUpperCase());
    const found = [byId, byPnr].filter((b): b is Booking => b !== undefined);
    // Another agent's booking is answered exactly like one that does not exist.
    const own = found.filter((b) => b.agentId === request.agentId);
    const expected = (request.bookingId !== "" ? 1 : 0) + (request.pnr !== "" ? 1 : 0);
    if (own.length < expected) throw new DomainError("BOOKING_NOT_FOUND", "No such booking");
    if (own.length === 2 && own[0]!.bookingId !== own[1]!.bookingId) {
      throw validationFailed([fieldError("pnr", "INVALID_VALUE", "names another booking than booking_id")]);
    }
    return create(GetBookingResponseSchema, { booking: toProtoBooking(own[0]!) });
  }

  /** The seat map right now: a seat someone else booked since the seat map was read is refused early. */
  private async requireFreeSeats(key: string, seats: readonly { segmentIndex: number; seat: string }[], signal: AbortSignal): Promise<void> {
    if (seats.length === 0) return;
    const map = await this.deps.provider.seatMap(key, { signal });
    const taken = seats.filter((chosen) => {
      const segment = map.segments.find((s) => s.segmentIndex === chosen.segmentIndex);
      const seat = segment?.rows.flatMap((r) => r.seats).find((s) => s.seat === chosen.seat);
      return !seat?.available;
    });
    if (taken.length > 0) {
      throw new DomainError("BOOKING_SEAT_UNAVAILABLE", `Seat ${taken.map((s) => s.seat).join(", ")} is no longer available; choose another`);
    }
  }
}

function fieldOf(request: CreateBookingRequest, field: "agent_id" | "fare_token" | "idempotency_key"): string {
  return field === "agent_id" ? request.agentId : field === "fare_token" ? request.fareToken : request.idempotencyKey;
}

function created(booking: Booking): CreateBookingResponse {
  return create(CreateBookingResponseSchema, {
    bookingId: booking.bookingId,
    pnr: booking.pnr ?? "",
    totalPricePaise: paiseToProto(booking.totalPricePaise),
    currency: booking.currency,
    status: statusToProto(booking.status),
  });
}

/** The same agent and idempotency key again: the first booking's outcome, never a second booking. */
function answerExisting(existing: Booking): CreateBookingResponse {
  if (existing.status === "PENDING") {
    throw new DomainError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "This booking is still being made; retry in a moment");
  }
  if (existing.status === "FAILED" && existing.failure) {
    const code = isErrorCode(existing.failure.code) ? existing.failure.code : "INTERNAL";
    const { provider } = existing.failure;
    throw new DomainError(code, existing.failure.message, provider ? { provider } : {});
  }
  return created(existing);
}

/** Fare service field names -> this request's: ancillary_tokens[i] is ancillaries[i].ancillary_token. */
function renameSeatFields(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.errors.length === 0) return error;
  const errors = error.errors.map((e) => ({ ...e, field: e.field.replace(/^ancillary_tokens\[(\d+)\]$/, "ancillaries[$1].ancillary_token") }));
  return new DomainError(error.code, error.message, { errors, cause: error });
}
