import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { signedAs, silentLogger } from "@tarmac/kernel/testing";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { onboardAgent } from "./testing/second-agent.js";

const DEMO_EMAIL = "demo@tarmac.test";
/** The gateway's default USD rate: 0.011990 US dollars per rupee. */
const USD_PER_INR_MICROS = 11_990n;

/** Cents of `paise` at 0.011990 USD/INR, rounded half-even with integers only (the test's own arithmetic). */
function usdCents(paise: number): bigint {
  const numerator = BigInt(paise) * USD_PER_INR_MICROS; // cents * 1e6
  const denominator = 1_000_000n;
  const whole = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && whole % 2n === 1n)) return whole + 1n;
  return whole;
}

/** The secondary surface end to end: OTP login, search in US dollars, booking, price change, logout. */
describe("the secondary surface through the whole stack", () => {
  let stack: Stack;
  let token: string;
  let bookingId: string;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${stack.gatewayUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }).then(async (res) => ({
      status: res.status,
      headers: res.headers,
      json: (await res.json()) as any,
    }));
  const bearer = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    stack = await startStack({
      env: { TARMAC_ENV: "test", OTP_EMAIL_DELIVERY: "development", ...relaxedRateLimits },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
  }, 30_000);
  afterAll(() => stack?.stop());

  it("logs the demo user in with a one-time code and sets the session cookie", async () => {
    const sent = await post("/api/auth/send-otp", { identifier: DEMO_EMAIL, type: "EMAIL" });
    expect(sent.status).toBe(202);
    expect(sent.json).toEqual({ success: true, data: { expires_in: 300, resend_after: 30 } });
    const auth = createClient(AuthService, createGrpcTransport({ baseUrl: stack.services.auth!, interceptors: [signedAs("gateway")] }));
    const [message] = (await auth.listDevOutbox({ identifier: DEMO_EMAIL, limit: 1 })).messages;
    const verified = await post("/api/auth/verify-otp", { identifier: DEMO_EMAIL, code: message!.code });
    expect(verified.status).toBe(200);
    expect(verified.json.data).toMatchObject({ token_type: "Bearer", expires_in: 3600, agent_id: DEMO_AGENT_ID });
    token = verified.json.data.verification_token;
    expect(verified.headers.get("set-cookie")).toMatch(/^tarmac_session=[^;]+;.*HttpOnly.*Secure.*SameSite=Strict/);
  });

  it("searches in US dollars, converting paise exactly and rounding half-even, then books at that price", async () => {
    const search = await post(
      "/api/flights/search",
      {
        origin: "BLR",
        destination: "CCU",
        departure_date: yyyymmdd(new Date(), 25).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3"),
        adults: 1,
        travel_class: "ECONOMY",
        display_currency: "USD",
      },
      bearer(),
    );
    expect(search.status).toBe(200);
    const searchService = createClient(
      SearchService,
      createGrpcTransport({ baseUrl: stack.services.search!, interceptors: [signedAs("gateway", { vouchesForAgents: true })] }),
    );
    for (const flight of search.json.data.flights.slice(0, 20)) {
      const { offer } = await searchService.getOffer({ agentId: DEMO_AGENT_ID, searchId: search.json.data.search_id, offerId: flight.id });
      expect(flight.currency).toBe("USD");
      expect(Math.round(flight.total_price * 100)).toBe(Number(usdCents(Number(offer!.bestPricePaise))));
    }
    const flight = search.json.data.flights.find((f: { outbound: { segments: { flight_number: string }[] } }) =>
      f.outbound.segments.every((s) => !/9\d{3}$/.test(s.flight_number)),
    );
    const booked = await post(
      "/api/flights/booking/create",
      {
        flight_id: flight.id,
        flight_details: flight,
        total_price: flight.total_price,
        currency: "USD",
        passengers: [{ title: "MS", first_name: "Asha", last_name: "Rao", pax_type: "adult", gender: "F", born_on: "1990-05-17" }],
        contact: { email: "asha@example.com", phone: "+919812300000" },
      },
      { ...bearer(), "idempotency-key": "sec-1" },
    );
    expect(booked.status, JSON.stringify(booked.json)).toBe(200);
    expect(booked.json).toMatchObject({ success: true, data: { status: "BOOKED", total_price: flight.total_price, currency: "USD" } });
    expect(booked.json.data.pnr).toMatch(/^[A-Z0-9]{6}$/);
    bookingId = booked.json.data.booking_id;
  });

  it("follows, and quotes a cancellation of, that booking on the primary surface with the same session; webhooks need a key", async () => {
    const status = await post("/api/v1/flight/booking/status", { booking_id: bookingId }, bearer());
    expect(status.status, JSON.stringify(status.json)).toBe(200);
    expect(status.json).toMatchObject({ booking_id: bookingId, agent_id: DEMO_AGENT_ID });
    const balance = await post("/api/v1/wallet/balance", {}, bearer());
    expect([balance.status, balance.json.agent_id]).toEqual([200, DEMO_AGENT_ID]);
    const terms = { booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" };
    const quote = await post("/api/v1/flight/booking/cancel/quote", terms, bearer());
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    const webhooks = await post("/api/v1/webhooks/list", {}, bearer());
    expect([webhooks.status, webhooks.json.error.code, webhooks.json.error.message]).toEqual([
      403,
      "AUTH_FORBIDDEN",
      "This session lacks the webhooks.manage scope",
    ]);
  });

  it("refuses an international flight without passports with the passenger's fields, moving no money; books it with them", async () => {
    const search = await post(
      "/api/flights/search",
      {
        origin: "DEL",
        destination: "DXB",
        departure_date: yyyymmdd(new Date(), 30).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3"),
        adults: 1,
        travel_class: "ECONOMY",
      },
      bearer(),
    );
    expect(search.status, JSON.stringify(search.json)).toBe(200);
    const flight = search.json.data.flights.find((f: { outbound: { segments: { flight_number: string }[] } }) =>
      f.outbound.segments.every((s) => !/9\d{3}$/.test(s.flight_number)),
    );
    expect(flight).toBeDefined();
    const balance = async () => (await post("/api/v1/wallet/balance", {}, { "x-api-key": stack.apiKey })).json.balance_paise as number;
    const before = await balance();
    const passenger = { title: "MS", first_name: "Asha", last_name: "Rao", pax_type: "adult", gender: "F", born_on: "1990-05-17" };
    const request = (p: object) => ({
      flight_id: flight.id,
      total_price: flight.total_price,
      currency: flight.currency,
      passengers: [p],
      contact: { email: "asha@example.com", phone: "+919812300000" },
    });

    const refused = await post("/api/flights/booking/create", request(passenger), { ...bearer(), "idempotency-key": "sec-intl-1" });
    expect(refused.status, JSON.stringify(refused.json)).toBe(400);
    expect(refused.json).toMatchObject({ success: false, error: { code: "VALIDATION_FAILED" } });
    expect(refused.json.error.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual(
      expect.arrayContaining([
        ["passengers[0].passport_number", "REQUIRED"],
        ["passengers[0].passport_expiry", "REQUIRED"],
        ["passengers[0].passport_issuing_country", "REQUIRED"],
      ]),
    );
    expect(await balance()).toBe(before);

    const documents = { passport_number: "K1234567", passport_expiry: "2036-01-31", passport_issuing_country: "IN", pan: "ABCPR1234K" };
    // Two capitals that are no ISO 3166-1 country: refused per field, still nothing moved.
    const unknownCountry = await post(
      "/api/flights/booking/create",
      request({ ...passenger, ...documents, passport_issuing_country: "XX", nationality: "QO" }),
      { ...bearer(), "idempotency-key": "sec-intl-3" },
    );
    expect(unknownCountry.status, JSON.stringify(unknownCountry.json)).toBe(400);
    expect(unknownCountry.json.error.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ["passengers[0].nationality", "INVALID_VALUE"],
      ["passengers[0].passport_issuing_country", "INVALID_VALUE"],
    ]);
    expect(await balance()).toBe(before);
    const booked = await post("/api/flights/booking/create", request({ ...passenger, ...documents }), {
      ...bearer(),
      "idempotency-key": "sec-intl-2",
    });
    expect(booked.status, JSON.stringify(booked.json)).toBe(200);
    expect(booked.json).toMatchObject({ success: true, data: { status: "BOOKED" } });
    expect(await balance()).toBeLessThan(before);
    const status = await post("/api/v1/flight/booking/status", { booking_id: booked.json.data.booking_id }, { "x-api-key": stack.apiKey });
    expect(status.json.passengers[0]).toMatchObject({ passport_number: "K1234567", pan: "ABCPR1234K" });
  });

  it("answers 409 PROVIDER_PRICE_CHANGED with the new price when the airline's price moved (6E9101)", async () => {
    const search = await post(
      "/api/flights/search",
      {
        origin: "BLR",
        destination: "HYD",
        departure_date: yyyymmdd(new Date(), 25).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3"),
        adults: 1,
        travel_class: "ECONOMY",
        display_currency: "EUR",
      },
      bearer(),
    );
    const flight = search.json.data.flights.find((f: { outbound: { segments: { flight_number: string }[] } }) =>
      f.outbound.segments.some((s) => s.flight_number.endsWith("9101")),
    );
    const res = await post(
      "/api/flights/booking/create",
      {
        flight_id: flight.id,
        total_price: flight.total_price,
        currency: "EUR",
        passengers: [{ title: "MR", first_name: "Ravi", last_name: "Iyer", pax_type: "adult", gender: "M", born_on: "1980-01-02" }],
        contact: { email: "ravi@example.com", phone: "+919812300001" },
      },
      bearer(),
    );
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      success: false,
      error: { code: "PROVIDER_PRICE_CHANGED", details: { currency: "EUR", requested_total_price: flight.total_price } },
    });
    expect(res.json.error.details.total_price).toBeGreaterThan(flight.total_price);
  });

  it("never books another agency's flight: answered as an unknown flight", async () => {
    const other = await onboardAgent(stack, "Agency C", "ops@agency-c.test");
    const theirs = await fetch(`${stack.gatewayUrl}/api/v1/flight/search`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": other.apiKey },
      body: JSON.stringify({ origin: "BLR", dest: "CCU", dod: yyyymmdd(new Date(), 25), limit: 1 }),
    }).then((r) => r.json() as Promise<{ results: { offer_id: string; best_price_paise: number }[] }>);
    const attempt = (flightId: string) =>
      post(
        "/api/flights/booking/create",
        {
          flight_id: flightId,
          total_price: 10,
          currency: "INR",
          passengers: [{ title: "MR", first_name: "X", last_name: "Y", pax_type: "adult", gender: "M", born_on: "1980-01-02" }],
          contact: { email: "x@example.com", phone: "+919812300002" },
        },
        bearer(),
      );
    const stolen = await attempt(theirs.results[0]!.offer_id);
    const unknown = await attempt("off_00000000000000000000");
    expect([stolen.status, stolen.json.error.code]).toEqual([unknown.status, unknown.json.error.code]);
    expect([403, 404]).toContain(stolen.status);
  });

  it("pages through a whole search in the first page's currency, every flight once, as many as total_results", async () => {
    const day = yyyymmdd(new Date(), 26).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3");
    const first = await post(
      "/api/flights/search",
      { origin: "BLR", destination: "CCU", departure_date: day, adults: 1, travel_class: "ECONOMY", display_currency: "GBP", limit: 7 },
      bearer(),
    );
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const { total_results: total, search_id: searchId } = first.json.data;
    expect(total).toBeGreaterThan(7);
    const seen: { id: string; currency: string; total_price: number }[] = [...first.json.data.flights];
    let cursor: string | null = first.json.data.cursor;
    while (cursor !== null) {
      const page = await post("/api/flights/search", { cursor, limit: 7 }, bearer());
      expect(page.status, JSON.stringify(page.json)).toBe(200);
      expect(page.json.data.search_id).toBe(searchId);
      expect(page.json.data.total_results).toBe(total);
      seen.push(...page.json.data.flights);
      cursor = page.json.data.cursor;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((f) => f.id)).size).toBe(total);
    expect(seen.every((f) => f.currency === "GBP")).toBe(true);
    // Cheapest first across the pages, not only within each.
    expect(seen.map((f) => f.total_price)).toEqual([...seen.map((f) => f.total_price)].sort((a, b) => a - b));
  });

  it("searches a date-time with an offset on the date it falls on in India: 20:00Z is the next day there", async () => {
    const day = yyyymmdd(new Date(), 27).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3");
    const next = yyyymmdd(new Date(), 28).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3");
    const search = await post(
      "/api/flights/search",
      { origin: "BLR", destination: "CCU", departure_date: `${day}T20:00:00Z`, adults: 1, travel_class: "ECONOMY" },
      bearer(),
    );
    expect(search.status, JSON.stringify(search.json)).toBe(200);
    const departures = search.json.data.flights.map((f: { outbound: { segments: { departure_at: string }[] } }) =>
      f.outbound.segments[0]!.departure_at.slice(0, 10),
    );
    expect(departures.length).toBeGreaterThan(0);
    expect(new Set(departures)).toEqual(new Set([next]));
  });

  it("logs out: the token stops working", async () => {
    const out = await post("/api/auth/logout", {}, bearer());
    expect(out.status).toBe(200);
    const after = await post(
      "/api/flights/search",
      { origin: "BLR", destination: "CCU", departure_date: "2026-12-20", adults: 1, travel_class: "ECONOMY" },
      bearer(),
    );
    expect([after.status, after.json.error.code]).toEqual([401, "AUTH_INVALID_TOKEN"]);
  });
});
