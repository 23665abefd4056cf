import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { type OperationDoc, operation, PRIMARY } from "../../openapi/operation.js";
import { callerOf } from "../../auth/caller-of.js";
import { searchResponseBytes } from "./offer-json.js";
import { type SearchRequestBody, searchRequestSchema, searchResponseSchema } from "./schemas.js";
import { toSearchFlightsRequest } from "./search-request.js";

export interface SearchRoutesOptions {
  readonly search: ServiceClients["searchPages"];
}

/** POST /flight/search and its alias POST /search (API guide, Search): one handler, one schema. */
export const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (app, { search }) => {
  const options = (schema: FastifySchema): RouteShorthandOptions => ({
    schema,
    config: { scope: Scope.FLIGHT_SEARCH, rateLimitGroup: "search" },
  });
  const doc = {
    tags: ["search"],
    description:
      "Searches flights and returns priced offers, cheapest first, with the B2B pricing breakdown (paise). Without `cursor`, " +
      "`origin`, `dest` and `dod` are required and a new search starts; with the `cursor` of a previous page (valid 30 " +
      "minutes, tied to its search) the next page of that search is returned and the other fields are ignored. `cursor` is " +
      "null on the last page. Scope `flight.search`; rate limit group `search`.",
    body: searchRequestSchema,
    success: {
      schema: searchResponseSchema,
      description: "A page of offers: `count` in this page, `total_results` in the search, `cursor` for the next page or null.",
    },
    errors: ["SEARCH_CURSOR_INVALID", "SEARCH_CURSOR_EXPIRED", "SEARCH_EXPIRED", "PROVIDER_UNAVAILABLE", "PROVIDER_TIMEOUT"],
  } satisfies Omit<OperationDoc, "operationId" | "summary">;
  const handler = async (request: FastifyRequest<{ Body: SearchRequestBody }>, reply: FastifyReply) => {
    const rpcRequest = toSearchFlightsRequest(request.body, callerOf(request).agentId);
    const response = await search.searchFlights(rpcRequest);
    // Written as the response schema's serializer would (searchResponseBytes), so sent as it is.
    return reply.type("application/json; charset=utf-8").send(searchResponseBytes(response));
  };
  app.post<{ Body: SearchRequestBody }>(
    "/flight/search",
    options(operation(PRIMARY, { ...doc, operationId: "searchFlights", summary: "Search flights" })),
    handler,
  );
  app.post<{ Body: SearchRequestBody }>(
    "/search",
    options(operation(PRIMARY, { ...doc, operationId: "searchFlightsAlias", summary: "Search flights (alias of /flight/search)" })),
    handler,
  );
};
