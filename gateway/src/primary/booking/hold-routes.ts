import { DomainError, paiseFromProto, paiseToProto } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingStatus, type PriceChange, type TicketBookingResponse } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { callerOf } from "../../auth/caller-of.js";
import type { ServiceClients } from "../../clients.js";
import { requiredIdempotencyKey } from "../../idempotency/idempotency.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { bookingJson } from "./booking-json.js";
import { ticketRequestSchema, ticketResponseSchema, releaseRequestSchema, type TicketBody } from "./hold-schemas.js";
import { bookingResponseSchema } from "./schemas.js";
import { documentsToProto } from "./documents-json.js";

export interface HoldRoutesOptions {
  readonly booking: ServiceClients["booking"];
}

/** Hold now, ticket later (API guide, Holds): ticket a HELD booking (flight.book, Idempotency-Key) or release it. */
export const holdRoutes: FastifyPluginAsync<HoldRoutesOptions> = async (app, { booking }) => {
  app.post<{ Body: TicketBody }>(
    "/flight/booking/ticket",
    {
      schema: operation(PRIMARY, {
        operationId: "ticketBooking",
        tags: ["booking"],
        summary: "Ticket a held booking and debit the wallet",
        description:
          "Pays for a HELD booking and orders its tickets: after the hold's `price_guaranteed_until` the airline re-prices " +
          "it, and a changed price answers 409 BOOKING_PRICE_CHANGED with the new price in `error.details` (nothing done, " +
          "still HELD); repeat with a new Idempotency-Key, `accept_price_change: true` and `accepted_total_price_paise` to pay " +
          "it. Then the wallet is debited the net fare plus seats like a booking create (402 leaves the booking HELD) and the " +
          "booking is BOOKED; TICKETED follows. Past the ticket time limit, or when the airline dropped the hold, 410 " +
          "BOOKING_HOLD_EXPIRED and the booking is EXPIRED. Scope `flight.book`.",
        body: ticketRequestSchema,
        success: { schema: ticketResponseSchema, description: "The booking, BOOKED, with the amount debited (paise)." },
        idempotencyKey: "required",
        errors: [
          "BOOKING_NOT_FOUND",
          "BOOKING_INVALID_STATE",
          "BOOKING_PRICE_CHANGED",
          "BOOKING_HOLD_EXPIRED",
          "WALLET_INSUFFICIENT_FUNDS",
          "PROVIDER_PRICE_CHANGED",
          "PROVIDER_REJECTED",
          "PROVIDER_UNAVAILABLE",
          "PROVIDER_TIMEOUT",
        ],
      }),
      config: { scope: Scope.FLIGHT_BOOK, idempotency: "booking.ticket" },
    },
    async (request: FastifyRequest<{ Body: TicketBody }>) => {
      const body = request.body;
      const answer = await booking.ticketBooking({
        agentId: callerOf(request).agentId,
        bookingId: body.booking_id,
        idempotencyKey: requiredIdempotencyKey(request),
        acceptPriceChange: body.accept_price_change ?? false,
        acceptedTotalPricePaise: paiseToProto(body.accepted_total_price_paise ?? 0),
        passengerDocuments: (body.passenger_documents ?? []).map((d) => ({
          paxId: d.pax_id,
          ...documentsToProto(d),
        })),
      });
      if (answer.priceChange) throw priceChanged(answer, answer.priceChange);
      return {
        booking_id: answer.bookingId,
        pnr: answer.pnr,
        status: BookingStatus[answer.status],
        total_price_paise: paiseFromProto(answer.totalPricePaise),
        debited_paise: paiseFromProto(answer.debitedPaise),
        currency: answer.currency,
      };
    },
  );

  app.post<{ Body: { booking_id: string } }>(
    "/flight/booking/release",
    {
      schema: operation(PRIMARY, {
        operationId: "releaseBooking",
        tags: ["booking"],
        summary: "Release a held booking",
        description:
          "Lets a HELD booking go: the airline cancels the reservation and the booking is RELEASED; nothing is charged. " +
          "Releasing a RELEASED booking answers it again. Scope `flight.book`.",
        body: releaseRequestSchema,
        success: { schema: bookingResponseSchema, description: "The booking, RELEASED." },
        errors: ["BOOKING_NOT_FOUND", "BOOKING_INVALID_STATE", "PROVIDER_UNAVAILABLE", "PROVIDER_TIMEOUT"],
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request) => {
      const answer = await booking.releaseBooking({ agentId: callerOf(request).agentId, bookingId: request.body.booking_id });
      if (!answer.booking) throw new Error("booking service answered a release without the booking");
      return bookingJson(answer.booking);
    },
  );
};

/** The new price as 409 BOOKING_PRICE_CHANGED, with what the client sends back in `error.details`. */
function priceChanged(answer: TicketBookingResponse, change: PriceChange): DomainError {
  const total = paiseFromProto(change.newTotalPricePaise);
  return new DomainError(
    "BOOKING_PRICE_CHANGED",
    `The airline's fare changed: the booking now costs ${total} paise; repeat with accept_price_change and accepted_total_price_paise ${total}`,
    {
      details: {
        booking_id: answer.bookingId,
        previous_total_price_paise: paiseFromProto(change.previousTotalPricePaise),
        new_total_price_paise: total,
        new_debit_paise: paiseFromProto(change.newDebitPaise),
        base_fare_paise: paiseFromProto(change.baseFarePaise),
        taxes_paise: paiseFromProto(change.taxesPaise),
        currency: answer.currency,
      },
    },
  );
}
