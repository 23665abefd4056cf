import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { yyyymmdd } from "./banner.js";
import { holdAllBut } from "./testing/wallet-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

/** Cancellation with its refund and reschedule with its debit, through the gateway of the whole stack. */
describe("cancel and reschedule through the gateway", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    const env = { TARMAC_ENV: "test", SANDBOX_TICKETING_DELAY_MS: "200", BOOKING_SWEEP_INTERVAL_MS: "100", ...relaxedRateLimits };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 30_000);
  afterAll(() => stack?.stop());

  let bookings = 0;
  async function book(route = { origin: "BLR", dest: "CCU" }) {
    const { fareToken, netFare } = await api.lockedFare(route, undefined, 25);
    const res = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": `chg-${++bookings}` },
    );
    expect(res.status, res.text).toBe(200);
    return { bookingId: res.json.booking_id as string, netFare };
  }
  const status = async (bookingId: string) => (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
  const cancelTerms = (bookingId: string) => ({ booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" });

  it("cancels: CANCELLED then REFUNDED, the refund once in the statement, even under a storm of 30 confirms", async () => {
    const { bookingId, netFare } = await book();
    const before = (await api.post("/api/v1/wallet/balance", {})).json;
    const quote = await api.post("/api/v1/flight/booking/cancel/quote", cancelTerms(bookingId));
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json.refund_amount_paise).toBe(netFare - quote.json.airline_penalty_paise - quote.json.ota_fee_paise);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        api.post("/api/v1/flight/booking/cancel/confirm", cancelTerms(bookingId), { "idempotency-key": `cancel-${bookingId}` }),
      ),
    );
    const done = answers.filter((a) => a.status === 200);
    expect(done.length + answers.filter((a) => a.status === 409).length).toBe(30);
    for (const a of done) expect(a.text).toBe(done[0]!.text);
    expect(done[0]!.json.refund_amount_paise).toBe(quote.json.refund_amount_paise);

    const booking = await status(bookingId);
    expect(booking.status_history.map((h: { status: string }) => h.status)).toEqual(expect.arrayContaining(["CANCELLED", "REFUNDED"]));
    expect(booking.status).toBe("REFUNDED");
    expect(booking.cancellation).toMatchObject({ cancellation_type: "VOLUNTARY", refund_amount_paise: quote.json.refund_amount_paise });
    const statement = (await api.post("/api/v1/wallet/statement", { limit: 50 })).json;
    const refunds = statement.lines.filter((l: { kind: string; reference: string }) => l.kind === "REFUND" && l.reference === bookingId);
    expect(refunds.map((l: { amount_paise: number }) => l.amount_paise)).toEqual([quote.json.refund_amount_paise]);
    const after = (await api.post("/api/v1/wallet/balance", {})).json;
    expect(after.balance_paise).toBe(before.balance_paise + quote.json.refund_amount_paise);
  });

  it("reschedules a ticketed booking: new itinerary, new tickets, the change debited once under a storm of 30 confirms", async () => {
    const { bookingId } = await book();
    const ticketed = await eventually(async () => {
      const b = await status(bookingId);
      return b.status === "TICKETED" ? b : undefined;
    });
    const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "CCU", dod: yyyymmdd(new Date(), 26), limit: 20 });
    const newOffer = search.json.results.find((o: { segments: { flight_no: string }[] }) =>
      o.segments.every((s) => !s.flight_no.startsWith("9")),
    );
    const quote = await api.post("/api/v1/flight/booking/reschedule/quote", {
      booking_id: bookingId,
      new_offer_id: newOffer.offer_id,
      reason_code: "CUSTOMER_REQUEST",
    });
    expect(quote.status, quote.text).toBe(200);
    const { fare_difference_paise, airline_change_fee_paise, ota_fee_paise, total_payable_paise } = quote.json;
    expect(total_payable_paise).toBe(fare_difference_paise + airline_change_fee_paise + ota_fee_paise);
    const before = (await api.post("/api/v1/wallet/balance", {})).json;

    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        api.post("/api/v1/flight/booking/reschedule/confirm", { booking_id: bookingId }, { "idempotency-key": `resched-${bookingId}` }),
      ),
    );
    const done = answers.filter((a) => a.status === 200);
    expect(done.length + answers.filter((a) => a.status === 409).length).toBe(30);
    expect(done[0]!.json).toMatchObject({
      booking_id: bookingId,
      fare_difference_paise,
      change_penalty_paise: airline_change_fee_paise + ota_fee_paise,
    });
    for (const a of done) expect(a.text).toBe(done[0]!.text);

    const after = (await api.post("/api/v1/wallet/balance", {})).json;
    expect(after.balance_paise).toBe(before.balance_paise - total_payable_paise);
    const changed = await status(bookingId);
    expect(changed.status).toBe("TICKETED");
    expect(changed.segments[0].dep_time.slice(0, 10)).toBe(newOffer.segments[0].dep_time.slice(0, 10));
    expect(changed.reschedule).toMatchObject({ new_offer_id: newOffer.offer_id, new_total_paise: done[0]!.json.new_total_paise });
    expect(changed.ticket_numbers.map((t: { ticket_number: string }) => t.ticket_number)).not.toEqual(
      ticketed.ticket_numbers.map((t: { ticket_number: string }) => t.ticket_number),
    );
    expect(changed.status_history.at(-1).reason).toContain("rescheduled");
  });

  it("answers 402 to a reschedule the wallet cannot pay and leaves the booking as it was", async () => {
    const { bookingId } = await book({ origin: "BLR", dest: "HYD" });
    // Ticketed first: otherwise ticketing may land between the reads below and look like a change.
    await eventually(async () => ((await status(bookingId)).status === "TICKETED" ? true : undefined));
    const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "HYD", dod: yyyymmdd(new Date(), 27), limit: 20 });
    const newOffer = search.json.results.find((o: { segments: { flight_no: string }[] }) =>
      o.segments.every((s) => !s.flight_no.startsWith("9")),
    );
    const quote = await api.post("/api/v1/flight/booking/reschedule/quote", {
      booking_id: bookingId,
      new_offer_id: newOffer.offer_id,
      reason_code: "OTHER",
    });
    const before = await status(bookingId);
    const available = (await api.post("/api/v1/wallet/balance", {})).json.available_paise;
    const reserve = await holdAllBut(stack, available, quote.json.total_payable_paise - 1);
    try {
      const res = await api.post(
        "/api/v1/flight/booking/reschedule/confirm",
        { booking_id: bookingId },
        { "idempotency-key": `poor-${bookingId}` },
      );
      expect(res.status, res.text).toBe(402);
      const after = await status(bookingId);
      expect([after.segments, after.status, after.debited_paise, after.reschedule]).toEqual([
        before.segments,
        before.status,
        before.debited_paise,
        null,
      ]);
    } finally {
      await reserve.release();
    }
  });
});
