import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { signedAs, silentLogger } from "@tarmac/kernel/testing";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { scrape } from "./testing/prometheus.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

/**
 * Reconciliation over the whole in-memory stack (README, Reconciliation): normal lifecycles
 * (booked and ticketed, cancelled and refunded, rescheduled with its debit note, held then ticketed,
 * held then released) agree everywhere;
 * one credit made by hand is the one discrepancy found, by the Reconcile RPC and the background loop's metric.
 */
describe("reconciliation of the stack's ledger, bookings and tax documents", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  let booking: ReturnType<typeof createClient<typeof BookingService>>;
  let wallet: ReturnType<typeof createClient<typeof WalletService>>;
  beforeAll(async () => {
    const env = {
      TARMAC_ENV: "test",
      SANDBOX_TICKETING_DELAY_MS: "200",
      BOOKING_SWEEP_INTERVAL_MS: "100",
      RECONCILE_INTERVAL_MS: "1000",
      ...relaxedRateLimits,
    };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
    const admin = (baseUrl: string) => createGrpcTransport({ baseUrl, interceptors: [signedAs("admin")] });
    booking = createClient(BookingService, admin(stack.services.booking!));
    wallet = createClient(WalletService, admin(stack.services.wallet!));
  }, 30_000);
  afterAll(() => stack?.stop());

  let bookings = 0;
  async function book(route: { origin: string; dest: string }) {
    const { fareToken } = await api.lockedFare(route, undefined, 25);
    const res = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": `recon-${++bookings}` },
    );
    expect(res.status, res.text).toBe(200);
    return res.json.booking_id as string;
  }
  const status = async (bookingId: string) => (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
  const reached = (bookingId: string, wanted: string) =>
    eventually(async () => ((await status(bookingId)).status === wanted ? true : undefined), 15_000);

  it("finds nothing after normal lifecycles, then exactly the credit made by hand", async () => {
    // Booked and ticketed.
    const ticketed = await book({ origin: "BLR", dest: "CCU" });
    await reached(ticketed, "TICKETED");
    // Ticketed, cancelled, refunded (with its credit note).
    const cancelled = await book({ origin: "BLR", dest: "HYD" });
    await reached(cancelled, "TICKETED");
    const terms = { booking_id: cancelled, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" };
    expect((await api.post("/api/v1/flight/booking/cancel/quote", terms)).status).toBe(200);
    const confirm = await api.post("/api/v1/flight/booking/cancel/confirm", terms, { "idempotency-key": `recon-cancel-${cancelled}` });
    expect(confirm.status, confirm.text).toBe(200);
    await reached(cancelled, "REFUNDED");
    // Ticketed, rescheduled (its debit note).
    const rescheduled = await book({ origin: "DEL", dest: "BOM" });
    await reached(rescheduled, "TICKETED");
    const newOffers = await api.post("/api/v1/flight/search", { origin: "DEL", dest: "BOM", dod: yyyymmdd(new Date(), 27), limit: 20 });
    const offer = newOffers.json.results.find((o: { segments: { flight_no: string }[] }) =>
      o.segments.every((s) => !s.flight_no.startsWith("9")),
    );
    const quote = await api.post("/api/v1/flight/booking/reschedule/quote", {
      booking_id: rescheduled,
      new_offer_id: offer.offer_id,
      reason_code: "CUSTOMER_REQUEST",
    });
    expect(quote.status, quote.text).toBe(200);
    const changed = await api.post(
      "/api/v1/flight/booking/reschedule/confirm",
      { booking_id: rescheduled },
      { "idempotency-key": `recon-r-${rescheduled}` },
    );
    expect(changed.status, changed.text).toBe(200);
    await reached(rescheduled, "TICKETED");

    // Held, then ticketed (paid at ticketing); held, then released (nothing paid).
    const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "HYD", dod: yyyymmdd(new Date(), 28), limit: 200 });
    const holdable = search.json.results.find(
      (o: { airline: string; segments: { flight_no: string }[] }) =>
        o.airline === "AI" && o.segments.every((s) => !s.flight_no.startsWith("9")),
    );
    const hold = async (key: string) => {
      const fare = await api.post("/api/v1/flight/fare/validate", { search_id: holdable.search_id, signature: holdable.signature });
      const order = { fare_token: fare.json.fare_token, passengers: [adultPassenger(1)], contact_info: contact, payment: "HOLD" };
      const held = await api.post("/api/v1/flight/booking/create", order, { "idempotency-key": key });
      expect(held.status, held.text).toBe(200);
      return held.json.booking_id as string;
    };
    const heldThenTicketed = await hold("recon-hold-1");
    const ticket = await api.post(
      "/api/v1/flight/booking/ticket",
      { booking_id: heldThenTicketed },
      { "idempotency-key": "recon-ticket-1" },
    );
    expect(ticket.status, ticket.text).toBe(200);
    await reached(heldThenTicketed, "TICKETED");
    const released = await hold("recon-hold-2");
    expect((await api.post("/api/v1/flight/booking/release", { booking_id: released })).status).toBe(200);

    const clean = await booking.reconcile({ agentId: DEMO_AGENT_ID });
    expect(clean.discrepancies.map((d) => `${d.kind} ${d.ids.join(",")}: ${d.detail}`)).toEqual([]);
    expect(clean).toMatchObject({ agenciesChecked: 1, busyAgentIds: [], unreadableAgentIds: [] });
    expect(clean.bookingsChecked).toBeGreaterThanOrEqual(5);

    // Money into the agency's wallet that no booking accounts for.
    await wallet.credit({ agentId: DEMO_AGENT_ID, amountPaise: 12_345n, reference: "goodwill-recon-1", reason: "by hand" });
    const found = await booking.reconcile({ agentId: "" });
    expect(
      found.discrepancies.map((d) => ({ kind: d.kind, agentId: d.agentId, reference: d.ids[1], actual: Number(d.actualPaise) })),
    ).toEqual([{ kind: "orphan_line", agentId: DEMO_AGENT_ID, reference: "goodwill-recon-1", actual: 12_345 }]);
    expect(found.discrepancies[0]?.ids[0]).toMatch(/^wtx_/);

    // The background loop publishes it for the alert.
    await eventually(async () => {
      const metrics = await scrape(stack.metricsUrls.booking!);
      return metrics.value("reconciliation_discrepancies", { kind: "orphan_line" }) === 1 &&
        metrics.value("reconciliation_discrepancies", { kind: "booking_ledger_mismatch" }) === 0
        ? true
        : undefined;
    });
  }, 60_000);
});
