import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { callerOf } from "../../auth/caller-of.js";
import { registerAncillariesRoute } from "./ancillaries-routes.js";
import { seatMapJson, validateResponseJson } from "./fare-json.js";
import {
  type SeatMapRequestBody,
  seatMapRequestSchema,
  seatMapResponseSchema,
  type ValidateRequestBody,
  validateRequestSchema,
  validateResponseSchema,
} from "./schemas.js";

export interface FareRoutesOptions {
  readonly fare: ServiceClients["fare"];
}

/**
 * POST /flight/fare/validate and /flight/fare/seatmap. Both need the flight.book scope: a lock
 * holds the price (and, at a real airline, inventory) for a booking, which a search-only key
 * cannot make.
 */
export const fareRoutes: FastifyPluginAsync<FareRoutesOptions> = async (app, { fare }) => {
  app.post(
    "/flight/fare/validate",
    {
      schema: operation(PRIMARY, {
        operationId: "validateFare",
        tags: ["fare"],
        summary: "Validate a fare and lock its price for 15 minutes",
        description:
          "Checks the offer (`search_id` + `signature` from search) live with the airline provider and locks its price for 15 " +
          "minutes. The `fare_token` is needed to book and to fetch a seat map. `pax` defaults to 1 adult and must match the " +
          "search's passengers. If the live price differs, the validation still succeeds with the new price in `offer`, " +
          "`price_changed: true` and `previous_price_paise`. Scope `flight.book`.",
        body: validateRequestSchema,
        success: {
          schema: validateResponseSchema,
          description: "The locked fare: `fare_token`, the offer at its live price, and when the lock ends.",
        },
        errors: [
          "SEARCH_OFFER_NOT_FOUND",
          "SEARCH_EXPIRED",
          "PROVIDER_SOLD_OUT",
          "PROVIDER_REJECTED",
          "PROVIDER_UNAVAILABLE",
          "PROVIDER_TIMEOUT",
        ],
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: ValidateRequestBody }>) => {
      const { search_id, signature, pax } = request.body;
      const response = await fare.validateFare({
        agentId: callerOf(request).agentId,
        searchId: search_id,
        signature,
        // API guide, Fare validation and seat maps: adult 1, child 0, infant 0 when not sent.
        pax: { adult: pax?.adult ?? 1, child: pax?.child ?? 0, infant: pax?.infant ?? 0 },
      });
      return validateResponseJson(response);
    },
  );

  app.post(
    "/flight/fare/seatmap",
    {
      schema: operation(PRIMARY, {
        operationId: "getSeatMap",
        tags: ["fare"],
        summary: "Seat map with seat prices for a validated fare",
        description:
          "Seats per segment and row with availability and price (paise), for a `fare_token` of the same agent that has not " +
          "expired. Book a seat by passing its `ancillary_token` with the passenger's `pax_id` in booking create's " +
          "`ancillaries`. Infants get no seat. Scope `flight.book`.",
        body: seatMapRequestSchema,
        success: { schema: seatMapResponseSchema, description: "The seat map of every segment of the fare." },
        errors: [
          "BOOKING_FARE_TOKEN_INVALID",
          "BOOKING_FARE_EXPIRED",
          "SEARCH_OFFER_NOT_FOUND",
          "PROVIDER_SOLD_OUT",
          "PROVIDER_UNAVAILABLE",
          "PROVIDER_TIMEOUT",
        ],
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: SeatMapRequestBody }>) => {
      const { search_id, signature, fare_token, provider } = request.body;
      const response = await fare.getSeatMap({
        agentId: callerOf(request).agentId,
        searchId: search_id,
        signature,
        fareToken: fare_token,
        provider,
      });
      return seatMapJson(response);
    },
  );

  registerAncillariesRoute(app, fare);
};
