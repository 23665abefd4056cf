import { processMetrics, systemClock, type Clock, type LeaseHolder, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import { Backoff, type BackoffOptions } from "./backoff.js";
import type { EventPublisher } from "./event-publisher.js";
import type { OutboxBacklog, OutboxReader } from "./outbox.js";
import type { OutboxEvent } from "./outbox-event.js";
import { OutageLog } from "./outage-log.js";
import { PoisonWatch } from "./poison-watch.js";
import { publishInOrder } from "./publish-in-order.js";
import { settlesWithin } from "./settles-within.js";
import { WakeablePause } from "./wakeable-pause.js";

export interface OutboxRelayOptions {
  readonly outbox: OutboxReader;
  readonly publisher: EventPublisher;
  readonly logger: Logger;
  /** Dates markPublished and measures outages. */
  readonly clock?: Clock;
  readonly batchSize?: number;
  /** How often the outbox is read when no onAppend arrives (other processes' appends). */
  readonly pollIntervalMs?: number;
  readonly backoff?: BackoffOptions;
  /** How long stop() waits for the in-flight publish; it stays pending if that does not settle. */
  readonly stopTimeoutMs?: number;
  /**
   * The service whose outbox this is: while running, the relay reports its backlog at every scrape
   * as outbox_backlog_events{service} and outbox_oldest_pending_age_seconds{service}. Unset: no metrics.
   */
  readonly service?: string;
  /** Default the process registry. */
  readonly metrics?: MetricsRegistry;
  /**
   * Rounds in a row that may fail on the same event before the relay tries the event after it: if
   * the publisher takes that one, the failing event can never be published and is parked
   * (OutboxReader.park), so it does not hold back every event behind it. Default 10.
   */
  readonly parkAfterFailures?: number;
  /**
   * With several replicas of a service, the lease that lets one relay at a time publish this
   * outbox (the others wait, and take over within its expiry when the holder dies), so an event
   * is published once rather than once per replica. Unset: this relay is the only one.
   */
  readonly lease?: LeaseHolder;
}

type Round = "drained" | "more" | "failed";
interface Failure {
  readonly err: unknown;
  readonly step: string;
  readonly eventId?: string;
}

/**
 * Moves events from an outbox to a publisher, one at a time in outbox order, and marks each batch
 * published after the acks. A failure ends the round where it happened, so no event overtakes an
 * earlier one; the round is retried with exponential backoff until it succeeds. The publisher
 * deduplicates by event id, so re-publishing after a crash or a lost ack is harmless.
 */
export class OutboxRelay {
  private readonly clock: Clock;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly stopTimeoutMs: number;
  private readonly backoff: Backoff;
  private readonly pause = new WakeablePause();
  private state: "new" | "running" | "stopped" = "new";

  /** A call, not a field read: stop() may run while a round is awaited. */
  private isRunning(): boolean {
    return this.state === "running";
  }
  private loop: Promise<void> = Promise.resolve();
  private unsubscribe: () => void = () => undefined;
  private untrack: () => void = () => undefined;
  private readonly outage: OutageLog;
  private readonly poison: PoisonWatch;

  constructor(private readonly options: OutboxRelayOptions) {
    this.clock = options.clock ?? systemClock;
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.backoff = new Backoff(options.backoff ?? { initialMs: 100, maxMs: 10_000 });
    this.outage = new OutageLog(options.logger, this.clock, "outbox relay");
    this.poison = new PoisonWatch(options.parkAfterFailures ?? 10);
    if (!(this.batchSize >= 1)) throw new Error(`batchSize must be at least 1, got ${this.batchSize}`);
  }

  start(): void {
    if (this.state === "running") return;
    if (this.state === "stopped") throw new Error("a stopped OutboxRelay cannot start again; create a new one");
    this.state = "running";
    this.unsubscribe = this.options.outbox.onAppend(() => this.pause.wake());
    this.untrack = this.trackBacklog();
    this.loop = this.run().catch((err: unknown) => this.options.logger.error({ err }, "outbox relay crashed"));
  }

  /** Lets the in-flight publish finish (at most stopTimeoutMs), marks what was acked, and stops. */
  async stop(): Promise<void> {
    if (this.state !== "running") {
      this.state = "stopped";
      return;
    }
    this.state = "stopped";
    this.unsubscribe();
    this.untrack();
    this.pause.interrupt();
    if (!(await settlesWithin(this.loop, this.stopTimeoutMs))) {
      this.options.logger.warn({ stopTimeoutMs: this.stopTimeoutMs }, "outbox relay stopped with a publish in flight");
    }
    // Another replica takes over at once rather than after the expiry.
    await this.options.lease?.release();
  }

  backlog(): Promise<OutboxBacklog> {
    return this.options.outbox.backlog();
  }

  /** Registers the backlog gauges' sources (read at scrape time); returns their removal. */
  private trackBacklog(): () => void {
    const { service, logger } = this.options;
    if (service === undefined) return () => undefined;
    const metrics = this.options.metrics ?? processMetrics();
    const labelNames = ["service"] as const;
    const read = async () => {
      try {
        return await this.backlog();
      } catch (err) {
        logger.warn({ err }, "outbox backlog unreadable for metrics");
        throw err;
      }
    };
    const removals = [
      metrics.sampledGauge(
        { name: "outbox_backlog_events", help: "Events in the outbox not yet published, by service", labelNames },
        async () => [{ labels: { service }, value: (await read()).pending }],
      ),
      metrics.sampledGauge(
        {
          name: "outbox_oldest_pending_age_seconds",
          help: "Age of the oldest unpublished outbox event (0 when none), by service",
          labelNames,
          aggregate: "max",
        },
        async () => {
          const { oldestCreatedAt } = await read();
          const age = oldestCreatedAt ? Math.max(0, (this.clock.now().getTime() - oldestCreatedAt.getTime()) / 1000) : 0;
          return [{ labels: { service }, value: age }];
        },
      ),
    ];
    return () => removals.forEach((remove) => remove());
  }

  private async run(): Promise<void> {
    while (this.state === "running") {
      this.pause.clearWake();
      if (this.options.lease && !(await this.options.lease.held())) {
        // Another replica publishes; appends here do not wake this one.
        await this.pause.pause(this.pollIntervalMs, false);
        continue;
      }
      const round = await this.round();
      if (!this.isRunning()) return;
      if (round === "failed") await this.pause.pause(this.backoff.next(), false);
      else if (round === "drained") await this.pause.pause(this.pollIntervalMs, true);
    }
  }

  private async round(): Promise<Round> {
    const { outbox, publisher } = this.options;
    let events: OutboxEvent[];
    try {
      events = await outbox.pending(this.batchSize);
    } catch (err) {
      return this.failed({ err, step: "reading the outbox" });
    }
    const { acked, failure: publishFailure } = await publishInOrder(events, publisher, () => this.state === "running");
    let failure: Failure | undefined = publishFailure && { ...publishFailure, step: "publishing" };
    if (publishFailure === undefined) this.poison.clear();
    else if (this.poison.failedAt(publishFailure.eventId)) {
      try {
        const setAside = await this.parkIfPoison(events, publishFailure);
        if (setAside) {
          acked.push(...setAside.published);
          failure = undefined;
        }
      } catch (err) {
        failure = { err, step: "parking an event", eventId: publishFailure.eventId };
      }
    }
    if (acked.length > 0) {
      try {
        await outbox.markPublished(acked, this.clock.now());
        this.backoff.reset();
      } catch (err) {
        failure ??= { err, step: "marking events published" };
      }
    }
    if (failure) return this.failed(failure);
    this.recovered();
    return events.length === this.batchSize || acked.length < events.length ? "more" : "drained";
  }

  /**
   * The event failed `parkAfterFailures` rounds in a row. Publishes the one after it: if the
   * publisher takes it, the publisher works and only this event fails, so it is parked (logged
   * and counted) and the relay goes on; if not, it is an outage and the relay keeps waiting. With
   * nothing after it, nothing is held back and it keeps being retried.
   */
  private async parkIfPoison(events: readonly OutboxEvent[], failure: { err: unknown; eventId: string }) {
    const index = events.findIndex((event) => event.id === failure.eventId);
    const stuck = events[index];
    const next = events[index + 1];
    if (stuck === undefined || next === undefined) return undefined;
    try {
      await this.options.publisher.publish(next);
    } catch {
      return undefined;
    }
    // Once more, now that the publisher is known to work: an outage that just ended is not poison.
    try {
      await this.options.publisher.publish(stuck);
      this.poison.clear();
      return { published: [next.id, stuck.id] };
    } catch {
      // It fails alone: set it aside.
    }
    const reason = failure.err instanceof Error ? failure.err.message : String(failure.err);
    await this.options.outbox.park(stuck.id, reason, this.clock.now());
    this.poison.clear();
    this.options.logger.error(
      { err: failure.err, eventId: stuck.id, type: stuck.type },
      "outbox event parked: the publisher takes the events after it but never this one",
    );
    const metrics = this.options.metrics ?? processMetrics();
    metrics
      .counter({
        name: "outbox_parked_events_total",
        help: "Outbox events set aside because they could never be published, by service",
        labelNames: ["service"],
      })
      .inc({ service: this.options.service ?? "unknown" });
    return { published: [next.id] };
  }

  private failed({ err, step, eventId }: Failure): Round {
    this.outage.failed(err, step, eventId ? { eventId } : {});
    return "failed";
  }

  private recovered(): void {
    if (!this.outage.ongoing) return;
    this.backoff.reset();
    this.outage.recovered();
  }
}
