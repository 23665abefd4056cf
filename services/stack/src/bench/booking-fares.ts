import { yyyymmdd } from "../banner.js";
import { adultPassenger, contact, type apiClient } from "../testing/api-client.js";

type Api = ReturnType<typeof apiClient>;

const FLIGHTS = 12;

interface Offer {
  readonly search_id: string;
  readonly signature: string;
  readonly segments: readonly { readonly flight_no: string }[];
}

/**
 * Booking bodies on FLIGHTS different flights of BLR-HYD (one ordinary offer per flight number, no
 * sandbox scenario flights), each with a fare locked through fare/validate, sent in turn.
 */
export async function bookingBodies(api: Api): Promise<string[]> {
  const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "HYD", dod: yyyymmdd(new Date(), 25), limit: 200 });
  if (search.status !== 200) throw new Error(`search answered ${search.status}: ${search.text}`);
  const byFlight = new Map<string, Offer>();
  for (const offer of (search.json as { results: Offer[] }).results) {
    const flight = offer.segments.map((s) => s.flight_no).join("+");
    if (!offer.segments.some((s) => s.flight_no.startsWith("9")) && !byFlight.has(flight)) byFlight.set(flight, offer);
  }
  const offers = [...byFlight.values()].slice(0, FLIGHTS);
  if (offers.length < FLIGHTS) throw new Error(`only ${offers.length} bookable flights on BLR-HYD`);
  const pax = { adult: 1, child: 0, infant: 0 };
  const bodies: string[] = [];
  for (const offer of offers) {
    const validated = await api.post("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature, pax });
    if (validated.status !== 200) throw new Error(`fare/validate answered ${validated.status}: ${validated.text}`);
    const fareToken = (validated.json as { fare_token: string }).fare_token;
    bodies.push(JSON.stringify({ fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact }));
  }
  return bodies;
}
