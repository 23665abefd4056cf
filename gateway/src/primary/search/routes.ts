import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callPeer } from "../../plugins/peer-call.js";
import { callerOf } from "../caller-of.js";
import { searchResponseJson } from "./offer-json.js";
import { type SearchRequestBody, searchRequestSchema, searchResponseSchema } from "./schemas.js";
import { toSearchFlightsRequest } from "./search-request.js";

export interface SearchRoutesOptions {
  readonly search: ServiceClients["search"];
}

/** POST /flight/search and its alias POST /search (decisions section 2): one handler, one schema. */
export const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (app, { search }) => {
  const options: RouteShorthandOptions = {
    schema: { body: searchRequestSchema, response: { 200: searchResponseSchema } },
    config: { scope: Scope.FLIGHT_SEARCH, rateLimitGroup: "search" },
  };
  const handler = async (request: FastifyRequest<{ Body: SearchRequestBody }>) => {
    const rpcRequest = toSearchFlightsRequest(request.body, callerOf(request).agentId);
    const response = await callPeer(request, () => search.searchFlights(rpcRequest));
    return searchResponseJson(response);
  };
  app.post("/flight/search", options, handler);
  app.post("/search", options, handler);
};
