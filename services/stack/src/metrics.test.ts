import { SANDBOX_PROVIDER_NAME } from "@tarmac/airline";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact } from "./testing/api-client.js";
import { scrape } from "./testing/prometheus.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

const CREATE_ROUTE = "/api/v1/flight/booking/create";

/** GET /metrics on the gateway and on the services' metrics ports, before and after one booking. */
describe("metrics of the whole stack", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    stack = await startStack({
      env: { TARMAC_ENV: "test", ...relaxedRateLimits },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 30_000);
  afterAll(() => stack?.stop());

  it("serves Prometheus text without credentials on the gateway and on every service's metrics port", async () => {
    expect(Object.keys(stack.metricsUrls).sort()).toEqual(["auth", "booking", "fare", "gateway", "search", "wallet", "webhooks"]);
    expect(stack.metricsUrls.gateway).toBe(`${stack.gatewayOperationsUrl}/metrics`);
    for (const url of Object.values(stack.metricsUrls)) {
      const metrics = await scrape(url);
      expect(metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
      // Node's defaults, once: one process, one registry.
      expect(metrics.has("process_cpu_user_seconds_total")).toBe(true);
      expect(metrics.has("nodejs_heap_size_total_bytes")).toBe(true);
      expect(metrics.text.match(/^# TYPE process_cpu_user_seconds_total /gm)).toHaveLength(1);
    }
    const other = await fetch(stack.metricsUrls.booking!.replace(/\/metrics$/, "/other"));
    expect(other.status).toBe(404);
  });

  it("moves the request, RPC, booking, wallet, provider and idempotency metrics with one booking", async () => {
    const gatewayBefore = await scrape(stack.metricsUrls.gateway!);
    const bookingBefore = await scrape(stack.metricsUrls.booking!);
    const walletBefore = await scrape(stack.metricsUrls.wallet!);

    const { fareToken } = await api.lockedFare({ origin: "DEL", dest: "BOM" });
    const body = { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact };
    const created = await api.post(CREATE_ROUTE, body, { "idempotency-key": "metrics-1" });
    expect(created.status, created.text).toBe(200);
    expect(created.json.status).toBe("BOOKED");
    const replayed = await api.post(CREATE_ROUTE, body, { "idempotency-key": "metrics-1" });
    expect(replayed.json.booking_id).toBe(created.json.booking_id);

    const gatewayAfter = await scrape(stack.metricsUrls.gateway!);
    const bookingAfter = await scrape(stack.metricsUrls.booking!);
    const walletAfter = await scrape(stack.metricsUrls.wallet!);
    const moved = (before: typeof gatewayBefore, after: typeof gatewayAfter, name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);

    // Gateway: by route pattern, method and status; the replay is counted as a request and a replay.
    const createLabels = { route: CREATE_ROUTE, method: "POST", status: "200" };
    expect(moved(gatewayBefore, gatewayAfter, "http_requests_total", createLabels)).toBe(2);
    expect(moved(gatewayBefore, gatewayAfter, "http_request_duration_seconds_count", createLabels)).toBe(2);
    expect(moved(gatewayBefore, gatewayAfter, "http_request_duration_seconds_bucket", { ...createLabels, le: "+Inf" })).toBe(2);
    expect(moved(gatewayBefore, gatewayAfter, "idempotency_replays_total", { operation: "booking.create" })).toBe(1);
    expect(gatewayAfter.text).not.toContain(created.json.booking_id);

    // Booking: the RPC, the transitions, the provider's reservation.
    const createRpc = { service: "booking", method: "tarmac.booking.v1.BookingService/CreateBooking", code: "OK" };
    expect(moved(bookingBefore, bookingAfter, "rpc_requests_total", createRpc)).toBe(1);
    expect(moved(bookingBefore, bookingAfter, "rpc_request_duration_seconds_count", createRpc)).toBe(1);
    expect(moved(bookingBefore, bookingAfter, "booking_status_transitions_total", { from: "NONE", to: "PENDING" })).toBe(1);
    expect(moved(bookingBefore, bookingAfter, "booking_status_transitions_total", { from: "PENDING", to: "BOOKED" })).toBe(1);
    const reserve = { provider: SANDBOX_PROVIDER_NAME, operation: "reserve", outcome: "ok" };
    expect(moved(bookingBefore, bookingAfter, "provider_request_duration_seconds_count", reserve)).toBe(1);
    expect(
      moved(bookingBefore, bookingAfter, "provider_request_duration_seconds_count", { operation: "searchFlights", outcome: "ok" }),
    ).toBeGreaterThanOrEqual(1);

    // Wallet: the hold and its capture, as operations and as RPCs.
    expect(moved(walletBefore, walletAfter, "wallet_operations_total", { operation: "hold", outcome: "ok" })).toBe(1);
    expect(moved(walletBefore, walletAfter, "wallet_operations_total", { operation: "capture", outcome: "ok" })).toBe(1);
    for (const rpc of ["Hold", "Capture"]) {
      const labels = { service: "wallet", method: `tarmac.wallet.v1.WalletService/${rpc}`, code: "OK" };
      expect(moved(walletBefore, walletAfter, "rpc_requests_total", labels)).toBe(1);
    }

    // The outboxes, read at scrape time.
    for (const service of ["booking", "wallet"]) {
      expect(walletAfter.has("outbox_backlog_events", { service })).toBe(true);
      expect(walletAfter.value("outbox_oldest_pending_age_seconds", { service })).toBeGreaterThanOrEqual(0);
    }
  });

  it("counts refusals by code: a booking status for no such booking, and an unknown route as unmatched", async () => {
    const before = await scrape(stack.metricsUrls.gateway!);
    const missing = await api.post("/api/v1/flight/booking/status", { booking_id: "bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ" });
    expect(missing.status).toBe(404);
    const unknown = await fetch(`${stack.gatewayUrl}/api/v1/no/such/route/12345`);
    expect(unknown.status).toBe(404);
    const after = await scrape(stack.metricsUrls.gateway!);
    const getBooking = { service: "booking", method: "tarmac.booking.v1.BookingService/GetBooking", code: "NOT_FOUND" };
    expect(after.value("rpc_requests_total", getBooking) - before.value("rpc_requests_total", getBooking)).toBe(1);
    const unmatched = { route: "unmatched", method: "GET", status: "404" };
    expect(after.value("http_requests_total", unmatched) - before.value("http_requests_total", unmatched)).toBe(1);
    expect(after.text).not.toContain("/api/v1/no/such/route");
  });
});
