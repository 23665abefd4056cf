import type { ConsumerMessages } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import type { Logger } from "@tarmac/kernel";
import { BackgroundConnection } from "./background-connection.js";
import { parseEventBody } from "./event-body.js";
import { DEFAULT_STREAM_LIMITS, ensureStream, type StreamLimits } from "./jetstream-stream.js";
import { natsClient } from "./nats-client.js";
import { settlesWithin } from "./settles-within.js";
import type { OutboxEvent } from "./outbox-event.js";

export interface JetStreamSubscriberOptions {
  readonly servers: string | readonly string[];
  readonly logger: Logger;
  readonly streamName: string;
  readonly subjectPrefix: string;
  /** The stream's replicas and limits, applied when this subscriber creates or meets the stream. */
  readonly streamLimits?: StreamLimits;
  /** The durable consumer's name: every replica shares it, so each message goes to one of them. */
  readonly durable: string;
  /** Subjects under the prefix, e.g. ["booking.>", "wallet.>"]. */
  readonly subjects: readonly string[];
  /** Resolves once the event is safely handled; only then is the message acknowledged. */
  readonly handle: (event: OutboxEvent) => Promise<void>;
  /** How long a message may be in hand before NATS gives it to another replica. */
  readonly ackWaitMs?: number;
  readonly reconnectWaitMs?: number;
}

/**
 * A durable JetStream consumer with explicit acks: a message is acknowledged after `handle`
 * resolved, re-offered a little later when it failed, and given to another replica when this one
 * dies holding it. Connects in the background (the service starts while NATS is down).
 *
 * The consumer keeps its position across restarts. Should it be created again (a first start, an
 * operator deleting it, a NATS store rebuilt), it starts at the first event the stream still holds,
 * never at "new": the events published while it was missing are delivered, along with some
 * handled before, so `handle` must recognise an event id it has seen (webhooks record one delivery
 * per event and endpoint). The stream's age limit bounds that replay.
 */
export class JetStreamSubscriber {
  private readonly connection: BackgroundConnection;
  private messages: ConsumerMessages | undefined;
  private handled = 0;

  constructor(private readonly options: JetStreamSubscriberOptions) {
    this.connection = new BackgroundConnection({
      servers: typeof options.servers === "string" ? [options.servers] : options.servers,
      logger: options.logger,
      reconnectWaitMs: options.reconnectWaitMs ?? 2_000,
      connectTimeoutMs: 5_000,
      onUp: (nc) => void this.consume(nc),
      onDown: () => void this.messages?.close(),
    });
  }

  /** Messages handled and acknowledged so far. */
  get count(): number {
    return this.handled;
  }

  get connected(): boolean {
    return this.connection.up;
  }

  /** For readiness: connected; right after start it first waits, up to `timeoutMs`, for the connection on its way. */
  async reachable(timeoutMs = 1_000): Promise<boolean> {
    if (!this.connection.up) await settlesWithin(this.connection.firstAttempt, timeoutMs);
    return this.connection.up;
  }

  async close(): Promise<void> {
    await this.messages?.close();
    await this.connection.close();
  }

  /** Whether a type is under one of the subjects: "booking.>" takes booking.booked, "wallet.debited" itself. */
  private wanted(type: string): boolean {
    return this.options.subjects.some((s) => (s.endsWith(".>") ? type.startsWith(s.slice(0, -1)) : type === s));
  }

  private async consume(nc: NatsConnection): Promise<void> {
    const { streamName, subjectPrefix, durable, logger, streamLimits = DEFAULT_STREAM_LIMITS } = this.options;
    const { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } = natsClient().jetstream;
    const { nanos } = natsClient().transport;
    try {
      const jsm = await jetstreamManager(nc);
      await ensureStream(jsm, { name: streamName, subject: `${subjectPrefix}.>`, limits: streamLimits }, logger);
      const config = {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
        // One filter (servers before 2.10 take no list); the subjects are picked below.
        filter_subject: `${subjectPrefix}.>`,
      };
      // Later starts keep its position; a new one begins at the stream's first event (see above).
      await jsm.consumers.info(streamName, durable).catch(async () => {
        await jsm.consumers.add(streamName, { ...config, deliver_policy: DeliverPolicy.All });
        logger.info({ stream: streamName, durable }, "created the durable consumer from the stream's first event");
      });
      const consumer = await jetstream(nc).consumers.get(streamName, durable);
      this.messages = await consumer.consume({ max_messages: 100 });
      for await (const message of this.messages) {
        const event = parseEventBody(message.string());
        if (event && !this.wanted(event.type)) {
          message.ack();
          continue;
        }
        if (!event) {
          logger.error({ subject: message.subject, seq: message.seq }, "not an event body; acknowledged and skipped");
          message.ack();
          continue;
        }
        try {
          await this.options.handle(event);
          message.ack();
          this.handled++;
        } catch (err) {
          logger.warn({ err, eventId: event.id }, "event not handled; NATS offers it again shortly");
          message.nak(2_000);
        }
      }
    } catch (err) {
      if (!nc.isClosed()) logger.error({ err }, "JetStream consumer stopped; it restarts when the connection does");
    }
  }
}
