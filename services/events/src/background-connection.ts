import type { NatsConnection } from "@nats-io/transport-node";
import { systemClock, type Logger } from "@tarmac/kernel";
import { setTimeout as delay } from "node:timers/promises";
import { loadNatsClient } from "./nats-client.js";
import { OutageLog } from "./outage-log.js";
import { settlesWithin } from "./settles-within.js";

export interface BackgroundConnectionOptions {
  readonly servers: readonly string[];
  readonly logger: Logger;
  readonly reconnectWaitMs: number;
  readonly connectTimeoutMs: number;
  /** On the first connection and on every reconnection. */
  readonly onUp: (nc: NatsConnection) => void;
  /** On every loss of the connection. */
  readonly onDown: () => void;
}

/**
 * A NATS connection that is made in the background and kept forever. The client library
 * reconnects by itself only once it has connected, and its own wait for a first connection cannot
 * be cancelled, so the first connection is retried here, where close() can stop it.
 */
export class BackgroundConnection {
  private readonly closing = new AbortController();
  private readonly outage: OutageLog;
  private readonly lifecycle: Promise<void>;
  private nc: NatsConnection | undefined;
  private linkUp = false;
  private settleFirstAttempt: () => void = () => undefined;
  /** Settles when the first attempt connected or failed; until then "not connected" means "not yet". */
  readonly firstAttempt = new Promise<void>((resolve) => (this.settleFirstAttempt = resolve));

  constructor(private readonly options: BackgroundConnectionOptions) {
    this.outage = new OutageLog(options.logger, systemClock, "NATS connection");
    this.lifecycle = this.run().catch((err: unknown) => options.logger.error({ err }, "NATS connection loop crashed"));
  }

  /** Connected right now (the client may be between reconnect attempts otherwise). */
  get up(): boolean {
    return this.linkUp;
  }

  /** Read through a call where an await lies between checks: close() may have run meanwhile. */
  private isClosed(): boolean {
    return this.closed;
  }

  get closed(): boolean {
    return this.closing.signal.aborted;
  }

  /** Waits `ms`, or less when close() is called. */
  pause(ms: number): Promise<void> {
    return delay(ms, undefined, { signal: this.closing.signal }).catch(() => undefined);
  }

  /** Drains the connection (pending requests get their replies) and stops reconnecting. */
  async close(): Promise<void> {
    this.closing.abort();
    this.settleFirstAttempt();
    const nc = this.nc;
    if (nc && !nc.isClosed()) {
      // Draining needs the server: on a lost link it waits for the next reconnect attempt, then
      // fails without closing. On a half-open link it would wait for the ping timeout: bound it.
      if (this.linkUp) await settlesWithin(nc.drain(), this.options.connectTimeoutMs);
      if (!nc.isClosed()) await nc.close();
    }
    await this.lifecycle;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const nc = await this.connect();
      if (!nc) return;
      this.nc = nc;
      this.linkUp = true;
      void this.watch(nc);
      this.options.onUp(nc);
      this.settleFirstAttempt();
      // Closes for good only on close() or a fatal error (e.g. revoked credentials): start over then.
      const err = await nc.closed();
      this.nc = undefined;
      this.linkUp = false;
      this.options.onDown();
      if (!this.isClosed()) this.options.logger.warn({ err }, "NATS connection closed; connecting again");
    }
  }

  private async connect(): Promise<NatsConnection | undefined> {
    const { servers, reconnectWaitMs, connectTimeoutMs, logger } = this.options;
    while (!this.closed) {
      try {
        const { connect } = (await loadNatsClient()).transport;
        const nc = await connect({
          servers: [...servers],
          timeout: connectTimeoutMs,
          maxReconnectAttempts: -1,
          reconnectTimeWait: reconnectWaitMs,
          reconnectJitter: Math.min(100, reconnectWaitMs),
        });
        if (this.isClosed()) {
          await nc.close();
          return undefined;
        }
        this.outage.recovered();
        logger.info({ server: nc.getServer() }, "connected to NATS");
        return nc;
      } catch (err) {
        this.outage.failed(err, "connecting", { servers });
        this.settleFirstAttempt();
        await this.pause(reconnectWaitMs);
      }
    }
    return undefined;
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === "disconnect") {
        this.linkUp = false;
        this.options.onDown();
        if (!this.closed) this.options.logger.warn({ server: status.server }, "disconnected from NATS; reconnecting");
      } else if (status.type === "reconnect") {
        this.linkUp = true;
        this.options.logger.info({ server: status.server }, "reconnected to NATS");
        this.options.onUp(nc);
      }
    }
  }
}
