import { paiseFromProto } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { AncillarySelection } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callerOf } from "../../auth/caller-of.js";
import { requiredIdempotencyKey } from "../../idempotency/idempotency.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import {
  type AdditionBody,
  additionConfirmRequestSchema,
  additionConfirmResponseSchema,
  additionQuoteRequestSchema,
  additionQuoteResponseSchema,
} from "./additions-schemas.js";
import { bookedExtraJson, extraKindName } from "./booking-json.js";
import { isoText } from "../../json-values.js";

export interface AdditionsRoutesOptions {
  readonly booking: ServiceClients["booking"];
}

const BOOKING_ERRORS = [
  "BOOKING_NOT_FOUND",
  "BOOKING_INVALID_STATE",
  "PROVIDER_REJECTED",
  "PROVIDER_UNAVAILABLE",
  "PROVIDER_TIMEOUT",
] as const;

/**
 * Baggage and meals added to a BOOKED or TICKETED booking (API guide, Baggage and meals after
 * ticketing): quote and confirm, scope flight.book; the confirm needs an Idempotency-Key.
 */
export const additionsRoutes: FastifyPluginAsync<AdditionsRoutesOptions> = async (app, { booking }) => {
  const ids = (request: FastifyRequest<{ Body: AdditionBody }>) => ({
    agentId: callerOf(request).agentId,
    bookingId: request.body.booking_id,
    selections: (request.body.selections ?? []).map((s): Pick<AncillarySelection, "ancillaryToken" | "quantity"> => ({
      ancillaryToken: s.ancillary_token,
      quantity: s.quantity ?? 1,
    })),
  });

  app.post<{ Body: AdditionBody }>(
    "/flight/booking/ancillaries/quote",
    {
      schema: operation(PRIMARY, {
        operationId: "quoteAncillaryAddition",
        tags: ["booking"],
        summary: "List and price baggage and meals to add to a booking",
        description:
          "What the airline still sells on a BOOKED or TICKETED booking, per passenger still booked and per segment not yet " +
          "departed, with what each passenger holds already, each option with a token signed for this booking and agency, " +
          "good for 15 minutes. With `selections`, their total (`total_paise`) and field errors on `selections[i]`: a token " +
          "unknown, altered, expired or of another booking; a quantity over the maximum counting what the passenger holds; a " +
          "passenger no longer on the segment; a segment that has departed; an infant the airline sells nothing. Added items " +
          "are not refunded on a voluntary cancellation. Scope `flight.book`.",
        body: additionQuoteRequestSchema,
        success: { schema: additionQuoteResponseSchema, description: "The options and the selections' total (paise)." },
        errors: [...BOOKING_ERRORS],
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request) => {
      const q = await booking.quoteAncillaryAddition(ids(request));
      return {
        booking_id: q.bookingId,
        currency: q.currency,
        tokens_valid_until: isoText(q.tokensValidUntil),
        passengers: q.passengers.map((p) => ({
          pax_id: p.paxId,
          segments: p.segments.map((s) => ({
            segment_index: s.segmentIndex,
            options: s.options.map((o) => ({
              kind: extraKindName(o.kind),
              code: o.code,
              description: o.description,
              weight_kg: o.weightKg,
              price_paise: paiseFromProto(o.pricePaise),
              max_quantity: o.maxQuantity,
              held_quantity: o.heldQuantity,
              ancillary_id: o.ancillaryId,
              ancillary_token: o.ancillaryToken,
              refundable_on_voluntary_cancellation: o.refundableOnVoluntaryCancellation,
            })),
          })),
        })),
        selected: q.selected.map((s) => ({
          ancillary_token: s.ancillaryToken,
          ancillary_id: s.ancillaryId,
          pax_id: s.paxId,
          segment_index: s.segmentIndex,
          kind: extraKindName(s.kind),
          code: s.code,
          description: s.description,
          quantity: s.quantity,
          unit_price_paise: paiseFromProto(s.unitPricePaise),
          price_paise: paiseFromProto(s.pricePaise),
          refundable_on_voluntary_cancellation: s.refundableOnVoluntaryCancellation,
        })),
        total_paise: paiseFromProto(q.totalPaise),
      };
    },
  );

  app.post<{ Body: AdditionBody }>(
    "/flight/booking/ancillaries/confirm",
    {
      schema: operation(PRIMARY, {
        operationId: "confirmAncillaryAddition",
        tags: ["booking"],
        summary: "Buy baggage and meals for a booking and debit the wallet",
        description:
          "Buys the selections, checked again as the quote checks them: one wallet debit of their total, the airline adds them " +
          "to the reservation, each item gets an EMD number (13 digits), the booking's `extras` list them (`source` ADDED) and " +
          "`booking.ancillaries_added` is published; a ticketed booking gets a debit note. One addition runs on a booking at a " +
          "time: a concurrent confirm answers 409 BOOKING_INVALID_STATE, and the next is checked against what the booking " +
          "holds then, so nothing is sold beyond its maximum. 402 WALLET_INSUFFICIENT_FUNDS adds nothing. Scope `flight.book`.",
        body: additionConfirmRequestSchema,
        success: { schema: additionConfirmResponseSchema, description: "The items added and the amount debited (paise)." },
        idempotencyKey: "required",
        errors: ["WALLET_INSUFFICIENT_FUNDS", ...BOOKING_ERRORS],
      }),
      config: { scope: Scope.FLIGHT_BOOK, idempotency: "booking.ancillaries.confirm" },
    },
    async (request) => {
      const c = await booking.confirmAncillaryAddition({ ...ids(request), idempotencyKey: requiredIdempotencyKey(request) });
      return {
        booking_id: c.bookingId,
        currency: c.currency,
        addition_id: c.additionId,
        debited_paise: paiseFromProto(c.debitedPaise),
        items: c.items.map(bookedExtraJson),
      };
    },
  );
};
