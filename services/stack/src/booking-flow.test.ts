import type { OutboxEvent } from "@tarmac/events";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { holdAllBut } from "./testing/wallet-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

/** Search, validate, seat map, book, ticketing and the wallet statement through the gateway. */
describe("booking through the gateway of the whole stack", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  const events: OutboxEvent[] = [];
  beforeAll(async () => {
    const env = { TARMAC_ENV: "test", SANDBOX_TICKETING_DELAY_MS: "300", BOOKING_SWEEP_INTERVAL_MS: "100", ...relaxedRateLimits };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    stack.events!.subscribe((event) => void events.push(event));
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 30_000);
  afterAll(() => stack?.stop());

  it("books with seats, goes BOOKED then TICKETED, and the statement shows the debit", async () => {
    const pax = { adult: 1, child: 1, infant: 1 };
    const { offer, fareToken, netFare } = await api.lockedFare({ origin: "BLR", dest: "CCU" }, pax);
    const map = (
      await api.post("/api/v1/flight/fare/seatmap", {
        search_id: offer.search_id,
        signature: offer.signature,
        provider: offer.provider,
        fare_token: fareToken,
      })
    ).json;
    const [adultSeat, childSeat] = map.passenger_ancillaries.find((p: { pax_id: string }) => p.pax_id === "CHD1")
      .ancillary_tokens as string[];
    const seatPrice = (token: string) =>
      map.segments.flatMap((s: any) => s.seatmap.flatMap((r: any) => r.seats)).find((s: any) => s.ancillary_token === token)
        .price_paise as number;
    const before = (await api.post("/api/v1/wallet/balance", {})).json;

    const passengers = [
      adultPassenger(1),
      { ...adultPassenger(1), id: "CHD1", type: "CHD", title: "MSTR", dob: "2018-03-01" },
      { ...adultPassenger(1), id: "INF1", type: "INF", title: "MISS", gender: "F", dob: "2025-08-15" },
    ];
    const ancillaries = [
      { pax_id: "ADT1", ancillary_token: adultSeat },
      { pax_id: "CHD1", ancillary_token: childSeat },
    ];
    const created = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers, contact_info: contact, ancillaries },
      { "idempotency-key": "e2e-1" },
    );
    expect(created.status, created.text).toBe(200);
    const seats = seatPrice(adultSeat!) + seatPrice(childSeat!);
    expect(created.json).toMatchObject({ status: "BOOKED", currency: "INR", total_price_paise: offer.best_price_paise + seats });
    expect(created.json.pnr).toMatch(/^[A-Z0-9]{6}$/);
    const debit = netFare + seats;

    const ticketed = await eventually(async () => {
      const res = await api.post("/api/v1/flight/booking/status", { pnr: created.json.pnr });
      return res.json.status === "TICKETED" ? res.json : undefined;
    });
    expect(ticketed.booking_id).toBe(created.json.booking_id);
    expect(ticketed.ticket_numbers).toHaveLength(3 * offer.segments.length);
    for (const t of ticketed.ticket_numbers) expect(t.ticket_number).toMatch(/^\d{13}$/);
    expect(ticketed.status_history.map((h: { status: string }) => h.status)).toEqual(["PENDING", "BOOKED", "TICKETED"]);
    expect(ticketed.seats.map((s: { pax_id: string }) => s.pax_id)).toEqual(["ADT1", "CHD1"]);

    const after = (await api.post("/api/v1/wallet/balance", {})).json;
    expect(after.balance_paise).toBe(before.balance_paise - debit);
    expect(after.held_paise).toBe(before.held_paise);
    const statement = (await api.post("/api/v1/wallet/statement", { limit: 10 })).json;
    const lines = statement.lines.filter((l: { reference: string }) => l.reference === created.json.booking_id);
    expect(lines.map((l: { kind: string }) => l.kind)).toContain("CAPTURE");
    expect(lines.find((l: { kind: string }) => l.kind === "CAPTURE").amount_paise).toBe(-debit);

    // The seats are taken now: the next seat map shows them so.
    const again = (
      await api.post("/api/v1/flight/fare/seatmap", {
        search_id: offer.search_id,
        signature: offer.signature,
        provider: offer.provider,
        fare_token: fareToken,
      })
    ).json;
    const takenNow = again.segments[0].seatmap
      .flatMap((r: any) => r.seats)
      .filter((s: any) => s.ancillary_id === ticketed.seats[0].ancillary_id);
    expect(takenNow[0].available).toBe(false);

    const types = events
      .filter((e) => e.data.booking_id === created.json.booking_id || e.data.reference === created.json.booking_id)
      .map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["booking.pending", "booking.booked", "booking.ticketed", "wallet.debited"]));
  });

  it("refuses a fare the wallet cannot cover with 402 and leaves the balance alone", async () => {
    const { fareToken, netFare } = await api.lockedFare({ origin: "BLR", dest: "HYD" });
    const before = (await api.post("/api/v1/wallet/balance", {})).json;
    const reserve = await holdAllBut(stack, before.available_paise, netFare - 1);
    try {
      const res = await api.post(
        "/api/v1/flight/booking/create",
        { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
        { "idempotency-key": "poor-1" },
      );
      expect(res.status, res.text).toBe(402);
      expect(res.json.error).toMatchObject({ code: "WALLET_INSUFFICIENT_FUNDS", category: "WALLET" });
      const after = (await api.post("/api/v1/wallet/balance", {})).json;
      expect(after.balance_paise).toBe(before.balance_paise);
    } finally {
      await reserve.release();
    }
  });
});
