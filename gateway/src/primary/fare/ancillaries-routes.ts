import { fieldError, validationFailed } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf } from "../../auth/caller-of.js";
import type { ServiceClients } from "../../clients.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { ancillariesJson } from "./ancillaries-json.js";
import { type AncillariesRequestBody, ancillariesRequestSchema, ancillariesResponseSchema } from "./ancillaries-schemas.js";

/** POST /flight/fare/ancillaries: baggage and meals of a locked fare, like its seat map (scope flight.book). */
export function registerAncillariesRoute(app: FastifyInstance, fare: ServiceClients["fare"]): void {
  app.post(
    "/flight/fare/ancillaries",
    {
      schema: operation(PRIMARY, {
        operationId: "getAncillaries",
        tags: ["fare"],
        summary: "Extra baggage and meals for a validated fare",
        description:
          "Options per passenger and per segment (extra checked kilograms, meals by code), each with its price in paise, its " +
          "maximum quantity and a signed `ancillary_token`, for a `fare_token` of the same agent that has not expired. Book " +
          "them by passing the token with the passenger's `pax_id` (and a `quantity`) in booking create's `ancillaries`, " +
          "beside seats. A meal the fare's brand includes is listed at 0. Lap infants get none unless the airline sells " +
          "them. Scope `flight.book`.",
        body: ancillariesRequestSchema,
        success: { schema: ancillariesResponseSchema, description: "What each passenger may buy on each segment." },
        errors: ["BOOKING_FARE_TOKEN_INVALID", "BOOKING_FARE_EXPIRED", "PROVIDER_SOLD_OUT", "PROVIDER_UNAVAILABLE", "PROVIDER_TIMEOUT"],
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: AncillariesRequestBody }>) => {
      const { fare_token, search_id } = request.body;
      const response = await fare.getAncillaries({ agentId: callerOf(request).agentId, fareToken: fare_token });
      if (search_id !== undefined && search_id !== response.searchId) {
        throw validationFailed([fieldError("search_id", "INVALID_VALUE", "is not the search of this fare token's offer")]);
      }
      return ancillariesJson(response);
    },
  );
}
