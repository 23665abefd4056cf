/** One try to deliver an event to an endpoint. */
export interface Attempt {
  readonly at: Date;
  /** 0 when no HTTP answer came. */
  readonly statusCode: number;
  /** Empty for a 2xx. */
  readonly error: string;
  /** The first 1 KB of the answer. */
  readonly responseBody: string;
  readonly durationMs: number;
}

export type DeliveryStatus = "PENDING" | "SUCCEEDED" | "FAILED";

/** An event on its way to one endpoint; (eventId, endpointId) is unique except for redeliveries. */
export interface Delivery {
  readonly id: string;
  readonly agentId: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: DeliveryStatus;
  readonly attempts: readonly Attempt[];
  /** When the next attempt is due (PENDING). */
  readonly nextAttemptAt: Date;
  readonly createdAt: Date;
  /**
   * Unique per delivery: `<event id>:<endpoint id>` for an event's delivery (so it is recorded once
   * however often the event arrives), `<event id>:<endpoint id>:<delivery id>` for a redelivery.
   */
  readonly dedupeKey: string;
  /** Who holds the claim to send it, and until when (claimDue). */
  readonly claimedBy?: string;
  readonly claimedUntil?: Date;
}

/** The event as delivered: the body is exactly what NATS carries, `{id, type, created_at, agent_id, data}`. */
export interface WebhookEvent {
  readonly id: string;
  readonly type: string;
  readonly agentId: string;
  readonly createdAt: Date;
  /** The JSON body, byte for byte what is signed and sent. */
  readonly body: string;
}
