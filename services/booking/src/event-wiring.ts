import { InProcessBus, JetStreamPublisher, OutboxRelay, type EventPublisher, type OutboxReader } from "@tarmac/events";
import type { Logger } from "@tarmac/kernel";

export interface RunningRelay {
  stop(): Promise<void>;
}

/**
 * Publishes a service's outbox: to NATS JetStream when NATS_URL is set, else to the in-process bus
 * the caller gives (embedded mode) or a private one. The relay retries while the bus is down.
 */
export function startRelay(options: {
  readonly outbox: OutboxReader;
  readonly natsUrl: string | undefined;
  readonly publisher: EventPublisher | undefined;
  readonly logger: Logger;
}): RunningRelay {
  const { outbox, natsUrl, logger } = options;
  const owned = options.publisher ? undefined : natsUrl ? JetStreamPublisher.start({ servers: natsUrl, logger }) : new InProcessBus();
  const publisher = options.publisher ?? owned!;
  const relay = new OutboxRelay({ outbox, publisher, logger });
  relay.start();
  logger.info(natsUrl && !options.publisher ? { natsUrl } : {}, natsUrl && !options.publisher ? "events: NATS JetStream" : "events: in-process bus");
  return {
    async stop() {
      await relay.stop();
      await owned?.close();
    },
  };
}
