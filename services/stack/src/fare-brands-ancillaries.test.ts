import type { AirlineProvider } from "@tarmac/airline-port";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { onboardAgent } from "./testing/second-agent.js";
import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { signedAs } from "@tarmac/kernel/testing";

const cancelTerms = (bookingId: string) => ({ booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" });
const infant = { ...adultPassenger(1), id: "INF1", type: "INF", title: "MISS", gender: "F", dob: "2025-08-15" };
const boughtWithBooking = {
  source: "BOOKING",
  emd_number: null,
  added_at: null,
  addition_id: null,
  refundable_on_voluntary_cancellation: true,
  status: "OPEN",
};
const flightOf = (o: any) => o.segments.map((s: any) => `${s.carrier}${s.flight_no}`).join("+");

/** Fare brands on offers, and baggage and meals from the ancillaries list to the booking, the wallet and the airline. */
describe("fare brands, baggage and meals through the gateway", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  let airline: AirlineProvider;
  beforeAll(async () => {
    const env = {
      TARMAC_ENV: "test",
      OTP_EMAIL_DELIVERY: "development",
      SANDBOX_TICKETING_DELAY_MS: "200",
      BOOKING_SWEEP_INTERVAL_MS: "100",
      ...relaxedRateLimits,
    };
    stack = await startStack({
      env,
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
      decorateBooking: (wired) => {
        airline = wired.provider;
        return wired;
      },
    });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 30_000);
  afterAll(() => stack?.stop());

  async function search(pax = { adult: 1, child: 0, infant: 0 }) {
    const found = await api.post("/api/v1/flight/search", {
      origin: "BLR",
      dest: "CCU",
      dod: yyyymmdd(new Date(), 25),
      pax_adult: pax.adult,
      pax_infant: pax.infant,
      cabin: "ECONOMY",
      limit: 200,
    });
    expect(found.status, found.text).toBe(200);
    return (found.json.results as any[]).filter((o) => o.segments.every((s: any) => !s.flight_no.startsWith("9")));
  }

  async function lock(offer: any, pax = { adult: 1, child: 0, infant: 0 }) {
    const validated = await api.post("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature, pax });
    expect(validated.status, validated.text).toBe(200);
    return validated.json;
  }

  async function book(fareToken: string, key: string, passengers: unknown[], ancillaries: unknown[] = [], client = api) {
    return client.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers, contact_info: contact, ancillaries },
      { "idempotency-key": key },
    );
  }

  const balance = async () => (await api.post("/api/v1/wallet/balance", {})).json.balance_paise as number;

  it("sells one flight in two brands as two offers whose inclusions show in price, fare rules and the cancellation quote", async () => {
    const offers = await search();
    const saver = offers.find(
      (o) => o.fare_brand === "SAVER" && offers.some((f) => f.fare_brand === "FLEXI" && flightOf(f) === flightOf(o)),
    )!;
    const flexi = offers.find((o) => o.fare_brand === "FLEXI" && flightOf(o) === flightOf(saver))!;
    expect(saver.inclusions).toMatchObject({ refundable: false, change: "PAID" });
    expect(flexi.inclusions).toMatchObject({ refundable: true, change: "INCLUDED", meal: "INCLUDED" });
    expect(flexi.inclusions.checked_baggage_kg).toBeGreaterThan(saver.inclusions.checked_baggage_kg);
    expect(flexi.best_price_paise).toBeGreaterThan(saver.best_price_paise);
    // The page stays in price order: the dearer brand of a flight comes later, not beside its saver.
    expect(offers.indexOf(flexi)).toBeGreaterThan(offers.indexOf(saver));

    const quotes = [];
    for (const [i, offer] of [saver, flexi].entries()) {
      const locked = await lock(offer);
      expect(locked.offer).toMatchObject({ fare_brand: offer.fare_brand, inclusions: offer.inclusions });
      const created = await book(locked.fare_token, `brand-${i}`, [adultPassenger(1)]);
      expect(created.status, created.text).toBe(200);
      const status = (await api.post("/api/v1/flight/booking/status", { booking_id: created.json.booking_id })).json;
      expect(status.fare_rules.refundable).toBe(offer.inclusions.refundable);
      quotes.push({ offer, quote: (await api.post("/api/v1/flight/booking/cancel/quote", cancelTerms(created.json.booking_id))).json });
    }
    const [saverQuote, flexiQuote] = quotes.map((q) => q.quote);
    // The saver forfeits its base fare; the flexi pays its smaller band.
    expect(saverQuote.airline_penalty_paise).toBe(saver.pricing_breakdown.base_fare);
    expect(flexiQuote.airline_penalty_paise).toBeLessThan(flexi.pricing_breakdown.base_fare);
    expect(flexiQuote.refund_amount_paise).toBeGreaterThan(saverQuote.refund_amount_paise);
  });

  it("books a seat, extra baggage and two meals in one debit equal to their sum, itemised, held by the airline", async () => {
    const pax = { adult: 1, child: 0, infant: 1 };
    const offer = (await search(pax)).find((o) => o.fare_brand === "SAVER" && o.inclusions.meal === "PAID")!;
    const locked = await lock(offer, pax);
    const list = await api.post("/api/v1/flight/fare/ancillaries", { fare_token: locked.fare_token, search_id: offer.search_id });
    expect(list.status, list.text).toBe(200);
    // Lap infants get no baggage or meal from this airline.
    expect(list.json.passengers.map((p: any) => p.pax_id)).toEqual(["ADT1"]);
    const options = list.json.passengers[0].segments[0].options as any[];
    const bag = options.find((o) => o.code === "XBAG10");
    const meal = options.find((o) => o.code === "NVML");
    expect(bag).toMatchObject({ kind: "BAGGAGE", weight_kg: 10, max_quantity: 1, ancillary_id: "BAGGAGE-0-XBAG10" });
    expect(meal).toMatchObject({ kind: "MEAL", max_quantity: 2 });
    expect(meal.price_paise).toBeGreaterThan(0);
    const map = (
      await api.post("/api/v1/flight/fare/seatmap", {
        search_id: offer.search_id,
        signature: offer.signature,
        provider: offer.provider,
        fare_token: locked.fare_token,
      })
    ).json;
    const seat = map.segments[0].seatmap.flatMap((r: any) => r.seats).find((s: any) => s.available && !s.exit_row && s.price_paise > 0);
    const before = await balance();

    const ancillaries = [
      { pax_id: "ADT1", ancillary_token: seat.ancillary_token },
      { pax_id: "ADT1", ancillary_token: bag.ancillary_token },
      { pax_id: "ADT1", ancillary_token: meal.ancillary_token, quantity: 2 },
    ];
    const created = await book(locked.fare_token, "extras-1", [adultPassenger(1), infant], ancillaries);
    expect(created.status, created.text).toBe(200);
    const extras = bag.price_paise + 2 * meal.price_paise;
    const netFare = locked.offer.pricing_breakdown.net_fare;
    expect(created.json.total_price_paise).toBe(locked.offer.best_price_paise + seat.price_paise + extras);
    expect(await balance()).toBe(before - (netFare + seat.price_paise + extras));

    const status = (await api.post("/api/v1/flight/booking/status", { booking_id: created.json.booking_id })).json;
    expect(status).toMatchObject({
      seats_paise: seat.price_paise,
      extras_paise: extras,
      debited_paise: netFare + seat.price_paise + extras,
    });
    expect(status.extras).toEqual([
      {
        pax_id: "ADT1",
        segment_index: 0,
        kind: "BAGGAGE",
        code: "XBAG10",
        description: bag.description,
        quantity: 1,
        weight_kg: 10,
        unit_price_paise: bag.price_paise,
        price_paise: bag.price_paise,
        ancillary_id: "BAGGAGE-0-XBAG10",
        ...boughtWithBooking,
      },
      {
        pax_id: "ADT1",
        segment_index: 0,
        kind: "MEAL",
        code: "NVML",
        description: meal.description,
        quantity: 2,
        weight_kg: 0,
        unit_price_paise: meal.price_paise,
        price_paise: 2 * meal.price_paise,
        ancillary_id: "MEAL-0-NVML",
        ...boughtWithBooking,
      },
    ]);
    const statement = (await api.post("/api/v1/wallet/statement", { limit: 10 })).json;
    const captures = statement.lines.filter((l: any) => l.reference === created.json.booking_id && l.kind === "CAPTURE");
    expect(captures.map((l: any) => l.amount_paise)).toEqual([-(netFare + seat.price_paise + extras)]);
    const reservation = await airline.findReservation(created.json.booking_id);
    expect(reservation?.extras).toEqual([
      { paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 },
      { paxId: "ADT1", segmentIndex: 0, code: "NVML", quantity: 2 },
    ]);

    // Cancelled once ticketed: the refund is everything debited, the extras included, less the fare's penalty and the fee.
    await eventually(async () =>
      (await api.post("/api/v1/flight/booking/status", { booking_id: created.json.booking_id })).json.status === "TICKETED"
        ? true
        : undefined,
    );
    // 5 kg more for ADT1 after ticketing: its own debit and EMD; a voluntary cancellation leaves the EMD to the airline.
    const bookingId = created.json.booking_id;
    const before5kg = (await api.post("/api/v1/flight/booking/cancel/quote", cancelTerms(bookingId))).json;
    const offered = (await api.post("/api/v1/flight/booking/ancillaries/quote", { booking_id: bookingId })).json;
    expect(offered.passengers.map((p: any) => p.pax_id)).toEqual(["ADT1"]);
    const more = offered.passengers[0].segments[0].options.find((o: any) => o.code === "XBAG5");
    expect(offered.passengers[0].segments[0].options.find((o: any) => o.code === "XBAG10").held_quantity).toBe(1);
    const selections = [{ ancillary_token: more.ancillary_token }];
    const confirmAdd = () =>
      api.post("/api/v1/flight/booking/ancillaries/confirm", { booking_id: bookingId, selections }, { "idempotency-key": "extras-add-1" });
    // Two at once under one key: one buys, the other is told it runs (or replays); a retry replays.
    const both = await Promise.all([confirmAdd(), confirmAdd()]);
    const added = both.find((r) => r.status === 200)!;
    for (const r of both) if (r.status !== 200) expect(r.json.error.code).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
    const again = await confirmAdd();
    expect([again.status, again.json.addition_id]).toEqual([200, added.json.addition_id]);
    const item = added.json.items[0];
    expect([added.json.debited_paise, item.source, item.emd_number]).toEqual([
      more.price_paise,
      "ADDED",
      expect.stringMatching(/^\d{3}8\d{9}$/),
    ]);
    const addedStatement = (await api.post("/api/v1/wallet/statement", { limit: 10 })).json;
    expect(addedStatement.lines.filter((l: any) => l.kind === "CAPTURE" && l.reference.includes(added.json.addition_id))).toHaveLength(1);
    expect((await airline.findReservation(bookingId))?.extras).toContainEqual({
      paxId: "ADT1",
      segmentIndex: 0,
      code: "XBAG5",
      quantity: 1,
      addReference: added.json.addition_id,
      emdNumber: item.emd_number,
    });
    const quote = (await api.post("/api/v1/flight/booking/cancel/quote", cancelTerms(bookingId))).json;
    expect(quote.airline_penalty_paise).toBe(before5kg.airline_penalty_paise + more.price_paise);
    expect(quote.refund_amount_paise).toBe(before5kg.refund_amount_paise);
    expect(quote.refund_amount_paise).toBe(
      netFare + seat.price_paise + extras + more.price_paise - quote.airline_penalty_paise - quote.ota_fee_paise,
    );
    const confirmed = await api.post("/api/v1/flight/booking/cancel/confirm", cancelTerms(created.json.booking_id), {
      "idempotency-key": "extras-cancel-1",
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const refunded = await eventually(async () => {
      const s = (await api.post("/api/v1/flight/booking/status", { booking_id: created.json.booking_id })).json;
      return s.status === "REFUNDED" ? s : undefined;
    });
    expect(refunded.cancellation.refund_amount_paise).toBe(quote.refund_amount_paise);
  });

  it("refuses bad baggage and meal choices field by field and moves no money", async () => {
    const pax = { adult: 2, child: 0, infant: 0 };
    const offer = (await search(pax)).find((o) => o.fare_brand === "SAVER" && o.inclusions.meal === "PAID")!;
    const locked = await lock(offer, pax);
    const other = await lock(offer, pax);
    const options = async (fareToken: string, paxId: string) =>
      (await api.post("/api/v1/flight/fare/ancillaries", { fare_token: fareToken })).json.passengers.find((p: any) => p.pax_id === paxId)
        .segments[0].options as any[];
    const mine = await options(locked.fare_token, "ADT1");
    const bag = mine.find((o) => o.code === "XBAG5");
    const meal = mine.find((o) => o.code === "VGML");
    const othersBag = (await options(other.fare_token, "ADT1")).find((o) => o.code === "XBAG5");
    const before = await balance();
    const passengers = [adultPassenger(1), adultPassenger(2)];
    const cases: [unknown[], string, string][] = [
      [[{ pax_id: "ADT1", ancillary_token: "not-a-token" }], "ancillaries[0].ancillary_token", "INVALID_VALUE"],
      [[{ pax_id: "ADT1", ancillary_token: othersBag.ancillary_token }], "ancillaries[0].ancillary_token", "INVALID_VALUE"],
      [[{ pax_id: "ADT2", ancillary_token: bag.ancillary_token }], "ancillaries[0].ancillary_token", "INVALID_VALUE"],
      [[{ pax_id: "ADT1", ancillary_token: bag.ancillary_token, quantity: 2 }], "ancillaries[0].quantity", "OUT_OF_RANGE"],
      [
        [
          { pax_id: "ADT1", ancillary_token: meal.ancillary_token, quantity: 2 },
          { pax_id: "ADT1", ancillary_token: meal.ancillary_token },
        ],
        "ancillaries[1].quantity",
        "OUT_OF_RANGE",
      ],
      [[{ pax_id: "CHD1", ancillary_token: meal.ancillary_token }], "ancillaries[0].pax_id", "INVALID_VALUE"],
    ];
    for (const [i, [ancillaries, field, code]] of cases.entries()) {
      const refused = await book(locked.fare_token, `bad-extras-${i}`, passengers, ancillaries);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.error.errors).toContainEqual(expect.objectContaining({ field, code }));
    }
    expect(await balance()).toBe(before);
    const list = await api.post("/api/v1/flight/fare/ancillaries", { fare_token: "garbage" });
    expect(list.status).toBe(400);
    expect(list.json.error.code).toBe("BOOKING_FARE_TOKEN_INVALID");
  });

  it("answers another agency's fare token and options as if they did not exist (BOLA)", async () => {
    const offer = (await search()).find((o) => o.fare_brand === "SAVER")!;
    const locked = await lock(offer);
    const mine = await api.post("/api/v1/flight/fare/ancillaries", { fare_token: locked.fare_token });
    const bag = mine.json.passengers[0].segments[0].options[0];
    const other = await onboardAgent(stack, "Other Travels", "ops@other-travels.example");
    const theirs = apiClient(stack.gatewayUrl, other.apiKey);
    const peek = await theirs.post("/api/v1/flight/fare/ancillaries", { fare_token: locked.fare_token });
    expect(peek.json.error.code).toBe("BOOKING_FARE_TOKEN_INVALID");
    // Their own fare with my option's token: not one of their options.
    const own = await theirs.post("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature });
    expect(own.status).toBeGreaterThanOrEqual(400);
    const theirOffer = (
      await theirs.post("/api/v1/flight/search", { origin: "BLR", dest: "CCU", dod: yyyymmdd(new Date(), 25), cabin: "ECONOMY", limit: 5 })
    ).json.results[0];
    const theirLock = (
      await theirs.post("/api/v1/flight/fare/validate", { search_id: theirOffer.search_id, signature: theirOffer.signature })
    ).json;
    const refused = await book(
      theirLock.fare_token,
      "bola-1",
      [adultPassenger(1)],
      [{ pax_id: "ADT1", ancillary_token: bag.ancillary_token }],
      theirs,
    );
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.error.errors).toContainEqual(
      expect.objectContaining({ field: "ancillaries[0].ancillary_token", code: "INVALID_VALUE" }),
    );
  });

  it("books baggage and meals by code on the secondary surface, priced on top of the flight's total", async () => {
    const email = "demo@tarmac.test";
    await api.post("/api/auth/send-otp", { identifier: email, type: "EMAIL" });
    const auth = createClient(AuthService, createGrpcTransport({ baseUrl: stack.services.auth!, interceptors: [signedAs("gateway")] }));
    const [message] = (await auth.listDevOutbox({ identifier: email, limit: 1 })).messages;
    const verified = await api.post("/api/auth/verify-otp", { identifier: email, code: message!.code });
    expect(verified.json.data.agent_id).toBe(DEMO_AGENT_ID);
    const session = { authorization: `Bearer ${verified.json.data.verification_token as string}` };
    const date = yyyymmdd(new Date(), 25).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3");
    const found = await api.post(
      "/api/flights/search",
      { origin: "BLR", destination: "CCU", departure_date: date, adults: 1, travel_class: "ECONOMY" },
      session,
    );
    expect(found.status, found.text).toBe(200);
    const flight = found.json.data.flights.find((f: any) => f.outbound.segments.every((s: any) => !s.flight_number.includes("9")));
    const body = {
      flight_id: flight.id,
      total_price: flight.total_price,
      currency: "INR",
      passengers: [{ title: "MS", first_name: "Asha", last_name: "Rao", pax_type: "adult", gender: "F", born_on: "1990-05-17" }],
      contact: { email: "asha@example.com", phone: "+919812300000" },
    };
    const unknown = await api.post(
      "/api/flights/booking/create",
      { ...body, extras: [{ passenger: 0, segment_index: 0, code: "LOBSTER" }] },
      session,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.errors).toContainEqual(expect.objectContaining({ field: "extras[0].code", code: "INVALID_VALUE" }));
    const tooMany = await api.post(
      "/api/flights/booking/create",
      { ...body, extras: [{ passenger: 0, segment_index: 0, code: "XBAG15", quantity: 2 }] },
      session,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.errors).toContainEqual(expect.objectContaining({ field: "extras[0].quantity", code: "OUT_OF_RANGE" }));

    const extras = [
      { passenger: 0, segment_index: 0, code: "XBAG15" },
      { passenger: 0, segment_index: 0, code: "VGML", quantity: 1 },
    ];
    const booked = await api.post("/api/flights/booking/create", { ...body, extras }, { ...session, "idempotency-key": "sec-extras-1" });
    expect(booked.status, booked.text).toBe(200);
    const status = (await api.post("/api/v1/flight/booking/status", { booking_id: booked.json.data.booking_id })).json;
    expect(status.extras.map((e: any) => [e.code, e.quantity])).toEqual([
      ["XBAG15", 1],
      ["VGML", 1],
    ]);
    expect(booked.json.data.total_price * 100).toBe(Math.round(flight.total_price * 100) + status.extras_paise);
  });
});
