import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callPeer } from "../../plugins/peer-call.js";
import { callerOf } from "../caller-of.js";
import { bookingJson, createBookingJson, toCreateBookingRequest } from "./booking-json.js";
import {
  bookingResponseSchema,
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
      schema: { body: createBookingRequestSchema, response: { 200: createBookingResponseSchema } },
      config: { scope: Scope.FLIGHT_BOOK, idempotency: "booking.create" },
      // Before the idempotency record starts, so a client can correct these and keep its key.
      preValidation: requireOwnAgentAndKey,
    },
    async (request: FastifyRequest<{ Body: CreateBookingBody }>) => {
      const { agentId } = callerOf(request);
      const key = request.headers["idempotency-key"] as string;
      const response = await callPeer(request, () => booking.createBooking(toCreateBookingRequest(request.body, agentId, key)));
      return createBookingJson(response);
    },
  );

  app.post(
    "/flight/booking/status",
    { schema: { body: bookingStatusRequestSchema, response: { 200: bookingResponseSchema } }, config: { scope: Scope.FLIGHT_BOOK } },
    async (request: FastifyRequest<{ Body: BookingStatusBody }>) => {
      const { booking_id, pnr } = request.body;
      const response = await callPeer(request, () =>
        booking.getBooking({ agentId: callerOf(request).agentId, bookingId: booking_id ?? "", pnr: pnr ?? "" }),
      );
      if (!response.booking) throw new Error("booking service answered without a booking");
      return bookingJson(response.booking);
    },
  );
};

/** Decisions 4: agent_id, when sent, is the caller's own; a body idempotency_key equals the header. */
async function requireOwnAgentAndKey(request: FastifyRequest<{ Body: CreateBookingBody }>): Promise<void> {
  const body = request.body as Partial<CreateBookingBody> | undefined;
  if (typeof body !== "object" || body === null) return;
  if (body.agent_id !== undefined && body.agent_id !== callerOf(request).agentId) {
    throw new DomainError("AUTH_FORBIDDEN", "agent_id names another agent than this API key's");
  }
  const key = request.headers["idempotency-key"];
  if (body.idempotency_key !== undefined && typeof key === "string" && key !== "" && body.idempotency_key !== key) {
    throw validationFailed([fieldError("idempotency_key", "INVALID_VALUE", "must equal the Idempotency-Key header")]);
  }
}
