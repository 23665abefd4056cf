import { fromTimestamp, paiseFromProto } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { CancellationType, ReasonCode } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callPeer } from "../../plugins/peer-call.js";
import { callerOf } from "../caller-of.js";
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

export interface ChangesRoutesOptions {
  readonly booking: ServiceClients["booking"];
}

const iso = (t: Parameters<typeof fromTimestamp>[0]) => fromTimestamp(t)?.toISOString() ?? "";

/**
 * Cancellation (flight.cancel) and reschedule (flight.reschedule), quote and confirm; the confirms
 * need an Idempotency-Key (decisions 7).
 */
export const changesRoutes: FastifyPluginAsync<ChangesRoutesOptions> = async (app, { booking }) => {
  const cancel = (confirm: boolean) => ({
    schema: { body: cancellationRequestSchema, response: { 200: confirm ? cancellationConfirmResponseSchema : cancellationQuoteResponseSchema } },
    config: { scope: Scope.FLIGHT_CANCEL, ...(confirm && { idempotency: "booking.cancel.confirm" }) },
  });
  const cancellation = (request: FastifyRequest<{ Body: CancellationBody }>) => ({
    agentId: callerOf(request).agentId,
    bookingId: request.body.booking_id,
    reasonCode: ReasonCode[request.body.reason_code],
    cancellationType: CancellationType[request.body.cancellation_type],
  });

  app.post<{ Body: CancellationBody }>("/flight/booking/cancel/quote", cancel(false), async (request) => {
    const q = await callPeer(request, () => booking.quoteCancellation(cancellation(request)));
    return {
      booking_id: q.bookingId,
      airline_penalty_paise: paiseFromProto(q.airlinePenaltyPaise),
      ota_fee_paise: paiseFromProto(q.otaFeePaise),
      refund_amount_paise: paiseFromProto(q.refundAmountPaise),
      currency: q.currency,
      quote_valid_until: iso(q.quoteValidUntil),
    };
  });

  app.post<{ Body: CancellationBody }>("/flight/booking/cancel/confirm", cancel(true), async (request) => {
    const c = await callPeer(request, () => booking.confirmCancellation(cancellation(request)));
    return {
      booking_id: c.bookingId,
      airline_penalty_paise: paiseFromProto(c.airlinePenaltyPaise),
      ota_fee_paise: paiseFromProto(c.otaFeePaise),
      refund_amount_paise: paiseFromProto(c.refundAmountPaise),
      currency: c.currency,
    };
  });

  app.post<{ Body: RescheduleQuoteBody }>(
    "/flight/booking/reschedule/quote",
    { schema: { body: rescheduleQuoteRequestSchema, response: { 200: rescheduleQuoteResponseSchema } }, config: { scope: Scope.FLIGHT_RESCHEDULE } },
    async (request) => {
      const { booking_id, new_offer_id, reason_code } = request.body;
      const q = await callPeer(request, () =>
        booking.quoteReschedule({ agentId: callerOf(request).agentId, bookingId: booking_id, newOfferId: new_offer_id, reasonCode: ReasonCode[reason_code] }),
      );
      return {
        booking_id: q.bookingId,
        fare_difference_paise: paiseFromProto(q.fareDifferencePaise),
        airline_change_fee_paise: paiseFromProto(q.airlineChangeFeePaise),
        ota_fee_paise: paiseFromProto(q.otaFeePaise),
        total_payable_paise: paiseFromProto(q.totalPayablePaise),
        currency: q.currency,
        quote_valid_until: iso(q.quoteValidUntil),
      };
    },
  );

  app.post<{ Body: { booking_id: string } }>(
    "/flight/booking/reschedule/confirm",
    {
      schema: { body: rescheduleConfirmRequestSchema, response: { 200: rescheduleConfirmResponseSchema } },
      config: { scope: Scope.FLIGHT_RESCHEDULE, idempotency: "booking.reschedule.confirm" },
    },
    async (request) => {
      const c = await callPeer(request, () => booking.confirmReschedule({ agentId: callerOf(request).agentId, bookingId: request.body.booking_id }));
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
