import type { Logger } from "@tarmac/kernel";
import type { EventPublisher } from "./event-publisher.js";
import type { OutboxEvent } from "./outbox-event.js";
import { callSafely } from "./report-listener-error.js";

export type EventListener = (event: OutboxEvent) => void;

/**
 * The publisher of the embedded mode (no NATS_URL): subscribers in the same process get each event
 * as the relay publishes it, in outbox order. A subscriber's failure is logged and does not fail the
 * publish, or the relay would redeliver the event to every other subscriber.
 */
export class InProcessBus implements EventPublisher {
  private readonly listeners = new Set<EventListener>();
  private closed = false;

  constructor(private readonly options: { readonly logger?: Logger } = {}) {}

  subscribe(listener: EventListener): () => void {
    const entry: EventListener = (event) => listener(event);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  async publish(event: OutboxEvent): Promise<void> {
    if (this.closed) throw new Error("in-process event bus is closed");
    for (const listener of [...this.listeners]) {
      callSafely(listener, [event], this.options.logger, `in-process subscriber failed on event ${event.id}`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
  }
}
