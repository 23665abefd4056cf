import { silentLogger } from "@tarmac/kernel/testing";
import { AgentTier, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { verifyTarmacSignature } from "@tarmac/webhooks/examples/receiver.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { onboardAgent } from "./testing/second-agent.js";
import { webhookReceiver } from "@tarmac/webhooks/testing";

const TYPES = ["booking.booked", "booking.ticketed", "booking.cancelled", "booking.refunded", "wallet.credited", "invoice.issued"];

/** Webhooks through the gateway of the whole stack, to real receivers on loopback. */
describe("webhooks end to end", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    const env = {
      TARMAC_ENV: "test",
      WEBHOOK_ALLOW_LOOPBACK: "true",
      WEBHOOK_POLL_INTERVAL_MS: "50",
      SANDBOX_TICKETING_DELAY_MS: "200",
      BOOKING_SWEEP_INTERVAL_MS: "100",
      ...relaxedRateLimits,
    };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
    receiver = await webhookReceiver();
  }, 30_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  it("registers, then delivers booked, ticketed, cancelled, refunded, the refund's credit and the invoices, each signed with the endpoint's secret", async () => {
    const created = await api.post("/api/v1/webhooks/create", { url: receiver.url, event_types: TYPES, description: "ops" });
    expect(created.status, created.text).toBe(200);
    const secret = created.json.secret as string;
    expect(secret).toMatch(/^whsec_/);

    const { fareToken } = await api.lockedFare({ origin: "BLR", dest: "CCU" }, undefined, 25);
    const booked = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": "webhooks-flow-1" },
    );
    expect(booked.status, booked.text).toBe(200);
    const bookingId = booked.json.booking_id as string;
    const typesFor = () =>
      receiver.received.filter((r) => r.json.data.booking_id === bookingId || r.json.type.startsWith("wallet.")).map((r) => r.json.type);
    await eventually(async () => (typesFor().includes("booking.ticketed") ? true : undefined), 15_000);
    // The tax invoice is issued just before the TICKETED write it documents.
    expect(typesFor().slice(0, 3)).toEqual(["booking.booked", "invoice.issued", "booking.ticketed"]);

    const terms = { booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" };
    expect((await api.post("/api/v1/flight/booking/cancel/quote", terms)).status).toBe(200);
    const cancelled = await api.post("/api/v1/flight/booking/cancel/confirm", terms, { "idempotency-key": `webhooks-cancel-${bookingId}` });
    expect(cancelled.status, cancelled.text).toBe(200);
    await eventually(
      async () => (["booking.cancelled", "booking.refunded", "wallet.credited"].every((t) => typesFor().includes(t)) ? true : undefined),
      15_000,
    );
    const invoices = () => receiver.received.filter((r) => r.json.type === "invoice.issued" && r.json.data.booking_id === bookingId);
    await eventually(async () => (invoices().length >= 3 ? true : undefined), 15_000);
    await stack.dispatchWebhooks();
    // One delivery per document: the tax invoice at ticketing; with the refund, the credit note
    // reversing what was refunded and the debit note charging the cancellation fee with its GST.
    expect(
      invoices().map((r) => [r.json.data.kind, String(r.json.data.invoice_number).slice(0, 2), Number(r.json.data.total_paise) > 0]),
    ).toEqual([
      ["TAX_INVOICE", "TI", true],
      ["CREDIT_NOTE", "CN", true],
      ["DEBIT_NOTE", "DN", true],
    ]);

    for (const got of receiver.received) {
      expect(got.headers["tarmac-event-id"]).toBe(got.json.id);
      expect(got.headers["tarmac-event-type"]).toBe(got.json.type);
      expect(verifyTarmacSignature(got.headers["tarmac-signature"], got.body, secret)).toBe(true);
      expect(got.json.agent_id).toBe("agt_demo");
    }
    const deliveries = await api.post("/api/v1/webhooks/deliveries", { endpoint_id: created.json.endpoint.endpoint_id });
    expect(deliveries.status, deliveries.text).toBe(200);
    expect(deliveries.json.deliveries.every((d: { status: string }) => d.status === "SUCCEEDED")).toBe(true);
  }, 60_000);

  it("refuses a standard agency, and keeps agencies' endpoints and events apart", async () => {
    const other = await onboardAgent(stack, "Agency W", "ops@agency-w.test");
    const b = apiClient(stack.gatewayUrl, other.apiKey);
    const refused = await b.post("/api/v1/webhooks/list", {});
    expect([refused.status, refused.json.error?.code]).toEqual([403, "WEBHOOKS_ENTERPRISE_TIER_REQUIRED"]);

    // Made enterprise (with a key that may manage webhooks), B still sees nothing of A's.
    await other.auth.setAgentTier({ agentId: other.agentId, tier: AgentTier.ENTERPRISE });
    const issued = await other.auth.issueApiKey({
      agentId: other.agentId,
      scopes: [Scope.WEBHOOKS_MANAGE, Scope.FLIGHT_BOOK],
      sandbox: true,
    });
    const enterpriseB = apiClient(stack.gatewayUrl, issued.apiKey);
    const mine = await api.post("/api/v1/webhooks/list", {});
    const endpointId = mine.json.endpoints[0]?.endpoint_id as string;
    expect(endpointId).toMatch(/^whe_/);
    expect((await enterpriseB.post("/api/v1/webhooks/list", {})).json.endpoints).toEqual([]);
    for (const [path, body] of [
      ["/api/v1/webhooks/get", { endpoint_id: endpointId }],
      ["/api/v1/webhooks/update", { endpoint_id: endpointId, enabled: false }],
      ["/api/v1/webhooks/delete", { endpoint_id: endpointId }],
      ["/api/v1/webhooks/deliveries", { endpoint_id: endpointId }],
    ] as const) {
      const res = await enterpriseB.post(path, body);
      expect([path, res.status, res.json.error?.code]).toEqual([path, 404, "WEBHOOK_ENDPOINT_NOT_FOUND"]);
    }
    const bReceiver = await webhookReceiver();
    try {
      const bEndpoint = await enterpriseB.post("/api/v1/webhooks/create", { url: bReceiver.url, event_types: TYPES });
      expect(bEndpoint.status, bEndpoint.text).toBe(200);
      // A books again: A's receiver hears of it, B's never does.
      const before = receiver.received.length;
      const { fareToken } = await api.lockedFare({ origin: "BLR", dest: "CCU" }, undefined, 26);
      const booked = await api.post(
        "/api/v1/flight/booking/create",
        { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
        { "idempotency-key": "webhooks-flow-2" },
      );
      expect(booked.status, booked.text).toBe(200);
      await eventually(async () => (receiver.received.length > before ? true : undefined), 15_000);
      await stack.dispatchWebhooks();
      expect(bReceiver.received).toEqual([]);
      expect(receiver.received.every((r) => r.json.agent_id === "agt_demo")).toBe(true);
    } finally {
      await bReceiver.close();
    }
  }, 60_000);
});
