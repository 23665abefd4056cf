import { fieldError, validationFailed } from "@tarmac/kernel";
import type { PassengerCounts } from "@tarmac/airline-port";
import type { PassengerCounts as ProtoPassengerCounts, SearchFlightsRequest } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { SearchInput } from "./domain/search-criteria.js";
import { cabinFromProto } from "./offer-mapper.js";

/** Proto3 strings cannot be absent; an empty string is a field the client did not send. */
const given = (text: string): string | undefined => (text === "" ? undefined : text);

export function toSearchInput(request: SearchFlightsRequest): SearchInput {
  return {
    origin: given(request.origin),
    dest: given(request.dest),
    dod: given(request.dod),
    doa: given(request.doa),
    paxAdult: request.paxAdult,
    paxChild: request.paxChild,
    paxInfant: request.paxInfant,
    cabin: cabinFromProto(request.cabin),
    limit: request.limit,
    mode: given(request.mode),
  };
}

/** The gateway sets agent_id from the verified API key; a call without one is a wiring fault. */
export function requireAgentId(agentId: string): string {
  if (agentId === "") throw validationFailed([fieldError("agent_id", "REQUIRED", "agent_id is required")]);
  return agentId;
}

/** Passenger counts a caller sent; a message it left out is no passengers at all, never a default. */
export function paxFromProto(pax: ProtoPassengerCounts | undefined): PassengerCounts {
  return { adult: pax?.adult ?? 0, child: pax?.child ?? 0, infant: pax?.infant ?? 0 };
}
