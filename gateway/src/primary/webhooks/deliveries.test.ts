import { DomainError, toConnectError } from "@tarmac/kernel";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { AGENT_ID, keys } from "../../testing/fake-services.js";
import { ENDPOINT_ID, fakeWebhooks } from "../../testing/fake-webhooks.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const post = (path: string, payload: unknown) =>
  gateway.app.inject({
    method: "POST",
    url: `/api/v1/webhooks/${path}`,
    headers: { "content-type": "application/json", "x-api-key": keys.webhooks },
    payload: JSON.stringify(payload),
  });

const DELIVERY_JSON = {
  delivery_id: "whd_1",
  endpoint_id: ENDPOINT_ID,
  event_id: "evt_1",
  event_type: "booking.booked",
  status: "PENDING",
  attempts: [{ at: "2026-11-22T06:05:00.000Z", status_code: 503, error: "HTTP 503", response_body: "busy", duration_ms: 84 }],
  next_attempt_at: "2026-11-22T06:05:30.000Z",
  created_at: "2026-11-22T06:05:00.000Z",
};

describe("webhook deliveries", () => {
  it("pages deliveries through: page_size and cursor in, the service's next cursor out (null on the last page)", async () => {
    const seen: Record<string, unknown[]> = {};
    gateway = await testApp({ webhooks: fakeWebhooks(seen) });
    const first = await post("deliveries", { endpoint_id: ENDPOINT_ID, page_size: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ deliveries: [DELIVERY_JSON], count: 1, cursor: "page2" });
    const last = await post("deliveries", { endpoint_id: ENDPOINT_ID, page_size: 1, cursor: "page2" });
    expect(last.json()).toMatchObject({ cursor: null, count: 1 });
    await post("deliveries", { endpoint_id: ENDPOINT_ID, cursor: null });
    expect(seen.listDeliveries).toMatchObject([
      { agentId: AGENT_ID, endpointId: ENDPOINT_ID, pageSize: 1, cursor: "" },
      { pageSize: 1, cursor: "page2" },
      { pageSize: 0, cursor: "" },
    ]);
    const tooMany = await post("deliveries", { endpoint_id: ENDPOINT_ID, page_size: 101 });
    expect(expectEnvelope(tooMany, "VALIDATION_FAILED").error.errors?.[0]).toMatchObject({ field: "page_size", code: "OUT_OF_RANGE" });
  });

  it("sends a test event and redelivers an event, answering the new delivery", async () => {
    const seen: Record<string, unknown[]> = {};
    gateway = await testApp({ webhooks: fakeWebhooks(seen) });
    const test = await post("test", { endpoint_id: ENDPOINT_ID });
    expect(test.json()).toEqual({ delivery: { ...DELIVERY_JSON, event_type: "webhook_endpoint.test", attempts: [] } });
    const again = await post("redeliver", { endpoint_id: ENDPOINT_ID, event_id: "evt_9" });
    expect(again.json()).toEqual({ delivery: { ...DELIVERY_JSON, delivery_id: "whd_2", event_id: "evt_9" } });
    expect(seen.redeliverEvent).toMatchObject([{ agentId: AGENT_ID, endpointId: ENDPOINT_ID, eventId: "evt_9" }]);
  });

  it("passes WEBHOOK_EVENT_NOT_FOUND through as 404", async () => {
    gateway = await testApp({
      webhooks: {
        redeliverEvent: () => {
          throw toConnectError(new DomainError("WEBHOOK_EVENT_NOT_FOUND", "the endpoint never had event evt_x"));
        },
      },
    });
    expectEnvelope(await post("redeliver", { endpoint_id: ENDPOINT_ID, event_id: "evt_x" }), "WEBHOOK_EVENT_NOT_FOUND");
  });
});
