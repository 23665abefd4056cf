import type { JetStreamClient } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { processMetrics, systemClock, type Logger } from "@tarmac/kernel";
import { BackgroundConnection } from "./background-connection.js";
import type { EventPublisher } from "./event-publisher.js";
import { DEFAULT_STREAM_LIMITS, ensureStream, type StreamLimits, type StreamSpec } from "./jetstream-stream.js";
import { natsClient } from "./nats-client.js";
import { OutageLog } from "./outage-log.js";
import { eventBody, SUBJECT_PREFIX, type OutboxEvent } from "./outbox-event.js";
import { settlesWithin } from "./settles-within.js";

export interface JetStreamPublisherOptions {
  readonly servers: string | readonly string[];
  readonly logger: Logger;
  readonly streamName?: string;
  readonly subjectPrefix?: string;
  /** The stream's replicas, limits and duplicate window (JetStream drops a re-published event id within it). */
  readonly streamLimits?: StreamLimits;
  readonly ackTimeoutMs?: number;
  /** Between connection attempts, before the first connection and after losing one. */
  readonly reconnectWaitMs?: number;
  readonly connectTimeoutMs?: number;
}

/**
 * Publishes events to a JetStream stream with Nats-Msg-Id = event id. `start` returns at once and
 * connects in the background, retrying forever: a service must come up while NATS is down, its
 * events wait in the outbox. `publish` rejects at once while there is no connection (so the relay
 * backs off instead of queueing), and otherwise when the stream's ack does not come in time.
 */
export class JetStreamPublisher implements EventPublisher {
  private readonly spec: StreamSpec;
  private readonly subjectPrefix: string;
  private readonly ackTimeoutMs: number;
  private readonly reconnectWaitMs: number;
  private readonly streamOutage: OutageLog;
  private readonly connection: BackgroundConnection;
  /** Set while connected with the stream in place: the only state in which publish tries. */
  private live: { nc: NatsConnection; js: JetStreamClient } | undefined;
  private preparing: Promise<void> | undefined;
  /** The readiness ping under way: one at a time, however long the server takes to answer. */
  private pinging: Promise<boolean> | undefined;

  static start(options: JetStreamPublisherOptions): JetStreamPublisher {
    return new JetStreamPublisher(options);
  }

  private constructor(private readonly options: JetStreamPublisherOptions) {
    this.subjectPrefix = options.subjectPrefix ?? SUBJECT_PREFIX;
    this.spec = {
      name: options.streamName ?? "TARMAC",
      subject: `${this.subjectPrefix}.>`,
      limits: options.streamLimits ?? DEFAULT_STREAM_LIMITS,
    };
    this.ackTimeoutMs = options.ackTimeoutMs ?? 5_000;
    this.reconnectWaitMs = options.reconnectWaitMs ?? 2_000;
    this.streamOutage = new OutageLog(options.logger, systemClock, `JetStream stream ${this.spec.name}`);
    this.connection = new BackgroundConnection({
      servers: typeof options.servers === "string" ? [options.servers] : options.servers,
      logger: options.logger,
      reconnectWaitMs: this.reconnectWaitMs,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      onUp: (nc) => {
        // Also after a reconnection: the server may be back without the stream (a fresh store).
        void this.prepare(nc);
      },
      onDown: () => {
        this.live = undefined;
      },
    });
  }

  /** Connected, with the stream in place; publish rejects while this is false. */
  get connected(): boolean {
    return this.live !== undefined;
  }

  /**
   * For readiness: connected with the stream in place, and the server answers a ping within
   * `timeoutMs` (which also catches a link that died without the connection noticing). Right after
   * start it first waits, as long as `timeoutMs`, for the connection on its way.
   */
  async reachable(timeoutMs = 1_000): Promise<boolean> {
    if (this.connection.closed) return false;
    if (!this.live)
      await settlesWithin(
        this.connection.firstAttempt.then(() => this.preparing),
        timeoutMs,
      );
    const live = this.live;
    if (!live) return false;
    this.pinging ??= live.nc
      .flush()
      .then(
        () => true,
        () => false,
      )
      .finally(() => (this.pinging = undefined));
    const pinging = this.pinging;
    return (await settlesWithin(pinging, timeoutMs)) && (await pinging) && this.live === live;
  }

  /** Every publish that rejects (no connection, no ack in time, ...); the relay retries it. */
  private readonly failures = processMetrics().counter({
    name: "nats_publish_failures_total",
    help: "Event publishes to NATS JetStream that failed (not connected, no ack in time, no stream)",
  });

  async publish(event: OutboxEvent): Promise<void> {
    try {
      await this.publishOnce(event);
    } catch (err) {
      this.failures.inc();
      throw err;
    }
  }

  private async publishOnce(event: OutboxEvent): Promise<void> {
    if (this.connection.closed) throw new Error("JetStream publisher is closed");
    // Right after start, do not fail (and make the relay log an outage) for a connection on its way.
    if (!this.live)
      await settlesWithin(
        this.connection.firstAttempt.then(() => this.preparing),
        this.ackTimeoutMs,
      );
    const live = this.live;
    if (!live) throw new Error(`not connected to NATS JetStream (stream ${this.spec.name})`);
    try {
      await live.js.publish(`${this.subjectPrefix}.${event.type}`, eventBody(event), {
        msgID: event.id,
        timeout: this.ackTimeoutMs,
        expect: { streamName: this.spec.name },
      });
    } catch (err) {
      // No stream holds the subject: it was deleted, or the server lost it. Put it back.
      if (noResponders(err)) void this.prepare(live.nc);
      throw err;
    }
  }

  /** Drains the connection (in-flight acks are awaited) and stops reconnecting. */
  async close(): Promise<void> {
    this.live = undefined;
    await this.connection.close();
  }

  /** Ensures the stream, retrying until it works, the connection closes, or close() is called. */
  /** A call, not a field read: the loop below awaits between checks and close() may run meanwhile. */
  private isStopped(nc: NatsConnection): boolean {
    return this.connection.closed || nc.isClosed();
  }

  private prepare(nc: NatsConnection): Promise<void> {
    this.preparing ??= this.prepareUntilDone(nc).finally(() => (this.preparing = undefined));
    return this.preparing;
  }

  private async prepareUntilDone(nc: NatsConnection): Promise<void> {
    const { jetstream, jetstreamManager } = natsClient().jetstream;
    while (!this.isStopped(nc)) {
      try {
        await ensureStream(await jetstreamManager(nc, { timeout: this.ackTimeoutMs }), this.spec, this.options.logger);
        this.streamOutage.recovered();
        if (this.connection.up) this.live = { nc, js: jetstream(nc, { timeout: this.ackTimeoutMs }) };
        return;
      } catch (err) {
        if (this.isStopped(nc)) return;
        this.streamOutage.failed(err, "creating or updating", { stream: this.spec.name });
        await this.connection.pause(this.reconnectWaitMs);
      }
    }
  }
}

/** JetStream answers nothing on a subject no stream holds; v3 reports that as JetStreamNotEnabled. */
function noResponders(err: unknown): boolean {
  const { errors } = natsClient().transport;
  const cause = err instanceof Error ? err.cause : undefined;
  return err instanceof errors.NoRespondersError || (cause instanceof errors.RequestError && cause.isNoResponders());
}
