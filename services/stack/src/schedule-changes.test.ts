import type { OutboxEvent } from "@tarmac/events";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { webhookReceiver } from "@tarmac/webhooks/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

const MINUTE = 60_000;
const TYPES = ["schedule_change.detected", "schedule_change.accepted", "schedule_change.resolved"];

interface Offer {
  search_id: string;
  signature: string;
  segments: { carrier: string; flight_no: string; dep_time: string; arr_time: string }[];
}

/** The airline's changes after ticketing (sandbox 6E9001, 9011, 9021) through the gateway of the whole stack. */
describe("schedule changes through the gateway", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  const clock = new ManualClock(new Date());
  const events: OutboxEvent[] = [];
  beforeAll(async () => {
    const env = {
      TARMAC_ENV: "test",
      WEBHOOK_ALLOW_LOOPBACK: "true",
      WEBHOOK_POLL_INTERVAL_MS: "50",
      SANDBOX_TICKETING_DELAY_MS: "200",
      BOOKING_SWEEP_INTERVAL_MS: "100",
      ...relaxedRateLimits,
    };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger(), clock });
    stack.events!.subscribe((event) => void events.push(event));
    api = apiClient(stack.gatewayUrl, stack.apiKey);
    receiver = await webhookReceiver();
    const endpoint = await api.post("/api/v1/webhooks/create", { url: receiver.url, event_types: TYPES, description: "schedule changes" });
    expect(endpoint.status, endpoint.text).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  let keys = 0;
  /** A ticketed booking of one adult on BLR-HYD flight `flightNo`, 20 days out. */
  async function ticketedOn(flightNo: string) {
    const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "HYD", dod: yyyymmdd(clock.now(), 20), limit: 200 });
    expect(search.status, search.text).toBe(200);
    const offer = (search.json.results as Offer[]).find((o) => o.segments.length === 1 && o.segments[0]!.flight_no === flightNo);
    if (!offer) throw new Error(`no offer on ${flightNo}`);
    const fare = await api.post("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature });
    expect(fare.status, fare.text).toBe(200);
    const created = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fare.json.fare_token, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": `sc-${++keys}-${flightNo}` },
    );
    expect(created.status, created.text).toBe(200);
    const bookingId = created.json.booking_id as string;
    clock.advance(1_000);
    const ticketed = await eventually(async () => {
      const b = (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
      return b.status === "TICKETED" ? b : undefined;
    });
    return { bookingId, offer, booking: ticketed };
  }

  /** The airline's change, once booking has recorded it: 10 minutes after ticketing, by the clock. */
  async function detected(bookingId: string) {
    clock.advance(11 * MINUTE);
    const listed = await eventually(async () => {
      const res = await api.post("/api/v1/flight/schedule-changes/list", { booking_id: bookingId });
      expect(res.status, res.text).toBe(200);
      return res.json.count > 0 ? res.json : undefined;
    }, 15_000);
    expect(listed.count).toBe(1);
    return listed.schedule_changes[0];
  }

  const eventsOf = (bookingId: string) => events.filter((e) => e.data.booking_id === bookingId).map((e) => e.type);
  const webhooksOf = async (bookingId: string, count: number) => {
    await stack.dispatchWebhooks();
    return eventually(async () => {
      await stack.dispatchWebhooks();
      const got = receiver.received.filter((r) => r.json.data.booking_id === bookingId).map((r) => r.json.type);
      return got.length >= count ? got : undefined;
    }, 15_000);
  };
  const balance = async () => (await api.post("/api/v1/wallet/balance", {})).json.balance_paise as number;

  // First: a reschedule takes offers searched after the booking, and search ids carry the real time while the
  // booking carries the test's clock, which the other tests move ahead of it.
  it("rebooks a cancelled 6E9021 onto another BLR-HYD flight with the fare difference and fees waived", async () => {
    const { bookingId, booking } = await ticketedOn("9021");
    const change = await detected(bookingId);
    expect(change.actions).toEqual(["CANCEL", "REBOOK"]);
    const before = await balance();
    // Another flight the same day, searched after the booking: the dearest one-stop-free fare, so a difference would show.
    const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "HYD", dod: yyyymmdd(clock.now(), 20), limit: 200 });
    const others = (search.json.results as (Offer & { offer_id: string; best_price_paise: number })[]).filter(
      (o) => o.segments.length === 1 && Number(o.segments[0]!.flight_no) < 8900,
    );
    const dearest = others.sort((a, b) => b.best_price_paise - a.best_price_paise)[0]!;
    expect(dearest.best_price_paise).toBeGreaterThan(booking.total_price_paise);
    const rebook = () =>
      api.post(
        "/api/v1/flight/schedule-changes/rebook",
        { schedule_change_id: change.schedule_change_id, new_offer_id: dearest.offer_id },
        { "idempotency-key": `rebook-${bookingId}` },
      );
    const rebooked = await rebook();
    expect(rebooked.status, rebooked.text).toBe(200);
    expect(rebooked.json).toMatchObject({ status: "REBOOKED", actions: [] });
    expect((await rebook()).json).toEqual(rebooked.json);
    const after = (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
    expect(after.segments[0].flight_no).toBe(dearest.segments[0]!.flight_no);
    expect(after.reschedule).toMatchObject({ reason_code: "SCHEDULE_CHANGE", fare_difference_paise: 0, change_penalty_paise: 0 });
    expect(after.debited_paise).toBe(booking.debited_paise);
    expect(await balance()).toBe(before);
    expect(await webhooksOf(bookingId, 2)).toEqual(["schedule_change.detected", "schedule_change.resolved"]);
  });

  it("retimes 6E9001: detected, shown on the booking, webhooked, then accepted with the new times and no debit", async () => {
    const { bookingId, offer } = await ticketedOn("9001");
    const change = await detected(bookingId);
    expect(change).toMatchObject({
      kind: "TIME_CHANGE",
      status: "DETECTED",
      minutes: 90,
      actions: ["ACCEPT", "CANCEL", "REBOOK"],
      resolution: null,
    });
    expect(change.schedule_change_id).toMatch(/^sc_/);
    const later = (t: string) => Date.parse(t) + 90 * MINUTE;
    expect(Date.parse(change.segments_added[0].dep_time)).toBe(later(offer.segments[0]!.dep_time));
    expect(change.segments_removed[0].dep_time).toBe(offer.segments[0]!.dep_time);
    expect(Date.parse(change.deadline)).toBeGreaterThan(clock.now().getTime());

    const status = (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
    expect(status.open_schedule_changes.map((c: { schedule_change_id: string }) => c.schedule_change_id)).toEqual([
      change.schedule_change_id,
    ]);
    expect(await webhooksOf(bookingId, 1)).toEqual(["schedule_change.detected"]);

    const before = await balance();
    const accept = () =>
      api.post(
        "/api/v1/flight/schedule-changes/accept",
        { schedule_change_id: change.schedule_change_id },
        { "idempotency-key": `accept-${bookingId}` },
      );
    const accepted = await accept();
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toMatchObject({ status: "ACCEPTED", actions: [] });
    expect((await accept()).json).toEqual(accepted.json);
    const after = (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
    expect(after.status).toBe("TICKETED");
    expect(after.segments[0].dep_time).toBe(change.segments_added[0].dep_time);
    expect(after.open_schedule_changes).toEqual([]);
    expect(await balance()).toBe(before);
    expect(eventsOf(bookingId).filter((t) => t.startsWith("schedule_change."))).toEqual([
      "schedule_change.detected",
      "schedule_change.accepted",
      "schedule_change.resolved",
    ]);
    expect(await webhooksOf(bookingId, 3)).toEqual(TYPES);
  });

  it("renumbers 6E9011: acknowledged, then accepted as 6E8911", async () => {
    const { bookingId } = await ticketedOn("9011");
    const change = await detected(bookingId);
    expect(change).toMatchObject({ kind: "FLIGHT_NUMBER_CHANGE", minutes: null });
    expect(change.segments_added[0]).toMatchObject({ carrier: "6E", flight_no: "8911" });
    const ack = await api.post("/api/v1/flight/schedule-changes/acknowledge", { schedule_change_id: change.schedule_change_id });
    expect(ack.json.status, ack.text).toBe("ACKNOWLEDGED");
    const got = await api.post("/api/v1/flight/schedule-changes/get", { schedule_change_id: change.schedule_change_id });
    expect(got.json.status).toBe("ACKNOWLEDGED");
    const accepted = await api.post(
      "/api/v1/flight/schedule-changes/accept",
      { schedule_change_id: change.schedule_change_id },
      { "idempotency-key": `accept-${bookingId}` },
    );
    expect(accepted.json.status, accepted.text).toBe("ACCEPTED");
    const after = (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
    expect(after.segments[0].flight_no).toBe("8911");
  });

  it("cancels 6E9021 (the airline's cancelled flight): the booking CANCELLED involuntarily, every paisa back, no fee", async () => {
    const { bookingId, booking } = await ticketedOn("9021");
    const before = await balance();
    const change = await detected(bookingId);
    expect(change).toMatchObject({ kind: "FLIGHT_CANCELLED", actions: ["CANCEL", "REBOOK"], segments_added: [] });
    const refused = await api.post(
      "/api/v1/flight/schedule-changes/accept",
      { schedule_change_id: change.schedule_change_id },
      { "idempotency-key": `accept-${bookingId}` },
    );
    expect([refused.status, refused.json.error?.code]).toEqual([409, "BOOKING_INVALID_STATE"]);

    const cancel = () =>
      api.post(
        "/api/v1/flight/schedule-changes/cancel",
        { schedule_change_id: change.schedule_change_id },
        { "idempotency-key": `cancel-${bookingId}` },
      );
    const cancelled = await cancel();
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.schedule_change).toMatchObject({ status: "CANCELLED", actions: [] });
    expect(cancelled.json.refund_amount_paise).toBe(booking.debited_paise);
    expect((await cancel()).json).toEqual(cancelled.json);
    // Under another key too (a retry whose first answer was lost): the same change and refund, nothing refunded twice.
    const again = await api.post(
      "/api/v1/flight/schedule-changes/cancel",
      { schedule_change_id: change.schedule_change_id },
      { "idempotency-key": `cancel-again-${bookingId}` },
    );
    expect([again.status, again.json.refund_id, again.json.refund_amount_paise]).toEqual([
      200,
      cancelled.json.refund_id,
      booking.debited_paise,
    ]);
    const after = await eventually(async () => {
      const b = (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
      return b.status === "CANCELLED" || b.status === "REFUNDED" ? b : undefined;
    });
    expect(after.cancellation).toMatchObject({
      cancellation_type: "INVOLUNTARY",
      reason_code: "FLIGHT_CANCELLED",
      ota_fee_paise: 0,
      airline_penalty_paise: 0,
    });
    expect(await eventually(async () => ((await balance()) === before + booking.debited_paise ? true : undefined))).toBe(true);
    expect(await webhooksOf(bookingId, 2)).toEqual(["schedule_change.detected", "schedule_change.resolved"]);
  });

  it("answers another agency's or an unknown change as not found", async () => {
    const res = await api.post("/api/v1/flight/schedule-changes/get", { schedule_change_id: "sc_01ARZ3NDEKTSV4RRFFQ69G5FAV" });
    expect([res.status, res.json.error?.code]).toEqual([404, "BOOKING_NOT_FOUND"]);
  });
});
