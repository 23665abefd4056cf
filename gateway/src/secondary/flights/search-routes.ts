import { create } from "@bufbuild/protobuf";
import { fieldError, validationFailed } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { SearchFlightsRequestSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { FastifyPluginAsync, FastifySchemaValidationError } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { operation, SESSION } from "../../openapi/operation.js";
import { callerOf } from "../../auth/caller-of.js";
import { cabinOf } from "../../cabins.js";
import { BASE_CURRENCY, type CurrencyConverter } from "../currency.js";
import { validationErrorFromSchema } from "../../errors/validation-errors.js";
import { withFieldNames } from "../errors.js";
import { flightJson } from "./flight-json.js";
import { indiaDate } from "./india-date.js";
import { listingCursor, readListingCursor } from "./listing-cursor.js";
import { type NewSearchBody, type NextPageBody, type SearchBody, searchRequestSchema, searchResponseSchema } from "./schemas.js";

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

/**
 * POST /flights/search (API guide, Secondary surface): the same search service as the primary
 * surface, prices in display_currency (default INR), a page at a time: `limit` flights (100 by
 * default), `cursor` and `total_results` to go on. A body with `cursor` asks for the next page.
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
          "`return_date` as a date or date-time, read as the date in India, `adults`, `travel_class`), cheapest first, priced " +
          "in `display_currency` (default INR) as decimal numbers. A flight's `id` is its offer id. One page of `limit` " +
          "flights (default 100, at most 500) with `total_results`; while `cursor` is not null, send `{cursor}` (and " +
          "optionally `limit`) for the next page, in the same currency, within 30 minutes. Scope `flight.search`.",
        body: searchRequestSchema(converter.currencies()),
        success: { schema: searchResponseSchema(converter.currencies()), description: "The flights found." },
        errors: ["SEARCH_EXPIRED", "SEARCH_CURSOR_INVALID", "SEARCH_CURSOR_EXPIRED", "PROVIDER_UNAVAILABLE", "PROVIDER_TIMEOUT"],
      }),
      config: { scope: Scope.FLIGHT_SEARCH, rateLimitGroup: "search" },
      // The body is a new search or a next page (oneOf); the problems reported are those of the one it meant.
      attachValidation: true,
    },
    async (request) => {
      const body = request.body;
      const invalid = request.validationError;
      if (invalid) {
        const errors = invalid.validation as FastifySchemaValidationError[];
        throw validationErrorFromSchema(invalid.validationContext === "body" ? errorsOfMeantBranch(errors, body) : errors);
      }
      const agentId = callerOf(request).agentId;
      const { currency, rpcRequest } =
        "cursor" in body
          ? nextPage(body, agentId, converter.currencies())
          : { currency: body.display_currency ?? BASE_CURRENCY, rpcRequest: newSearch(body, agentId) };
      const response = await search.searchFlights(rpcRequest).catch((error: unknown) => {
        throw withFieldNames(error, SEARCH_FIELDS);
      });
      return {
        success: true,
        data: {
          search_id: response.searchId,
          flights: response.results.map((offer) => flightJson(offer, currency, converter)),
          cursor: listingCursor(currency, response.cursor),
          total_results: response.totalResults,
        },
      };
    },
  );
};

function newSearch(body: NewSearchBody, agentId: string) {
  const dod = indiaDate(body.departure_date);
  const doa = body.return_date === undefined ? "" : indiaDate(body.return_date);
  const errors = [...(dod === undefined ? [notADate("departure_date")] : []), ...(doa === undefined ? [notADate("return_date")] : [])];
  if (errors.length > 0) throw validationFailed(errors);
  return create(SearchFlightsRequestSchema, {
    agentId,
    origin: body.origin,
    dest: body.destination,
    dod,
    doa,
    paxAdult: body.adults,
    ...(body.children !== undefined && { paxChild: body.children }),
    ...(body.infants !== undefined && { paxInfant: body.infants }),
    cabin: cabinOf(body.travel_class),
    ...(body.limit !== undefined && { limit: body.limit }),
  });
}

function nextPage(body: NextPageBody, agentId: string, currencies: readonly string[]) {
  const { currency, searchCursor } = readListingCursor(body.cursor, currencies);
  const rpcRequest = create(SearchFlightsRequestSchema, {
    agentId,
    cursor: searchCursor,
    ...(body.limit !== undefined && { limit: body.limit }),
  });
  return { currency, rpcRequest };
}

const notADate = (field: string) => fieldError(field, "INVALID_FORMAT", "must be a real date (YYYY-MM-DD) or RFC 3339 date-time");

/**
 * A body with `cursor` meant the next page (oneOf branch 1), any other a new search (branch 0):
 * the other branch's complaints, and oneOf's own, would only confuse.
 */
function errorsOfMeantBranch(errors: readonly FastifySchemaValidationError[], body: unknown): FastifySchemaValidationError[] {
  const meant = typeof body === "object" && body !== null && "cursor" in body ? 1 : 0;
  return errors.filter((e) => !e.schemaPath.startsWith("#/oneOf") || e.schemaPath.startsWith(`#/oneOf/${meant}/`));
}
