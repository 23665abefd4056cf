import { DEMO_AGENT_ID } from "@tarmac/auth";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { grpcClientOf, type ClockedServices } from "./clocked-services.js";

export interface BookableFare {
  readonly fareToken: string;
  /** A free seat of the first segment, not in an exit row. */
  readonly seatToken: string;
}

/** Searches DEL-BOM 20 days ahead of the services' clock, locks the first offer for one adult and picks a free seat. */
export async function bookableFare(services: ClockedServices): Promise<BookableFare> {
  const day = new Date(services.clock.now().getTime() + 20 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
  const search = grpcClientOf(SearchService, services.search);
  const fare = grpcClientOf(FareService, services.fare);
  const found = await search.searchFlights({ agentId: DEMO_AGENT_ID, origin: "DEL", dest: "BOM", dod: day, limit: 5 });
  const offer = found.results[0];
  if (!offer) throw new Error("the sandbox found no DEL-BOM offer");
  const pax = { adult: 1, child: 0, infant: 0 };
  const { fareToken } = await fare.validateFare({ agentId: DEMO_AGENT_ID, searchId: offer.searchId, signature: offer.signature, pax });
  const map = await fare.getSeatMap({
    agentId: DEMO_AGENT_ID,
    searchId: offer.searchId,
    signature: offer.signature,
    provider: offer.provider,
    fareToken,
  });
  const seat = map.segments[0]?.seatmap.flatMap((r) => r.seats).find((x) => x.available && !x.exitRow);
  if (!seat) throw new Error("no free seat");
  return { fareToken, seatToken: seat.ancillaryToken };
}

/** A CreateBooking request as a proto-loader client writes it (field names as in the .proto, enums by name). */
export function createRequest(fare: BookableFare, idempotencyKey: string) {
  return {
    agent_id: DEMO_AGENT_ID,
    fare_token: fare.fareToken,
    idempotency_key: idempotencyKey,
    passengers: [
      {
        id: "ADT1",
        type: "PASSENGER_TYPE_ADT",
        title: "TITLE_MR",
        first_name: "Arjun",
        last_name: "Mehta",
        gender: "GENDER_M",
        dob: "1985-04-12",
        nationality: "IN",
      },
    ],
    contact_info: { email: "ops@agency.example", phone: "+919812345678" },
    ancillaries: [{ pax_id: "ADT1", ancillary_token: fare.seatToken }],
  };
}
