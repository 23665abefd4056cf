import { defined } from "@tarmac/kernel";
import { LeaseHolder, systemClock, type DependencyProbe, type LeaseStore, type Logger } from "@tarmac/kernel";
import type { EventPublisher } from "./event-publisher.js";
import { InProcessBus } from "./in-process-bus.js";
import { JetStreamPublisher } from "./jetstream-publisher.js";
import type { StreamLimits } from "./jetstream-stream.js";
import type { OutboxReader } from "./outbox.js";
import { OutboxRelay } from "./outbox-relay.js";

export interface OutboxRelayWiring {
  readonly outbox: OutboxReader;
  /** NATS_URL; unset means the in-process bus. */
  readonly natsUrl: string | undefined;
  /** NATS_STREAM and NATS_SUBJECT_PREFIX (defaults TARMAC and tarmac). */
  readonly streamName?: string;
  readonly subjectPrefix?: string;
  /** NATS_STREAM_REPLICAS, NATS_STREAM_MAX_AGE_SECONDS, NATS_STREAM_MAX_BYTES, NATS_DUPLICATE_WINDOW_SECONDS. */
  readonly streamLimits?: StreamLimits;
  /** A bus the caller owns (the one-process stack's shared bus); wins over natsUrl. */
  readonly publisher?: EventPublisher;
  readonly logger: Logger;
  /** The service's name, the `service` label of the outbox backlog metrics (booking, wallet). */
  readonly service?: string;
  /** Where replicas claim the relay (one publishes at a time); unset: this process is the only one. */
  readonly leases?: LeaseStore;
}

export interface RunningRelay {
  /**
   * With NATS_URL (and no caller's bus): "nats", passing while connected to NATS with the stream
   * in place, for the service host's readiness. The relay itself keeps retrying either way.
   */
  readonly probe?: DependencyProbe;
  stop(): Promise<void>;
}

/**
 * A service's outbox relay, publishing where configuration says: the caller's bus, NATS JetStream
 * when NATS_URL is set, else a private in-process bus (events stay in the process).
 */
export function startOutboxRelay(wiring: OutboxRelayWiring): RunningRelay {
  const { outbox, natsUrl, logger } = wiring;
  let owned: EventPublisher | undefined;
  let probe: DependencyProbe | undefined;
  if (!wiring.publisher) {
    const jetStream = natsUrl
      ? JetStreamPublisher.start({
          servers: natsUrl,
          logger,
          ...(wiring.streamName && { streamName: wiring.streamName }),
          ...(wiring.subjectPrefix && { subjectPrefix: wiring.subjectPrefix }),
          ...(wiring.streamLimits && { streamLimits: wiring.streamLimits }),
        })
      : undefined;
    if (jetStream) probe = { name: "nats", check: () => jetStream.reachable() };
    owned = jetStream ?? new InProcessBus({ logger });
    logger.info(
      natsUrl ? { natsUrl, stream: wiring.streamName ?? "TARMAC" } : {},
      natsUrl ? "events: NATS JetStream" : "events: in-process bus",
    );
  }
  const relay = new OutboxRelay({
    outbox,
    publisher: wiring.publisher ?? defined(owned, "the event bus"),
    logger,
    ...(wiring.service && { service: wiring.service }),
    ...(wiring.leases && { lease: new LeaseHolder(wiring.leases, `outbox-relay:${wiring.service ?? "events"}`, systemClock) }),
  });
  relay.start();
  return {
    ...(probe && { probe }),
    async stop() {
      await relay.stop();
      await owned?.close();
    },
  };
}
