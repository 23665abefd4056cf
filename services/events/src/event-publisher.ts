import type { OutboxEvent } from "./outbox-event.js";

/** Where the relay sends events: NATS JetStream in production, the in-process bus when embedded. */
export interface EventPublisher {
  /**
   * Resolves once the event is durably accepted (for JetStream: the stream's ack). Rejects when it
   * was not, and may then have been stored anyway: publishing the same event again must be safe.
   */
  publish(event: OutboxEvent): Promise<void>;
  /** Stops accepting events and releases connections; publishing afterwards rejects. */
  close(): Promise<void>;
}
