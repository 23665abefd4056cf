import type { AirlineProvider } from "@tarmac/airline-port";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

const cancelTerms = (bookingId: string) => ({ booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" });
/** A direct low-cost saver (meals paid) that is not one of the sandbox's scenario flights. */
const directSaver = (o: any) =>
  o.segments.length === 1 && !o.segments[0].flight_no.startsWith("9") && o.fare_brand === "SAVER" && o.inclusions.meal === "PAID";

/** Seats, baggage and meals across a reschedule: the quote says what becomes of each, booking and airline agree afterwards. */
describe("a reschedule of a booking with a seat, baggage and a meal", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  let airline: AirlineProvider;
  beforeAll(async () => {
    const env = { TARMAC_ENV: "test", SANDBOX_TICKETING_DELAY_MS: "200", BOOKING_SWEEP_INTERVAL_MS: "100", ...relaxedRateLimits };
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

  const status = async (bookingId: string) => (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
  const balance = async () => (await api.post("/api/v1/wallet/balance", {})).json.balance_paise as number;
  async function search(days: number) {
    const found = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "CCU", dod: yyyymmdd(new Date(), days), limit: 200 });
    expect(found.status, found.text).toBe(200);
    return (found.json.results as any[]).find(directSaver);
  }

  it("carries the baggage over, refunds the seat and the meal, and keeps booking, airline and wallet in agreement", async () => {
    const offer = await search(25);
    const locked = (await api.post("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature })).json;
    const options = (await api.post("/api/v1/flight/fare/ancillaries", { fare_token: locked.fare_token })).json.passengers[0].segments[0]
      .options as any[];
    const bag = options.find((o) => o.code === "XBAG10");
    const meal = options.find((o) => o.code === "NVML");
    const map = (
      await api.post("/api/v1/flight/fare/seatmap", {
        search_id: offer.search_id,
        signature: offer.signature,
        provider: offer.provider,
        fare_token: locked.fare_token,
      })
    ).json;
    const seat = map.segments[0].seatmap.flatMap((r: any) => r.seats).find((s: any) => s.available && !s.exit_row && s.price_paise > 0);
    const start = await balance();
    const created = await api.post(
      "/api/v1/flight/booking/create",
      {
        fare_token: locked.fare_token,
        passengers: [adultPassenger(1)],
        contact_info: contact,
        ancillaries: [
          { pax_id: "ADT1", ancillary_token: seat.ancillary_token },
          { pax_id: "ADT1", ancillary_token: bag.ancillary_token },
          { pax_id: "ADT1", ancillary_token: meal.ancillary_token },
        ],
      },
      { "idempotency-key": "resched-extras-1" },
    );
    expect(created.status, created.text).toBe(200);
    const bookingId = created.json.booking_id as string;
    const booked = await eventually(async () => {
      const s = await status(bookingId);
      return s.status === "TICKETED" ? s : undefined;
    });

    const newOffer = await search(26);
    const quoted = await api.post("/api/v1/flight/booking/reschedule/quote", {
      booking_id: bookingId,
      new_offer_id: newOffer.offer_id,
      reason_code: "CUSTOMER_REQUEST",
    });
    expect(quoted.status, quoted.text).toBe(200);
    const q = quoted.json;
    expect(q.items.map((i: any) => [i.kind, i.code, i.segment_index, i.new_segment_index, i.price_paise, i.outcome])).toEqual([
      ["SEAT", seat.seat, 0, null, seat.price_paise, "REFUNDED"],
      ["BAGGAGE", "XBAG10", 0, 0, bag.price_paise, "CARRIED_OVER"],
      ["MEAL", "NVML", 0, null, meal.price_paise, "REFUNDED"],
    ]);
    expect(q.items_refund_paise).toBe(seat.price_paise + meal.price_paise);
    const owed = q.fare_difference_paise + q.airline_change_fee_paise + q.ota_fee_paise;
    expect(q.total_payable_paise - q.refund_paise).toBe(owed - q.items_refund_paise);
    expect(Math.min(q.total_payable_paise, q.refund_paise)).toBe(0);

    const beforeConfirm = await balance();
    const confirmed = await api.post("/api/v1/flight/booking/reschedule/confirm", { booking_id: bookingId }, { "idempotency-key": "rx-1" });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await balance()).toBe(beforeConfirm - q.total_payable_paise + q.refund_paise);
    const changed = await status(bookingId);
    expect([changed.seats, changed.seats_paise, changed.extras_paise]).toEqual([[], 0, bag.price_paise]);
    expect(changed.extras.map((e: any) => [e.pax_id, e.segment_index, e.code, e.quantity])).toEqual([["ADT1", 0, "XBAG10", 1]]);
    expect(changed.total_price_paise).toBe(newOffer.best_price_paise + bag.price_paise);
    expect(confirmed.json.new_total_paise).toBe(changed.total_price_paise);
    // The airline holds exactly what the booking itemises.
    expect((await airline.findReservation(bookingId))?.extras).toEqual([{ paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 }]);
    // What the wallet took less what it gave back is what the booking says it was debited: the fare, the change and the bag.
    expect(changed.debited_paise).toBe(booked.debited_paise - seat.price_paise - meal.price_paise + owed);
    expect(start - (await balance())).toBe(changed.debited_paise);

    // Two meals on the new flight: the airline agrees (the old flight's meal is not counted against them).
    const offered = (await api.post("/api/v1/flight/booking/ancillaries/quote", { booking_id: bookingId })).json;
    const newOptions = offered.passengers[0].segments[0].options as any[];
    expect(newOptions.find((o) => o.code === "XBAG10").held_quantity).toBe(1);
    const newMeal = newOptions.find((o) => o.code === "NVML");
    expect(newMeal.held_quantity).toBe(0);
    const added = await api.post(
      "/api/v1/flight/booking/ancillaries/confirm",
      { booking_id: bookingId, selections: [{ ancillary_token: newMeal.ancillary_token, quantity: 2 }] },
      { "idempotency-key": "rx-add-1" },
    );
    expect(added.status, added.text).toBe(200);
    const emd = added.json.items[0].emd_number;
    expect((await airline.findReservation(bookingId))?.extras).toEqual([
      { paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 },
      { paxId: "ADT1", segmentIndex: 0, code: "NVML", quantity: 2, addReference: added.json.addition_id, emdNumber: emd },
    ]);
    const withMeals = await status(bookingId);
    expect(start - (await balance())).toBe(withMeals.debited_paise);

    // Cancelled afterwards: the carried bag is refunded with the fare, the EMD of the meals added after stays with the airline,
    // and so do the reschedule's change fee and platform fee (collected and earned: not refundable paid).
    const cancel = (await api.post("/api/v1/flight/booking/cancel/quote", cancelTerms(bookingId))).json;
    expect(cancel.airline_penalty_paise).toBeGreaterThanOrEqual(2 * newMeal.price_paise);
    const refundablePaid = withMeals.debited_paise - q.airline_change_fee_paise - q.ota_fee_paise;
    expect(cancel.refund_amount_paise).toBe(refundablePaid - cancel.airline_penalty_paise - cancel.ota_fee_paise);
    const done = await api.post("/api/v1/flight/booking/cancel/confirm", cancelTerms(bookingId), { "idempotency-key": "rx-cancel-1" });
    expect(done.status, done.text).toBe(200);
    const refunded = await eventually(async () => {
      const s = await status(bookingId);
      return s.status === "REFUNDED" ? s : undefined;
    });
    expect(refunded.cancellation.refund_amount_paise).toBe(cancel.refund_amount_paise);
    expect(start - (await balance())).toBe(withMeals.debited_paise - cancel.refund_amount_paise);
  });
});
