import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { DomainError } from "@tarmac/kernel";
import { DeliveryStatus, ListDeliveriesRequestSchema, ListEndpointsRequestSchema } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, fakeServices, FAKE_URLS, NOW } from "../testing/fakes.js";
import { run } from "../testing/run.js";

const at = (iso: string) => timestampFromDate(new Date(iso));
const ENDPOINT_ID = "whe_01JD8X5M7QAB";

function services() {
  return fakeServices({
    webhooks: {
      listEndpoints: (req) => ({
        endpoints: [
          {
            endpointId: ENDPOINT_ID,
            agentId: req.agentId,
            url: "https://hooks.sky.example/tarmac",
            eventTypes: ["booking.booked", "booking.ticketed"],
            description: "bookings",
            enabled: true,
            createdAt: timestampFromDate(NOW),
            updatedAt: timestampFromDate(NOW),
          },
          {
            endpointId: "whe_01JD8X9ZZZCD",
            agentId: req.agentId,
            url: "https://old.sky.example/hook",
            eventTypes: ["wallet.debited"],
            enabled: false,
            disabledReason: "every delivery failed for 3 days",
            createdAt: at("2026-11-01T10:00:00Z"),
          },
        ],
      }),
      listDeliveries: (req) => ({
        deliveries: [
          {
            deliveryId: "whd_02",
            endpointId: req.endpointId,
            eventId: "evt_02",
            eventType: "booking.ticketed",
            status: DeliveryStatus.PENDING,
            attempts: [{ at: at("2026-11-22T05:59:00Z"), statusCode: 503, error: "HTTP 503", responseBody: "down", durationMs: 12n }],
            nextAttemptAt: at("2026-11-22T06:00:30Z"),
            createdAt: at("2026-11-22T05:59:00Z"),
          },
          {
            deliveryId: "whd_01",
            endpointId: req.endpointId,
            eventId: "evt_01",
            eventType: "booking.booked",
            status: DeliveryStatus.SUCCEEDED,
            attempts: [{ at: at("2026-11-22T05:58:00Z"), statusCode: 200, responseBody: "ok", durationMs: 8n }],
            createdAt: at("2026-11-22T05:58:00Z"),
          },
        ],
        nextCursor: req.cursor === "" ? "c2" : "",
      }),
    },
  });
}

describe("webhooks list and deliveries", () => {
  it("lists an agent's endpoints, with the reason of a disabled one and no secrets", async () => {
    const { clients, calls } = services();
    const result = await run(["webhooks", "list", AGENT_ID], { clients });
    expect(result.code).toBe(0);
    expect(calls).toEqual([{ method: "WebhookService.ListEndpoints", request: create(ListEndpointsRequestSchema, { agentId: AGENT_ID }) }]);
    expect(result.stdout.split("\n")).toEqual([
      "ENDPOINT ID       STATUS    CREATED           URL                               EVENT TYPES",
      "whe_01JD8X5M7QAB  ENABLED   2026-11-22 06:00  https://hooks.sky.example/tarmac  booking.booked,booking.ticketed",
      "whe_01JD8X9ZZZCD  DISABLED  2026-11-01 10:00  https://old.sky.example/hook      wallet.debited",
      "",
      "whe_01JD8X9ZZZCD disabled: every delivery failed for 3 days",
    ]);
    const json = JSON.parse((await run(["webhooks", "list", AGENT_ID, "--json"], { clients })).stdout);
    expect(json).toMatchObject({ agent_id: AGENT_ID });
    expect(json.endpoints[0]).toEqual({
      endpoint_id: ENDPOINT_ID,
      agent_id: AGENT_ID,
      url: "https://hooks.sky.example/tarmac",
      event_types: ["booking.booked", "booking.ticketed"],
      description: "bookings",
      enabled: true,
      disabled_reason: null,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      previous_secret_expires_at: null,
    });
    expect(json.endpoints[1]).toMatchObject({ enabled: false, disabled_reason: "every delivery failed for 3 days" });
  });

  it("says so when an agent has no endpoints", async () => {
    const { clients } = fakeServices({ webhooks: { listEndpoints: () => ({ endpoints: [] }) } });
    expect((await run(["webhooks", "list", AGENT_ID], { clients })).stdout).toBe(`Agent ${AGENT_ID} has no webhook endpoints.`);
  });

  it("lists an endpoint's deliveries, newest first, with the next page's cursor", async () => {
    const { clients, calls } = services();
    const result = await run(["webhooks", "deliveries", AGENT_ID, ENDPOINT_ID, "--limit", "2"], { clients });
    expect(result.code).toBe(0);
    expect(calls).toEqual([
      {
        method: "WebhookService.ListDeliveries",
        request: create(ListDeliveriesRequestSchema, { agentId: AGENT_ID, endpointId: ENDPOINT_ID, pageSize: 2 }),
      },
    ]);
    expect(result.stdout.split("\n")).toEqual([
      "DELIVERY ID  STATUS     CREATED              EVENT TYPE        EVENT ID  ATTEMPTS  NEXT ATTEMPT         LAST",
      "whd_02       PENDING    2026-11-22 05:59:00  booking.ticketed  evt_02    1         2026-11-22 06:00:30  503 HTTP 503",
      "whd_01       SUCCEEDED  2026-11-22 05:58:00  booking.booked    evt_01    1         -                    200",
      "",
      `More: pnpm admin webhooks deliveries ${AGENT_ID} ${ENDPOINT_ID} --cursor c2`,
    ]);
    const json = JSON.parse((await run(["webhooks", "deliveries", AGENT_ID, ENDPOINT_ID, "--cursor", "c2", "--json"], { clients })).stdout);
    expect(json).toMatchObject({ agent_id: AGENT_ID, endpoint_id: ENDPOINT_ID, next_cursor: null });
    expect(json.deliveries[0]).toEqual({
      delivery_id: "whd_02",
      endpoint_id: ENDPOINT_ID,
      event_id: "evt_02",
      event_type: "booking.ticketed",
      status: "PENDING",
      attempts: [{ at: "2026-11-22T05:59:00.000Z", status_code: 503, error: "HTTP 503", response_body: "down", duration_ms: 12 }],
      next_attempt_at: "2026-11-22T06:00:30.000Z",
      created_at: "2026-11-22T05:59:00.000Z",
    });
  });

  it("refuses a bad endpoint id or limit before calling", async () => {
    const bad = await run(["webhooks", "deliveries", AGENT_ID, "ep_1"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("<endpoint id>: must be an endpoint id such as whe_");
    const limit = await run(["webhooks", "deliveries", AGENT_ID, ENDPOINT_ID, "--limit", "101"]);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain("--limit: must be a whole number from 1 to 100");
  });

  it("reports a refusal of the webhooks service with its URL", async () => {
    const { clients } = fakeServices({
      webhooks: {
        listDeliveries: () => {
          throw new DomainError("WEBHOOK_ENDPOINT_NOT_FOUND", "Webhook endpoint whe_01JD8X5M7QAB not found");
        },
      },
    });
    const result = await run(["webhooks", "deliveries", AGENT_ID, ENDPOINT_ID, "--json"], { clients });
    expect(result).toMatchObject({ code: 1, stderr: "error: WEBHOOK_ENDPOINT_NOT_FOUND: Webhook endpoint whe_01JD8X5M7QAB not found" });
    expect(JSON.parse(result.stdout).error).toMatchObject({
      service: "webhooks",
      url: FAKE_URLS.webhooks,
      method: "WebhookService.ListDeliveries",
    });
  });

  it("takes the webhooks URL from --webhooks-url or WEBHOOKS_URL", async () => {
    const { clients } = services();
    const byFlag = await run(["webhooks", "list", AGENT_ID, "--webhooks-url", "http://hooks.ops:50057/"], { clients });
    expect(byFlag.connected[0]?.webhooks).toBe("http://hooks.ops:50057");
    const byEnv = await run(["webhooks", "list", AGENT_ID], { clients, env: { WEBHOOKS_URL: "http://hooks.env:50057" } });
    expect(byEnv.connected[0]?.webhooks).toBe("http://hooks.env:50057");
  });
});
