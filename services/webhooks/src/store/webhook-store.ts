import type { Delivery, Attempt, WebhookEvent } from "../domain/delivery.js";
import type { Endpoint } from "../domain/endpoint.js";

/** Where a delivery goes after an attempt: done, failed for good, or tried again at `nextAttemptAt`. */
export type AttemptOutcome =
  { readonly status: "SUCCEEDED" } | { readonly status: "FAILED" } | { readonly status: "PENDING"; readonly nextAttemptAt: Date };

/** A page position of ListDeliveries: strictly older than this delivery. */
export interface DeliveryPosition {
  readonly createdAt: Date;
  readonly id: string;
}

/**
 * Endpoints, the events they were sent and their deliveries (memory, MongoDB; one contract suite).
 * Reads by an agency are scoped to it: another agency's ids are simply not found.
 */
export interface WebhookStore {
  createEndpoint(endpoint: Endpoint): Promise<void>;
  findEndpoint(agentId: string, endpointId: string): Promise<Endpoint | undefined>;
  /** Oldest first. */
  listEndpoints(agentId: string): Promise<Endpoint[]>;
  /** Replaces the endpoint when it still exists and `expectedUpdatedAt` matches (no lost update); false otherwise. */
  replaceEndpoint(endpoint: Endpoint, expectedUpdatedAt: Date): Promise<boolean>;
  deleteEndpoint(agentId: string, endpointId: string): Promise<boolean>;
  /** The agency's enabled endpoints subscribed to `eventType`. */
  subscribedEndpoints(agentId: string, eventType: string): Promise<Endpoint[]>;

  /**
   * Records an event and its deliveries once: the event by id, each delivery by its `dedupeKey`
   * (event and endpoint), so a redelivered NATS message or a replayed call makes no second one.
   */
  recordEvent(event: WebhookEvent, deliveries: readonly Delivery[]): Promise<void>;
  findEvent(eventId: string): Promise<WebhookEvent | undefined>;

  /**
   * Claims up to `limit` PENDING deliveries due at `now` for `owner` until `now + leaseMs` (another
   * replica's dispatcher skips them meanwhile), oldest due first, none of `busyEndpoints`.
   */
  claimDue(now: Date, limit: number, owner: string, leaseMs: number, busyEndpoints: readonly string[]): Promise<Delivery[]>;
  /** Gives a claim back unused (its endpoint already has enough in flight): due again for any dispatcher. */
  releaseClaim(deliveryId: string, owner: string): Promise<void>;
  /** Appends an attempt and moves the delivery on, if `owner` still holds its claim; false otherwise. */
  recordAttempt(deliveryId: string, owner: string, attempt: Attempt, outcome: AttemptOutcome): Promise<boolean>;
  findDelivery(agentId: string, deliveryId: string): Promise<Delivery | undefined>;
  /** An endpoint's deliveries, newest first, strictly before `after` when given. */
  listDeliveries(agentId: string, endpointId: string, limit: number, after?: DeliveryPosition): Promise<Delivery[]>;
  /** Whether the endpoint ever had a delivery of the event (RedeliverEvent's check). */
  hadDelivery(agentId: string, endpointId: string, eventId: string): Promise<boolean>;
  /** PENDING deliveries and the oldest one's creation, for metrics. */
  backlog(): Promise<{ readonly pending: number; readonly oldestCreatedAt?: Date }>;

  close(): Promise<void>;
}
