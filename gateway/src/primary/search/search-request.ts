import { create } from "@bufbuild/protobuf";
import { Cabin, type SearchFlightsRequest, SearchFlightsRequestSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { cabinOf } from "../../cabins.js";
import type { SearchRequestBody } from "./schemas.js";

/**
 * A validated JSON body -> the search RPC. Numbers the client left out stay unset, so the search
 * service applies the defaults of API guide, Pagination in one place; an omitted cabin means every cabin.
 */
export function toSearchFlightsRequest(body: SearchRequestBody, agentId: string): SearchFlightsRequest {
  return create(SearchFlightsRequestSchema, {
    agentId,
    origin: body.origin ?? "",
    dest: body.dest ?? "",
    dod: body.dod ?? "",
    doa: body.doa ?? "",
    cabin: body.cabin === undefined ? Cabin.UNSPECIFIED : cabinOf(body.cabin),
    cursor: body.cursor ?? "",
    mode: body.mode ?? "",
    ...(body.pax_adult !== undefined && { paxAdult: body.pax_adult }),
    ...(body.pax_child !== undefined && { paxChild: body.pax_child }),
    ...(body.pax_infant !== undefined && { paxInfant: body.pax_infant }),
    ...(body.limit !== undefined && { limit: body.limit }),
  });
}
