import { paiseFromProto } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { CancellationType, ReasonCode, RefundStatus } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { Direction } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { itemJson, partJson } from "./cancellation-json.js";
import { rescheduleItemJson } from "./reschedule-json.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { callerOf } from "../../auth/caller-of.js";
import { requiredIdempotencyKey } from "../../idempotency/idempotency.js";
import {
  type CancellationBody,
  cancellationConfirmResponseSchema,
  cancellationQuoteResponseSchema,
  cancellationRequestSchema,
  type RescheduleQuoteBody,
  rescheduleConfirmRequestSchema,
  rescheduleConfirmResponseSchema,
  rescheduleQuoteRequestSchema,
  rescheduleQuoteResponseSchema,
} from "./changes-schemas.js";
import { isoText } from "../../json-values.js";

export interface ChangesRoutesOptions {
  readonly booking: ServiceClients["booking"];
}

/**
 * Cancellation (flight.cancel) and reschedule (flight.reschedule), quote and confirm; the confirms
 * need an Idempotency-Key (API guide, Idempotency).
 */
export const changesRoutes: FastifyPluginAsync<ChangesRoutesOptions> = async (app, { booking }) => {
  const cancel = (confirm: boolean) => ({
    schema: operation(
      PRIMARY,
      confirm
        ? {
            operationId: "confirmCancellation",
            tags: ["booking"],
            summary: "Confirm a cancellation and refund the wallet",
            description:
              "Cancels on the terms of the newest unexpired quote with the same fields, `passenger_ids` and `directions` " +
              "included (409 BOOKING_QUOTE_EXPIRED when there is none). What is left of the booking: it becomes CANCELLED " +
              "(REFUNDED once the refund is credited). Some passengers or one direction: the airline cancels those coupons " +
              "(seats freed, tickets CANCELLED) and the booking keeps its status with the rest. Either way the cancellation " +
              "becomes a refund request (`refund_id`, `refund_status`): the wallet is credited when the airline refunds, at " +
              "once on most fares. Scope `flight.cancel`.",
            body: cancellationRequestSchema,
            success: { schema: cancellationConfirmResponseSchema, description: "The penalties applied and the amount refunded (paise)." },
            idempotencyKey: "required",
            errors: [
              "BOOKING_NOT_FOUND",
              "BOOKING_INVALID_STATE",
              "BOOKING_QUOTE_EXPIRED",
              "PROVIDER_REJECTED",
              "PROVIDER_UNAVAILABLE",
              "PROVIDER_TIMEOUT",
            ],
          }
        : {
            operationId: "quoteCancellation",
            tags: ["booking"],
            summary: "Quote the refund for cancelling a booking",
            description:
              "The airline penalty (from the fare rules and the time before departure), the platform fee and the refund for " +
              "cancelling the whole booking, or only `passenger_ids` and/or `directions`, itemised per passenger and direction, " +
              "with what stays booked. INVOLUNTARY cancellations carry no airline penalty and no platform fee; FLIGHT_CANCELLED refunds everything; " +
              "NO_SHOW (only once the direction has departed, else 400 on `reason_code`) refunds only taxes; VOID (the day of ticketing, until `void_eligible_until`) refunds everything. An adult " +
              "cannot go without its lap infant (400 on `passenger_ids`); one direction of a non-refundable round trip cannot " +
              "go alone (422 BOOKING_DIRECTION_NOT_CANCELLABLE). Valid 10 minutes (`quote_valid_until`). Scope `flight.cancel`.",
            body: cancellationRequestSchema,
            success: { schema: cancellationQuoteResponseSchema, description: "The cancellation quote (paise)." },
            errors: ["BOOKING_NOT_FOUND", "BOOKING_INVALID_STATE", "BOOKING_DIRECTION_NOT_CANCELLABLE", "BOOKING_VOID_NOT_ALLOWED"],
          },
    ),
    config: { scope: Scope.FLIGHT_CANCEL, ...(confirm && { idempotency: "booking.cancel.confirm" }) },
  });
  const cancellation = (request: FastifyRequest<{ Body: CancellationBody }>) => ({
    agentId: callerOf(request).agentId,
    bookingId: request.body.booking_id,
    reasonCode: ReasonCode[request.body.reason_code],
    cancellationType: CancellationType[request.body.cancellation_type],
    passengerIds: request.body.passenger_ids ?? [],
    directions: (request.body.directions ?? []).map((d) => Direction[d]),
  });

  app.post<{ Body: CancellationBody }>("/flight/booking/cancel/quote", cancel(false), async (request) => {
    const q = await booking.quoteCancellation(cancellation(request));
    return {
      booking_id: q.bookingId,
      airline_penalty_paise: paiseFromProto(q.airlinePenaltyPaise),
      ota_fee_paise: paiseFromProto(q.otaFeePaise),
      refund_amount_paise: paiseFromProto(q.refundAmountPaise),
      currency: q.currency,
      quote_valid_until: isoText(q.quoteValidUntil),
      items: q.items.map(itemJson),
      stays_booked: q.staysBooked.map(partJson),
      void_eligible_until: q.voidEligibleUntil ? isoText(q.voidEligibleUntil) : null,
    };
  });

  app.post<{ Body: CancellationBody }>("/flight/booking/cancel/confirm", cancel(true), async (request) => {
    // The header (required here) goes on to booking, which replays the first confirm under it too.
    const c = await booking.confirmCancellation({ ...cancellation(request), idempotencyKey: requiredIdempotencyKey(request) });
    return {
      booking_id: c.bookingId,
      airline_penalty_paise: paiseFromProto(c.airlinePenaltyPaise),
      ota_fee_paise: paiseFromProto(c.otaFeePaise),
      refund_amount_paise: paiseFromProto(c.refundAmountPaise),
      currency: c.currency,
      items: c.items.map(itemJson),
      stays_booked: c.staysBooked.map(partJson),
      cancellation_id: c.cancellationId,
      refund_id: c.refundId,
      refund_status: RefundStatus[c.refundStatus],
    };
  });

  app.post<{ Body: RescheduleQuoteBody }>(
    "/flight/booking/reschedule/quote",
    {
      schema: operation(PRIMARY, {
        operationId: "quoteReschedule",
        tags: ["booking"],
        summary: "Quote changing a booking to another flight",
        description:
          "The fare difference (never negative), airline change fee and platform fee for moving the booking to `new_offer_id`, " +
          "an offer of a newer search for the same passengers. Valid 10 minutes (`quote_valid_until`). Scope " +
          "`flight.reschedule`.",
        body: rescheduleQuoteRequestSchema,
        success: { schema: rescheduleQuoteResponseSchema, description: "The reschedule quote (paise)." },
        errors: ["BOOKING_NOT_FOUND", "SEARCH_OFFER_NOT_FOUND", "BOOKING_INVALID_STATE", "SEARCH_EXPIRED", "BOOKING_PASSENGER_MISMATCH"],
      }),
      config: { scope: Scope.FLIGHT_RESCHEDULE },
    },
    async (request) => {
      const { booking_id, new_offer_id, reason_code } = request.body;
      const q = await booking.quoteReschedule({
        agentId: callerOf(request).agentId,
        bookingId: booking_id,
        newOfferId: new_offer_id,
        reasonCode: ReasonCode[reason_code],
      });
      return {
        booking_id: q.bookingId,
        fare_difference_paise: paiseFromProto(q.fareDifferencePaise),
        airline_change_fee_paise: paiseFromProto(q.airlineChangeFeePaise),
        ota_fee_paise: paiseFromProto(q.otaFeePaise),
        total_payable_paise: paiseFromProto(q.totalPayablePaise),
        currency: q.currency,
        quote_valid_until: isoText(q.quoteValidUntil),
        items: q.items.map(rescheduleItemJson),
        items_refund_paise: paiseFromProto(q.itemsRefundPaise),
        refund_paise: paiseFromProto(q.refundPaise),
      };
    },
  );

  app.post<{ Body: { booking_id: string } }>(
    "/flight/booking/reschedule/confirm",
    {
      schema: operation(PRIMARY, {
        operationId: "confirmReschedule",
        tags: ["booking"],
        summary: "Confirm a reschedule and debit the wallet",
        description:
          "Moves the booking to the new flight on the terms of its newest unexpired quote (409 BOOKING_QUOTE_EXPIRED when there " +
          "is none) and debits the total payable from the agent wallet. The status stays BOOKED or TICKETED (with new ticket " +
          "numbers). Scope `flight.reschedule`.",
        body: rescheduleConfirmRequestSchema,
        success: { schema: rescheduleConfirmResponseSchema, description: "The amounts charged and the booking's new total (paise)." },
        idempotencyKey: "required",
        errors: [
          "WALLET_INSUFFICIENT_FUNDS",
          "BOOKING_NOT_FOUND",
          "BOOKING_INVALID_STATE",
          "BOOKING_QUOTE_EXPIRED",
          "PROVIDER_SOLD_OUT",
          "PROVIDER_REJECTED",
          "PROVIDER_UNAVAILABLE",
          "PROVIDER_TIMEOUT",
        ],
      }),
      config: { scope: Scope.FLIGHT_RESCHEDULE, idempotency: "booking.reschedule.confirm" },
    },
    async (request) => {
      const c = await booking.confirmReschedule({
        agentId: callerOf(request).agentId,
        bookingId: request.body.booking_id,
        idempotencyKey: requiredIdempotencyKey(request),
      });
      return {
        booking_id: c.bookingId,
        fare_difference_paise: paiseFromProto(c.fareDifferencePaise),
        change_penalty_paise: paiseFromProto(c.changePenaltyPaise),
        new_total_paise: paiseFromProto(c.newTotalPaise),
        currency: c.currency,
      };
    },
  );
};
