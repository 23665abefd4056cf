import { newId } from "@tarmac/kernel";
import type { Delivery, WebhookEvent } from "../domain/delivery.js";
import type { Endpoint } from "../domain/endpoint.js";

export function endpointFixture(agentId: string, overrides: Partial<Endpoint> = {}, at = new Date("2026-11-25T10:00:00Z")): Endpoint {
  return {
    id: newId("whe"),
    agentId,
    url: "https://hooks.example.com/tarmac",
    eventTypes: ["booking.booked", "booking.ticketed"],
    description: "",
    enabled: true,
    sealedSecret: "sealed",
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function eventFixture(agentId: string, type = "booking.booked", at = new Date("2026-11-25T10:00:00Z")): WebhookEvent {
  const id = newId("evt");
  return {
    id,
    type,
    agentId,
    createdAt: at,
    body: JSON.stringify({ id, type, created_at: at.toISOString(), agent_id: agentId, data: {} }),
  };
}

export function deliveryFixture(event: WebhookEvent, endpoint: Endpoint, at = event.createdAt): Delivery {
  return {
    id: newId("whd"),
    agentId: endpoint.agentId,
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    status: "PENDING",
    attempts: [],
    nextAttemptAt: at,
    createdAt: at,
    dedupeKey: `${event.id}:${endpoint.id}`,
  };
}
