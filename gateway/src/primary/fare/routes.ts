import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callPeer } from "../../plugins/peer-call.js";
import { callerOf } from "../caller-of.js";
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
    { schema: { body: validateRequestSchema, response: { 200: validateResponseSchema } }, config: { scope: Scope.FLIGHT_BOOK } },
    async (request: FastifyRequest<{ Body: ValidateRequestBody }>) => {
      const { search_id, signature, pax } = request.body;
      const response = await callPeer(request, () =>
        fare.validateFare({
          agentId: callerOf(request).agentId,
          searchId: search_id,
          signature,
          // Decisions 3: adult 1, child 0, infant 0 when not sent.
          pax: { adult: pax?.adult ?? 1, child: pax?.child ?? 0, infant: pax?.infant ?? 0 },
        }),
      );
      return validateResponseJson(response);
    },
  );

  app.post(
    "/flight/fare/seatmap",
    { schema: { body: seatMapRequestSchema, response: { 200: seatMapResponseSchema } }, config: { scope: Scope.FLIGHT_BOOK } },
    async (request: FastifyRequest<{ Body: SeatMapRequestBody }>) => {
      const { search_id, signature, fare_token, provider } = request.body;
      const response = await callPeer(request, () =>
        fare.getSeatMap({ agentId: callerOf(request).agentId, searchId: search_id, signature, fareToken: fare_token, provider }),
      );
      return seatMapJson(response);
    },
  );
};
