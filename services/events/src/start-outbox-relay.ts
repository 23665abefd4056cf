import type { Logger } from "@tarmac/kernel";
import type { EventPublisher } from "./event-publisher.js";
import { InProcessBus } from "./in-process-bus.js";
import { JetStreamPublisher } from "./jetstream-publisher.js";
import type { OutboxReader } from "./outbox.js";
import { OutboxRelay } from "./outbox-relay.js";

export interface OutboxRelayWiring {
  readonly outbox: OutboxReader;
  /** NATS_URL; unset means the in-process bus. */
  readonly natsUrl: string | undefined;
  /** NATS_STREAM and NATS_SUBJECT_PREFIX (defaults TARMAC and tarmac). */
  readonly streamName?: string;
  readonly subjectPrefix?: string;
  /** A bus the caller owns (the one-process stack's shared bus); wins over natsUrl. */
  readonly publisher?: EventPublisher;
  readonly logger: Logger;
}

export interface RunningRelay {
  stop(): Promise<void>;
}

/**
 * A service's outbox relay, publishing where configuration says: the caller's bus, NATS JetStream
 * when NATS_URL is set, else a private in-process bus (events stay in the process).
 */
export function startOutboxRelay(wiring: OutboxRelayWiring): RunningRelay {
  const { outbox, natsUrl, logger } = wiring;
  let owned: EventPublisher | undefined;
  if (!wiring.publisher) {
    owned = natsUrl
      ? JetStreamPublisher.start({
          servers: natsUrl,
          logger,
          ...(wiring.streamName && { streamName: wiring.streamName }),
          ...(wiring.subjectPrefix && { subjectPrefix: wiring.subjectPrefix }),
        })
      : new InProcessBus({ logger });
    logger.info(natsUrl ? { natsUrl, stream: wiring.streamName ?? "TARMAC" } : {}, natsUrl ? "events: NATS JetStream" : "events: in-process bus");
  }
  const relay = new OutboxRelay({ outbox, publisher: wiring.publisher ?? owned!, logger });
  relay.start();
  return {
    async stop() {
      await relay.stop();
      await owned?.close();
    },
  };
}
