import type { Attempt, Delivery, WebhookEvent } from "../domain/delivery.js";
import type { Endpoint } from "../domain/endpoint.js";
import type { AttemptOutcome, DeliveryPosition, WebhookStore } from "./webhook-store.js";

const newestFirst = (a: Delivery, b: Delivery) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const before = (d: Delivery, p: DeliveryPosition) =>
  d.createdAt < p.createdAt || (d.createdAt.getTime() === p.createdAt.getTime() && d.id < p.id);

/** The embedded store: one process's memory, the same rules as MongoDB's (webhook-store.contract.ts). */
export class MemoryWebhookStore implements WebhookStore {
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly events = new Map<string, WebhookEvent>();
  private readonly deliveries = new Map<string, Delivery>();
  private readonly byDedupeKey = new Set<string>();

  createEndpoint(endpoint: Endpoint): Promise<void> {
    this.endpoints.set(endpoint.id, endpoint);
    return Promise.resolve();
  }

  findEndpoint(agentId: string, endpointId: string): Promise<Endpoint | undefined> {
    const endpoint = this.endpoints.get(endpointId);
    return Promise.resolve(endpoint?.agentId === agentId ? endpoint : undefined);
  }

  listEndpoints(agentId: string): Promise<Endpoint[]> {
    const own = [...this.endpoints.values()].filter((e) => e.agentId === agentId);
    return Promise.resolve(own.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)));
  }

  replaceEndpoint(endpoint: Endpoint, expectedUpdatedAt: Date): Promise<boolean> {
    const current = this.endpoints.get(endpoint.id);
    if (current?.agentId !== endpoint.agentId || current.updatedAt.getTime() !== expectedUpdatedAt.getTime()) return Promise.resolve(false);
    this.endpoints.set(endpoint.id, endpoint);
    return Promise.resolve(true);
  }

  deleteEndpoint(agentId: string, endpointId: string): Promise<boolean> {
    if (this.endpoints.get(endpointId)?.agentId !== agentId) return Promise.resolve(false);
    return Promise.resolve(this.endpoints.delete(endpointId));
  }

  subscribedEndpoints(agentId: string, eventType: string): Promise<Endpoint[]> {
    const matching = [...this.endpoints.values()].filter((e) => e.agentId === agentId && e.enabled && e.eventTypes.includes(eventType));
    return Promise.resolve(matching);
  }

  recordEvent(event: WebhookEvent, deliveries: readonly Delivery[]): Promise<void> {
    if (!this.events.has(event.id)) this.events.set(event.id, event);
    for (const delivery of deliveries) {
      if (this.byDedupeKey.has(delivery.dedupeKey)) continue;
      this.byDedupeKey.add(delivery.dedupeKey);
      this.deliveries.set(delivery.id, delivery);
    }
    return Promise.resolve();
  }

  findEvent(eventId: string): Promise<WebhookEvent | undefined> {
    return Promise.resolve(this.events.get(eventId));
  }

  claimDue(now: Date, limit: number, owner: string, leaseMs: number, busyEndpoints: readonly string[]): Promise<Delivery[]> {
    const due = [...this.deliveries.values()]
      .filter((d) => d.status === "PENDING" && d.nextAttemptAt <= now && !(d.claimedUntil && d.claimedUntil > now))
      .filter((d) => !busyEndpoints.includes(d.endpointId))
      .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((d) => ({ ...d, claimedBy: owner, claimedUntil: new Date(now.getTime() + leaseMs) }));
    for (const d of due) this.deliveries.set(d.id, d);
    return Promise.resolve(due);
  }

  releaseClaim(deliveryId: string, owner: string): Promise<void> {
    const current = this.deliveries.get(deliveryId);
    if (current?.claimedBy === owner) {
      const { claimedBy: _by, claimedUntil: _until, ...rest } = current;
      this.deliveries.set(deliveryId, rest);
    }
    return Promise.resolve();
  }

  recordAttempt(deliveryId: string, owner: string, attempt: Attempt, outcome: AttemptOutcome): Promise<boolean> {
    const current = this.deliveries.get(deliveryId);
    if (current?.status !== "PENDING" || current.claimedBy !== owner) return Promise.resolve(false);
    const { claimedBy: _by, claimedUntil: _until, ...rest } = current;
    this.deliveries.set(deliveryId, {
      ...rest,
      attempts: [...current.attempts, attempt],
      status: outcome.status,
      nextAttemptAt: outcome.status === "PENDING" ? outcome.nextAttemptAt : current.nextAttemptAt,
    });
    return Promise.resolve(true);
  }

  findDelivery(agentId: string, deliveryId: string): Promise<Delivery | undefined> {
    const delivery = this.deliveries.get(deliveryId);
    return Promise.resolve(delivery?.agentId === agentId ? delivery : undefined);
  }

  listDeliveries(agentId: string, endpointId: string, limit: number, after?: DeliveryPosition): Promise<Delivery[]> {
    const page = [...this.deliveries.values()]
      .filter((d) => d.agentId === agentId && d.endpointId === endpointId && (!after || before(d, after)))
      .sort(newestFirst)
      .slice(0, limit);
    return Promise.resolve(page);
  }

  hadDelivery(agentId: string, endpointId: string, eventId: string): Promise<boolean> {
    const had = [...this.deliveries.values()].some((d) => d.agentId === agentId && d.endpointId === endpointId && d.eventId === eventId);
    return Promise.resolve(had);
  }

  backlog(): Promise<{ pending: number; oldestCreatedAt?: Date }> {
    const pending = [...this.deliveries.values()].filter((d) => d.status === "PENDING");
    const oldest = pending.reduce<Date | undefined>((min, d) => (!min || d.createdAt < min ? d.createdAt : min), undefined);
    return Promise.resolve({ pending: pending.length, ...(oldest && { oldestCreatedAt: oldest }) });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
