import type { EventPublisher } from "./event-publisher.js";
import type { OutboxEvent } from "./outbox-event.js";

export interface InOrderResult {
  /** Ids acked, a prefix of the batch. */
  readonly acked: string[];
  readonly failure?: { readonly err: unknown; readonly eventId: string };
}

/**
 * Publishes one event at a time and stops at the first failure: an event published after a failed
 * one would overtake it on the stream. `proceed` is asked before each event, so a stopping relay
 * finishes only the publish already in flight.
 */
export async function publishInOrder(
  events: readonly OutboxEvent[],
  publisher: EventPublisher,
  proceed: () => boolean,
): Promise<InOrderResult> {
  const acked: string[] = [];
  for (const event of events) {
    if (!proceed()) break;
    try {
      await publisher.publish(event);
    } catch (err) {
      return { acked, failure: { err, eventId: event.id } };
    }
    acked.push(event.id);
  }
  return { acked };
}
