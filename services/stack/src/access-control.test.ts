import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, type ApiResponse } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { onboardAgent } from "./testing/second-agent.js";

/**
 * Broken object level authorisation, tried hard: agent A's credentials against every route that
 * takes an id, with agent B's ids. A never sees B's data, and B's id is answered exactly like an
 * id that never existed, so A cannot even learn that it exists.
 */
describe("agent A cannot reach agent B's objects", () => {
  let stack: Stack;
  let a: ReturnType<typeof apiClient>;
  let b: ReturnType<typeof apiClient>;
  let agentB: Awaited<ReturnType<typeof onboardAgent>>;
  const ids = {} as {
    bookingId: string;
    pnr: string;
    searchId: string;
    signature: string;
    offerId: string;
    cursor: string;
    fareToken: string;
    seatToken: string;
  };

  beforeAll(async () => {
    stack = await startStack({
      env: { TARMAC_ENV: "test", ...relaxedRateLimits },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
    a = apiClient(stack.gatewayUrl, stack.apiKey);
    agentB = await onboardAgent(stack, "Agency B", "ops@agency-b.test");
    b = apiClient(stack.gatewayUrl, agentB.apiKey);
    // B searches, locks a fare, reads its seat map and books: everything A will try to reach.
    const search = await b.post("/api/v1/flight/search", { origin: "BLR", dest: "CCU", dod: yyyymmdd(new Date(), 25), limit: 5 });
    ids.cursor = search.json.cursor;
    const { offer, fareToken } = await b.lockedFare({ origin: "BLR", dest: "CCU" });
    Object.assign(ids, { searchId: offer.search_id, signature: offer.signature, offerId: offer.offer_id, fareToken });
    const map = await b.post("/api/v1/flight/fare/seatmap", {
      search_id: offer.search_id,
      signature: offer.signature,
      provider: offer.provider,
      fare_token: fareToken,
    });
    ids.seatToken = map.json.passenger_ancillaries[0].ancillary_tokens[0];
    const booked = await b.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": "b-1" },
    );
    expect(booked.status, booked.text).toBe(200);
    Object.assign(ids, { bookingId: booked.json.booking_id, pnr: booked.json.pnr });
  }, 60_000);
  afterAll(() => stack?.stop());

  /** Route, A's request with B's id, and the same request with an id that never existed. */
  const attempts: [string, () => Promise<ApiResponse>, () => Promise<ApiResponse>][] = [
    [
      "status by booking id",
      () => a.post("/api/v1/flight/booking/status", { booking_id: ids.bookingId }),
      () => a.post("/api/v1/flight/booking/status", { booking_id: "bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ" }),
    ],
    [
      "status by PNR",
      () => a.post("/api/v1/flight/booking/status", { pnr: ids.pnr }),
      () => a.post("/api/v1/flight/booking/status", { pnr: "ZZZ222" }),
    ],
    [
      "search cursor",
      () => a.post("/api/v1/flight/search", { cursor: ids.cursor }),
      () => a.post("/api/v1/flight/search", { cursor: `${ids.cursor.slice(0, -4)}AAAA` }),
    ],
    [
      "fare validate",
      () => a.post("/api/v1/flight/fare/validate", { search_id: ids.searchId, signature: ids.signature }),
      () => a.post("/api/v1/flight/fare/validate", { search_id: ids.searchId, signature: `${ids.signature.slice(0, -4)}AAAA` }),
    ],
    [
      "seat map",
      () =>
        a.post("/api/v1/flight/fare/seatmap", {
          search_id: ids.searchId,
          signature: ids.signature,
          provider: "SANDBOX",
          fare_token: ids.fareToken,
        }),
      () =>
        a.post("/api/v1/flight/fare/seatmap", {
          search_id: ids.searchId,
          signature: ids.signature,
          provider: "SANDBOX",
          fare_token: `${ids.fareToken.slice(0, -4)}AAAA`,
        }),
    ],
    [
      "booking create with B's fare token",
      () =>
        a.post(
          "/api/v1/flight/booking/create",
          { fare_token: ids.fareToken, passengers: [adultPassenger(1)], contact_info: contact },
          { "idempotency-key": "a-steal-1" },
        ),
      () =>
        a.post(
          "/api/v1/flight/booking/create",
          { fare_token: `${ids.fareToken.slice(0, -4)}AAAA`, passengers: [adultPassenger(1)], contact_info: contact },
          { "idempotency-key": "a-steal-2" },
        ),
    ],
    [
      "cancel quote",
      () => a.post("/api/v1/flight/booking/cancel/quote", cancel(ids.bookingId)),
      () => a.post("/api/v1/flight/booking/cancel/quote", cancel("bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ")),
    ],
    [
      "cancel confirm",
      () => a.post("/api/v1/flight/booking/cancel/confirm", cancel(ids.bookingId), { "idempotency-key": "a-c1" }),
      () => a.post("/api/v1/flight/booking/cancel/confirm", cancel("bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ"), { "idempotency-key": "a-c2" }),
    ],
    [
      "reschedule quote of B's booking",
      () =>
        a.post("/api/v1/flight/booking/reschedule/quote", { booking_id: ids.bookingId, new_offer_id: ids.offerId, reason_code: "OTHER" }),
      () =>
        a.post("/api/v1/flight/booking/reschedule/quote", {
          booking_id: "bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ",
          new_offer_id: ids.offerId,
          reason_code: "OTHER",
        }),
    ],
    [
      "reschedule confirm",
      () => a.post("/api/v1/flight/booking/reschedule/confirm", { booking_id: ids.bookingId }, { "idempotency-key": "a-r1" }),
      () =>
        a.post(
          "/api/v1/flight/booking/reschedule/confirm",
          { booking_id: "bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ" },
          { "idempotency-key": "a-r2" },
        ),
    ],
    [
      "agent_id naming B",
      () =>
        a.post(
          "/api/v1/flight/booking/create",
          { agent_id: agentB.agentId, fare_token: ids.fareToken, passengers: [adultPassenger(1)], contact_info: contact },
          { "idempotency-key": "a-b1" },
        ),
      () =>
        a.post(
          "/api/v1/flight/booking/create",
          { agent_id: "agt_01JZZZZZZZZZZZZZZZZZZZZZZZ", fare_token: ids.fareToken, passengers: [adultPassenger(1)], contact_info: contact },
          { "idempotency-key": "a-b2" },
        ),
    ],
  ];

  it.each(attempts)("%s: never B's data, answered as for an id that never existed", async (_, withBsId, withUnknownId) => {
    const stolen = await withBsId();
    const unknown = await withUnknownId();
    expect([400, 403, 404]).toContain(stolen.status);
    expect([stolen.status, stolen.json.error?.code]).toEqual([unknown.status, unknown.json.error?.code]);
    // An error envelope and nothing else: no booking, offer or seat of B's comes back.
    expect(Object.keys(stolen.json).sort()).toEqual(["error", "trace_id"]);
    expect(stolen.text).not.toContain(ids.pnr);
  });

  it("left B's booking and wallet untouched", async () => {
    const booking = await b.post("/api/v1/flight/booking/status", { booking_id: ids.bookingId });
    expect(booking.json).toMatchObject({
      status: expect.stringMatching(/BOOKED|TICKETED/),
      agent_id: agentB.agentId,
      cancellation: null,
      reschedule: null,
    });
    const statement = (await b.post("/api/v1/wallet/statement", { limit: 20 })).json;
    expect(statement.lines.filter((l: { kind: string }) => l.kind === "CAPTURE")).toHaveLength(1);
  });

  it("A's own reschedule cannot use B's offer", async () => {
    const { fareToken } = await a.lockedFare({ origin: "BLR", dest: "CCU" });
    const mine = await a.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": "a-own" },
    );
    const quote = await a.post("/api/v1/flight/booking/reschedule/quote", {
      booking_id: mine.json.booking_id,
      new_offer_id: ids.offerId,
      reason_code: "OTHER",
    });
    expect([quote.status, quote.json.error.code]).toEqual([404, "SEARCH_OFFER_NOT_FOUND"]);
  });

  it("a revoked key stops working at the gateway within 5 seconds", async () => {
    expect((await b.post("/api/v1/wallet/balance", {})).status).toBe(200);
    const revokedAt = Date.now();
    await agentB.auth.revokeApiKey({ keyId: agentB.keyId });
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 7_000) {
      status = (await b.post("/api/v1/wallet/balance", {})).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(5_500);
  }, 15_000);
});

function cancel(bookingId: string) {
  return { booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" };
}
