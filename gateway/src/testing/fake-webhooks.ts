import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import {
  type DeliverySchema,
  DeliveryStatus,
  type EndpointSchema,
  type WebhookService,
} from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { AGENT_ID } from "./fake-services.js";

export const ENDPOINT_ID = "whe_01JD4QC7H2K4M6P8R0T2V4X6Z8";
export const SECRET = "whsec_3q2-7wEfN0pW9vYk1Zx4a8LmQ6rT5uBcD2gHj0KsVeI";
const at = (iso: string) => timestampFromDate(new Date(iso));

function endpoint(init: MessageInitShape<typeof EndpointSchema> = {}): MessageInitShape<typeof EndpointSchema> {
  return {
    endpointId: ENDPOINT_ID,
    agentId: AGENT_ID,
    url: "https://hooks.test/tarmac",
    eventTypes: ["booking.booked"],
    description: "Back office",
    enabled: true,
    createdAt: at("2026-11-22T06:00:00Z"),
    updatedAt: at("2026-11-22T06:00:00Z"),
    ...init,
  };
}

function delivery(init: MessageInitShape<typeof DeliverySchema> = {}): MessageInitShape<typeof DeliverySchema> {
  return {
    deliveryId: "whd_1",
    endpointId: ENDPOINT_ID,
    eventId: "evt_1",
    eventType: "booking.booked",
    status: DeliveryStatus.PENDING,
    attempts: [{ at: at("2026-11-22T06:05:00Z"), statusCode: 503, error: "HTTP 503", responseBody: "busy", durationMs: 84n }],
    nextAttemptAt: at("2026-11-22T06:05:30Z"),
    createdAt: at("2026-11-22T06:05:00Z"),
    ...init,
  };
}

/** A webhooks service answering every RPC with the endpoint or delivery above, recording each request by method. */
export function fakeWebhooks(seen: Record<string, unknown[]>): Partial<ServiceImpl<typeof WebhookService>> {
  const record = (method: string, request: unknown) => void (seen[method] ??= []).push(request);
  return {
    createEndpoint: (r) => (record("createEndpoint", r), { endpoint: endpoint({ url: r.url, eventTypes: r.eventTypes }), secret: SECRET }),
    listEndpoints: (r) => (record("listEndpoints", r), { endpoints: [endpoint()] }),
    getEndpoint: (r) => (record("getEndpoint", r), { endpoint: endpoint({ endpointId: r.endpointId }) }),
    updateEndpoint: (r) => (record("updateEndpoint", r), { endpoint: endpoint({ enabled: r.enabled ?? true }) }),
    deleteEndpoint: (r) => (record("deleteEndpoint", r), {}),
    rotateSecret: (r) => (
      record("rotateSecret", r),
      { endpoint: endpoint({ previousSecretExpiresAt: at("2026-11-23T06:00:00Z") }), secret: SECRET }
    ),
    sendTestEvent: (r) => (record("sendTestEvent", r), { delivery: delivery({ eventType: "webhook_endpoint.test", attempts: [] }) }),
    listDeliveries: (r) => (record("listDeliveries", r), { deliveries: [delivery()], nextCursor: r.cursor === "" ? "page2" : "" }),
    redeliverEvent: (r) => (record("redeliverEvent", r), { delivery: delivery({ deliveryId: "whd_2", eventId: r.eventId }) }),
  };
}
