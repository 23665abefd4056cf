import { natsAddress, readStream, requireJetStream, TcpProxy, uniqueStream, type StoredEvent } from "@tarmac/events/testing";
import { silentLogger } from "@tarmac/kernel/testing";
import type { JetStreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { yyyymmdd } from "./banner.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

/**
 * Booking status changes through the outbox to a real NATS JetStream on 127.0.0.1:4222, reached
 * through a TCP proxy this test can take down: exactly once per event id, and late but complete
 * after an outage.
 */
describe("booking events on NATS JetStream", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let proxy: TcpProxy;
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  const { streamName, subjectPrefix } = uniqueStream();

  beforeAll(async () => {
    ({ nc, jsm } = await requireJetStream());
    proxy = await TcpProxy.start(natsAddress());
    const env = {
      TARMAC_ENV: "test",
      NATS_URL: proxy.url,
      NATS_STREAM: streamName,
      NATS_SUBJECT_PREFIX: subjectPrefix,
      SANDBOX_TICKETING_DELAY_MS: "3600000",
      ...relaxedRateLimits,
    };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 30_000);

  afterAll(async () => {
    await stack?.stop();
    await proxy?.down();
    await jsm?.streams.delete(streamName).catch(() => undefined);
    await nc?.close();
  });

  async function book(key: string): Promise<string> {
    const { fareToken } = await api.lockedFare({ origin: "BLR", dest: "HYD" });
    const res = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": key },
    );
    expect(res.status, res.text).toBe(200);
    return res.json.booking_id as string;
  }

  const typesOf = async (bookingId: string) => (await eventsOf(bookingId)).map((e) => e.body.type);

  const eventsOf = async (bookingId: string): Promise<StoredEvent[]> => {
    const stored = await jsm.streams.info(streamName).then(
      () => readStream(nc, streamName),
      () => [],
    );
    return stored.filter((e) => (e.body.data as { booking_id?: string }).booking_id === bookingId);
  };

  function expectOncePerId(events: StoredEvent[], bookingId: string): void {
    expect(events.map((e) => e.body.type)).toEqual(["booking.pending", "booking.booked"]);
    expect(new Set(events.map((e) => e.body.id)).size).toBe(events.length);
    for (const e of events) {
      expect(e.msgId).toBe(e.body.id);
      expect(e.subject).toBe(`${subjectPrefix}.${e.body.type}`);
      expect(e.body).toMatchObject({ agent_id: expect.any(String), data: { booking_id: bookingId } });
    }
  }

  it("publishes each status change once, with Nats-Msg-Id = event id", async () => {
    const bookingId = await book("nats-1");
    const events = await eventually(async () => {
      const found = await eventsOf(bookingId);
      return found.length >= 2 ? found : undefined;
    });
    expectOncePerId(events, bookingId);
  }, 30_000);

  it("commits the booking while NATS is down and delivers its events once NATS is back", async () => {
    await proxy.down();
    const bookingId = await book("nats-2");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await eventsOf(bookingId)).toEqual([]);
    expect((await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json.status).toBe("BOOKED");
    await proxy.up();
    const events = await eventually(async () => {
      const found = await eventsOf(bookingId);
      return found.length >= 2 ? found : undefined;
    }, 20_000);
    expectOncePerId(events, bookingId);
  }, 40_000);

  it("publishes each step of a reschedule and a cancellation, and the wallet's debits and refund", async () => {
    const bookingId = await book("nats-3");
    const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "HYD", dod: yyyymmdd(new Date(), 27), limit: 20 });
    const newOffer = search.json.results.find((o: { segments: { flight_no: string }[] }) =>
      o.segments.every((s) => !s.flight_no.startsWith("9")),
    );
    expect(
      (
        await api.post("/api/v1/flight/booking/reschedule/quote", {
          booking_id: bookingId,
          new_offer_id: newOffer.offer_id,
          reason_code: "OTHER",
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.post("/api/v1/flight/booking/reschedule/confirm", { booking_id: bookingId }, { "idempotency-key": "nats-r" })).status,
    ).toBe(200);
    const terms = { booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" };
    expect((await api.post("/api/v1/flight/booking/cancel/quote", terms)).status).toBe(200);
    expect((await api.post("/api/v1/flight/booking/cancel/confirm", terms, { "idempotency-key": "nats-c" })).status).toBe(200);
    const types = await eventually(async () => {
      const found = await typesOf(bookingId);
      return found.includes("booking.refund_refunded") ? found : undefined;
    });
    // The refund request and its credit are events of their own (API guide, Partial cancellation, void and refunds).
    expect(types).toEqual([
      "booking.pending",
      "booking.booked",
      "booking.rescheduled",
      "booking.cancelled",
      "booking.refund_requested",
      "booking.refunded",
      "booking.refund_refunded",
    ]);
    const wallet = await eventually(async () => {
      const stored = await readStream(nc, streamName);
      const mine = stored.filter((e) => ((e.body.data as { reference?: string }).reference ?? "").startsWith(bookingId));
      return mine.some((e) => e.body.type === "wallet.credited") ? mine : undefined;
    });
    expect(wallet.map((e) => e.body.type)).toEqual(expect.arrayContaining(["wallet.debited", "wallet.credited"]));
  }, 40_000);
});
