import { create } from "@bufbuild/protobuf";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { SearchFlightsRequestSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { secondarySearchExamples } from "../../openapi/examples.js";
import { operation, SESSION } from "../../openapi/operation.js";
import { callerOf } from "../../auth/caller-of.js";
import { cabinOf } from "../../cabins.js";
import { BASE_CURRENCY, type CurrencyConverter } from "../currency.js";
import { withFieldNames } from "../errors.js";
import { flightJson } from "./flight-json.js";
import { type SearchBody, searchRequestSchema, searchResponseSchema } from "./schemas.js";

export interface SearchRoutesOptions {
  readonly search: ServiceClients["search"];
  readonly converter: CurrencyConverter;
}

/** The search service's field names -> this surface's (its field errors pass through renamed). */
const SEARCH_FIELDS: Readonly<Record<string, string>> = {
  dest: "destination",
  dod: "departure_date",
  doa: "return_date",
  pax_adult: "adults",
  pax_child: "children",
  pax_infant: "infants",
  cabin: "travel_class",
};

/** "2026-12-01" or "2026-12-01T06:00:00+05:30" -> "20261201": the date as written, no zone shift. */
function compactDate(value: string): string {
  return value.slice(0, 10).replaceAll("-", "");
}

/**
 * POST /flights/search (API guide, Secondary surface): the same search service as the primary surface, the first
 * page of results (100, cheapest first), prices in display_currency (default INR).
 */
export const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (app, { search, converter }) => {
  app.post<{ Body: SearchBody }>(
    "/search",
    {
      schema: operation(SESSION, {
        operationId: "searchFlightsSecondary",
        tags: ["flights"],
        summary: "Search flights (secondary surface)",
        description:
          "The same search as the primary surface with this surface's field names (`destination`, `departure_date` and " +
          "`return_date` as a date or date-time, `adults`, `travel_class`): the first 100 offers, cheapest first, priced in " +
          "`display_currency` (default INR) as decimal numbers. A flight's `id` is its offer id. Scope `flight.search`.",
        body: searchRequestSchema(converter.currencies()),
        bodyExamples: secondarySearchExamples.request,
        success: {
          schema: searchResponseSchema(converter.currencies()),
          description: "The flights found.",
          examples: secondarySearchExamples.response,
        },
        errors: ["SEARCH_EXPIRED", "PROVIDER_UNAVAILABLE", "PROVIDER_TIMEOUT"],
      }),
      config: { scope: Scope.FLIGHT_SEARCH, rateLimitGroup: "search" },
    },
    async (request) => {
      const body = request.body;
      const rpcRequest = create(SearchFlightsRequestSchema, {
        agentId: callerOf(request).agentId,
        origin: body.origin,
        dest: body.destination,
        dod: compactDate(body.departure_date),
        doa: body.return_date === undefined ? "" : compactDate(body.return_date),
        paxAdult: body.adults,
        ...(body.children !== undefined && { paxChild: body.children }),
        ...(body.infants !== undefined && { paxInfant: body.infants }),
        cabin: cabinOf(body.travel_class),
      });
      const response = await search.searchFlights(rpcRequest).catch((error: unknown) => {
        throw withFieldNames(error, SEARCH_FIELDS);
      });
      const currency = body.display_currency ?? BASE_CURRENCY;
      return {
        success: true,
        data: { search_id: response.searchId, flights: response.results.map((offer) => flightJson(offer, currency, converter)) },
      };
    },
  );
};
