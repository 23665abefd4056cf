import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { callerOf } from "../../auth/caller-of.js";
import { requiredIdempotencyKey } from "../../idempotency/idempotency.js";
import { bookingJson, createBookingJson, toCreateBookingRequest } from "./booking-json.js";
import { scheduleChangeJson } from "./schedule-change-json.js";
import { bookingStatusResponseSchema } from "./schedule-change-schemas.js";
import {
  bookingStatusRequestSchema,
  type BookingStatusBody,
  type CreateBookingBody,
  createBookingRequestSchema,
  createBookingResponseSchema,
} from "./schemas.js";

export interface BookingRoutesOptions {
  readonly booking: ServiceClients["booking"];
}

/** POST /flight/booking/create (idempotent, flight.book) and /flight/booking/status (flight.book). */
export const bookingRoutes: FastifyPluginAsync<BookingRoutesOptions> = async (app, { booking }) => {
  app.post<{ Body: CreateBookingBody }>(
    "/flight/booking/create",
    {
      schema: operation(PRIMARY, {
        operationId: "createBooking",
        tags: ["booking"],
        summary: "Create a booking (PNR) and debit the wallet",
        description:
          "Books the fare locked by `fare_token` for the passengers (counts per type must match the fare) with optional paid " +
          "seats (`ancillaries`), generates a PNR and debits the agent wallet by the net fare plus seats, atomically: either " +
          "all of it happens or none. The wallet must cover it with balance plus credit limit (402 otherwise). `agent_id`, " +
          "when sent, must be the key's own agent; `idempotency_key`, when sent, must equal the Idempotency-Key header. " +
          "With `payment: HOLD` (a fare whose offer is `hold_allowed`) the airline holds the PNR without payment: the booking " +
          "is HELD until `ticket_time_limit`, nothing is debited, and `booking/ticket` pays for it later. " +
          "Scope `flight.book`.",
        body: createBookingRequestSchema,
        success: {
          schema: createBookingResponseSchema,
          description:
            "The booking: id, PNR, total price (paise) and status (BOOKED, ticketing follows asynchronously; HELD for " +
            "`payment: HOLD`, with `ticket_time_limit` and `price_guaranteed_until`, else null).",
        },
        idempotencyKey: "required",
        errors: [
          "BOOKING_FARE_TOKEN_INVALID",
          "WALLET_INSUFFICIENT_FUNDS",
          "BOOKING_SEAT_UNAVAILABLE",
          "PROVIDER_SOLD_OUT",
          "PROVIDER_PRICE_CHANGED",
          "BOOKING_FARE_EXPIRED",
          "BOOKING_PASSENGER_MISMATCH",
          "PROVIDER_REJECTED",
          "PROVIDER_UNAVAILABLE",
          "PROVIDER_TIMEOUT",
          "BOOKING_HOLD_NOT_ALLOWED",
        ],
      }),
      config: { scope: Scope.FLIGHT_BOOK, idempotency: "booking.create" },
      // Before the idempotency record starts, so a client can correct these and keep its key.
      preValidation: requireOwnAgentAndKey,
    },
    async (request: FastifyRequest<{ Body: CreateBookingBody }>) => {
      const { agentId } = callerOf(request);
      const key = requiredIdempotencyKey(request);
      const response = await booking.createBooking(toCreateBookingRequest(request.body, agentId, key));
      return createBookingJson(response);
    },
  );

  app.post(
    "/flight/booking/status",
    {
      schema: operation(PRIMARY, {
        operationId: "getBookingStatus",
        tags: ["booking"],
        summary: "Read a booking and its status",
        description:
          "The whole booking by `booking_id`, `pnr` or the `idempotency_key` it was created with (at least one; all given must " +
          "name the same booking): status (PENDING, " +
          "BOOKED, TICKETED, FAILED, CANCELLED, REFUNDED, FLOWN; for holds HELD, RELEASED, EXPIRED), `payment` and the " +
          "hold's deadlines (`hold`), itinerary, passengers, ticket numbers, status history and " +
          "the latest cancellation or reschedule, and the airline's changes to it still open (`open_schedule_changes`, API " +
          "guide, Schedule changes). Another agent's booking is answered as not found. Scope `flight.book`.",
        body: bookingStatusRequestSchema,
        success: { schema: bookingStatusResponseSchema, description: "The booking." },
        errors: ["BOOKING_NOT_FOUND"],
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: BookingStatusBody }>) => {
      const { booking_id, pnr, idempotency_key } = request.body;
      const response = await booking.getBooking({
        agentId: callerOf(request).agentId,
        bookingId: booking_id ?? "",
        pnr: pnr ?? "",
        idempotencyKey: idempotency_key ?? "",
      });
      if (!response.booking) throw new Error("booking service answered without a booking");
      return { ...bookingJson(response.booking), open_schedule_changes: response.openScheduleChanges.map(scheduleChangeJson) };
    },
  );
};

/** API guide, Bookings: agent_id, when sent, is the caller's own; a body idempotency_key equals the header. */
async function requireOwnAgentAndKey(request: FastifyRequest<{ Body: CreateBookingBody }>): Promise<void> {
  const body: unknown = request.body;
  if (typeof body !== "object" || body === null) return;
  const given = body as Partial<CreateBookingBody>;
  // Another type is a field error for validation to name (issue 36: agent_id 12345 was a 403).
  if (typeof given.agent_id === "string" && given.agent_id !== callerOf(request).agentId) {
    throw new DomainError("AUTH_FORBIDDEN", "agent_id names another agent than this API key's");
  }
  const key = request.idempotencyKey;
  if (given.idempotency_key !== undefined && key !== null && given.idempotency_key !== key) {
    throw validationFailed([fieldError("idempotency_key", "INVALID_VALUE", "must equal the Idempotency-Key header")]);
  }
}
