import { eventBody, type OutboxEvent } from "@tarmac/events";
import { newId, type Clock } from "@tarmac/kernel";
import type { Delivery, WebhookEvent } from "./domain/delivery.js";
import type { WebhookStore } from "./store/webhook-store.js";

/**
 * Turns an event from NATS (or the in-process bus) into one delivery per subscribed endpoint of its
 * agency, recorded once however often the event arrives. The caller acknowledges the message only
 * after this resolves, so a crash between receiving and recording loses nothing.
 */
export class WebhookIngest {
  constructor(
    private readonly store: WebhookStore,
    private readonly clock: Clock,
    /** Told when deliveries were recorded: this replica's dispatcher sends them at once rather than at its next poll. */
    private readonly onRecorded: () => void = () => undefined,
  ) {}

  async accept(event: OutboxEvent): Promise<number> {
    const endpoints = await this.store.subscribedEndpoints(event.agentId, event.type);
    if (endpoints.length === 0) return 0;
    const recorded = asWebhookEvent(event);
    const now = this.clock.now();
    await this.store.recordEvent(
      recorded,
      endpoints.map((endpoint) => newDelivery(recorded, endpoint.id, endpoint.agentId, now)),
    );
    this.onRecorded();
    return endpoints.length;
  }
}

/** The event as sent: its body is exactly the NATS message body. */
export function asWebhookEvent(event: OutboxEvent): WebhookEvent {
  return { id: event.id, type: event.type, agentId: event.agentId, createdAt: event.createdAt, body: eventBody(event) };
}

/** A delivery due now; `redelivery` gives it a key of its own beside the event's first delivery. */
export function newDelivery(event: WebhookEvent, endpointId: string, agentId: string, now: Date, redelivery = false): Delivery {
  const id = newId("whd");
  return {
    id,
    agentId,
    endpointId,
    eventId: event.id,
    eventType: event.type,
    status: "PENDING",
    attempts: [],
    nextAttemptAt: now,
    createdAt: now,
    dedupeKey: redelivery ? `${event.id}:${endpointId}:${id}` : `${event.id}:${endpointId}`,
  };
}
