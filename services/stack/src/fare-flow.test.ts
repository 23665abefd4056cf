import { createClient } from "@connectrpc/connect";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { signedAs, silentLogger } from "@tarmac/kernel/testing";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

interface Offer {
  offer_id: string;
  search_id: string;
  signature: string;
  provider: string;
  best_price_paise: number;
  segments: { carrier: string; flight_no: string; direction: string; cabin?: string }[];
}
interface Envelope {
  trace_id: string;
  error: {
    code: string;
    category: string;
    retryable: boolean;
    provider?: { name: string; code: string; message: string };
    errors?: { field: string }[];
  };
}
interface SeatMap {
  search_id: string;
  signature: string;
  provider: string;
  currency: string;
  segments: {
    segment_index: number;
    origin: string;
    dest: string;
    seatmap: {
      row: number;
      seats: { seat: string; available: boolean; price_paise: number; ancillary_id: string; ancillary_token: string; exit_row: boolean }[];
    }[];
  }[];
  passenger_ancillaries: { pax_id: string; ancillary_tokens: string[] }[];
}

const PAX = { adult: 2, child: 1, infant: 1 };
const SEARCH = { origin: "BLR", dest: "HYD", dod: yyyymmdd(new Date(), 20), pax_adult: 2, pax_child: 1, pax_infant: 1, limit: 500 };
const PROVIDER_TIMEOUT_MS = 400;

/** Search, fare validation and seat maps through the gateway of the real stack, sandbox scenarios included. */
describe("fare validation and seat maps through the gateway", () => {
  let stack: Stack;
  let offers: Offer[];
  beforeAll(async () => {
    const env = { TARMAC_ENV: "test", PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS), ...relaxedRateLimits };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    offers = ((await (await post("/api/v1/flight/search", SEARCH)).json()) as { results: Offer[] }).results;
  }, 30_000);
  afterAll(() => stack?.stop());

  function post(path: string, body: unknown) {
    return fetch(`${stack.gatewayUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": stack.apiKey },
      body: JSON.stringify(body),
    });
  }
  const validate = (offer: Offer, pax: object = PAX) =>
    post("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature, pax });
  const onFlight = (flightNo: string) => {
    const offer = offers.find((o) => o.segments.length === 1 && o.segments[0]!.flight_no === flightNo);
    if (!offer) throw new Error(`no offer on 6E${flightNo}`);
    return offer;
  };
  async function failure(res: Response, status: number): Promise<Envelope["error"]> {
    const body = (await res.json()) as Envelope;
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body.trace_id).toBe(res.headers.get("x-request-id"));
    return body.error;
  }

  it("validates an ordinary offer: a fare token, the same price, segments without cabin", async () => {
    const offer = offers.find((o) => o.segments.every((s) => !s.flight_no.startsWith("9")))!;
    const res = await validate(offer);
    const body = (await res.json()) as { fare_token: string; offer: Offer; price_changed: boolean; locked_until: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.price_changed).toBe(false);
    expect(body.offer.best_price_paise).toBe(offer.best_price_paise);
    expect(body.offer.segments[0]).not.toHaveProperty("cabin");
    const lockMs = Date.parse(body.locked_until) - Date.now();
    expect(lockMs).toBeGreaterThan(14 * 60_000);
    expect(lockMs).toBeLessThanOrEqual(15 * 60_000);
  });

  it("succeeds with the new price, price_changed and previous_price_paise on a price change (6E9101)", async () => {
    const offer = onFlight("9101");
    const res = await validate(offer);
    const body = (await res.json()) as { offer: Offer; price_changed: boolean; previous_price_paise: number };
    expect(res.status).toBe(200);
    expect(body.price_changed).toBe(true);
    expect(body.previous_price_paise).toBe(offer.best_price_paise);
    expect(body.offer.best_price_paise).toBeGreaterThan(offer.best_price_paise);
  });

  it("answers 409 PROVIDER_SOLD_OUT with the provider block when the fare is gone (6E9201)", async () => {
    const error = await failure(await validate(onFlight("9201")), 409);
    expect(error).toMatchObject({ code: "PROVIDER_SOLD_OUT", category: "PROVIDER", retryable: false });
    expect(error.provider).toEqual({ name: "SANDBOX", code: expect.any(String), message: expect.any(String) });
  });

  it("answers 503 PROVIDER_UNAVAILABLE, retryable, when the provider fails (6E9301)", async () => {
    const error = await failure(await validate(onFlight("9301")), 503);
    expect(error).toMatchObject({ code: "PROVIDER_UNAVAILABLE", category: "PROVIDER", retryable: true });
    expect(error.provider?.name).toBe("SANDBOX");
  });

  it("answers 504 PROVIDER_TIMEOUT, retryable, at the provider deadline (6E9401)", async () => {
    const started = Date.now();
    const error = await failure(await validate(onFlight("9401")), 504);
    expect(Date.now() - started).toBeLessThan(PROVIDER_TIMEOUT_MS + 2_000);
    expect(error).toMatchObject({ code: "PROVIDER_TIMEOUT", category: "PROVIDER", retryable: true });
    expect(error.provider).toMatchObject({ name: "SANDBOX", code: "TIMEOUT" });
  });

  it("refuses other passengers than the search's, an unknown offer and a forged fare token", async () => {
    const offer = offers[0]!;
    const pax = await failure(await validate(offer, { adult: 2 }), 400);
    expect(pax).toMatchObject({ code: "VALIDATION_FAILED", errors: [expect.objectContaining({ field: "pax" })] });
    const unknown = await failure(await validate({ ...offer, signature: `${offer.signature.slice(0, -3)}AAA` }), 404);
    expect(unknown.code).toBe("SEARCH_OFFER_NOT_FOUND");
    const seatMap = { search_id: offer.search_id, signature: offer.signature, provider: "SANDBOX", fare_token: "forged" };
    expect((await failure(await post("/api/v1/flight/fare/seatmap", seatMap), 400)).code).toBe("BOOKING_FARE_TOKEN_INVALID");
  });

  it.each([
    ["one-way", SEARCH],
    ["round trip", { ...SEARCH, doa: yyyymmdd(new Date(), 24) }],
  ])(
    "serves a %s seat map of API guide, Fare validation and seat maps: every segment, no infant, integer paise, verifiable tokens",
    async (_, search) => {
      const page = (await (await post("/api/v1/flight/search", search)).json()) as { results: Offer[] };
      const offer = page.results.find((o) => o.segments.every((s) => !s.flight_no.startsWith("9")))!;
      const { fare_token } = (await (await validate(offer)).json()) as { fare_token: string };
      const res = await post("/api/v1/flight/fare/seatmap", {
        search_id: offer.search_id,
        signature: offer.signature,
        provider: offer.provider,
        fare_token,
      });
      const map = (await res.json()) as SeatMap;
      expect(res.status, JSON.stringify(map).slice(0, 500)).toBe(200);
      expect([map.search_id, map.signature, map.provider, map.currency]).toEqual([offer.search_id, offer.signature, "SANDBOX", "INR"]);
      expect(map.segments.map((s) => s.segment_index)).toEqual(offer.segments.map((_, i) => i));
      expect(map.passenger_ancillaries.map((p) => p.pax_id)).toEqual(["ADT1", "ADT2", "CHD1"]);
      const seats = map.segments.flatMap((s) => s.seatmap.flatMap((r) => r.seats.map((seat) => ({ ...seat, row: r.row }))));
      for (const seat of seats) {
        expect(seat.seat).toMatch(new RegExp(`^${seat.row}[A-K]$`));
        expect(Number.isSafeInteger(seat.price_paise) && seat.price_paise >= 0).toBe(true);
      }
      const free = seats.filter((s) => s.available);
      expect(free.length).toBeGreaterThan(0);
      // ADT1 carries the infant: never offered an exit row, nor is the child; ADT2 may take one.
      const exitTokens = new Set(free.filter((s) => s.exit_row).map((s) => s.ancillary_token));
      const tokensOf = (paxId: string) => map.passenger_ancillaries.find((p) => p.pax_id === paxId)!.ancillary_tokens;
      expect(tokensOf("ADT2")).toHaveLength(free.length);
      for (const paxId of ["ADT1", "CHD1"]) expect(tokensOf(paxId).filter((t) => exitTokens.has(t))).toEqual([]);

      // The fare service vouches for a seat token exactly as the seat map showed it.
      const fare = createClient(FareService, createGrpcTransport({ baseUrl: stack.services.fare!, interceptors: [signedAs("booking")] }));
      const { seats: resolved } = await fare.getFareLock({
        agentId: DEMO_AGENT_ID,
        fareToken: fare_token,
        ancillaryTokens: [free[0]!.ancillary_token],
      });
      expect(resolved[0]).toMatchObject({
        seat: free[0]!.seat,
        ancillaryId: free[0]!.ancillary_id,
        pricePaise: BigInt(free[0]!.price_paise),
      });
    },
  );
});
