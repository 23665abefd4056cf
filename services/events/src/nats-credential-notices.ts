import type { NatsConnection, Subscription } from "@nats-io/transport-node";
import type { Logger } from "@tarmac/kernel";
import { BackgroundConnection } from "./background-connection.js";
import {
  noticeBody,
  noticeSubject,
  parseNotice,
  type CredentialNotice,
  type CredentialNoticeListener,
  type CredentialNoticePublisher,
  type CredentialNoticeSource,
} from "./credential-notice.js";
import { callSafely } from "./report-listener-error.js";
import { settlesWithin } from "./settles-within.js";

export interface NatsCredentialNoticesOptions {
  readonly servers: string | readonly string[];
  readonly logger: Logger;
  /** NATS_SUBJECT_PREFIX: the subject is `notices.<prefix>.credentials`. */
  readonly subjectPrefix: string;
  /** How long publish waits for the server to have the notice before answering anyway. */
  readonly flushTimeoutMs?: number;
  readonly reconnectWaitMs?: number;
}

/**
 * Credential notices over core NATS: a plain subject, no JetStream and no durable consumer, so
 * every subscribed replica (each gateway, booking and wallet pod) gets each notice; a shared
 * durable would hand it to one of them. Nothing is stored: a replica that is not connected when a
 * notice goes out misses it, and is told so ("missed") when it connects again.
 */
export class NatsCredentialNotices implements CredentialNoticePublisher, CredentialNoticeSource {
  private readonly subject: string;
  private readonly listeners = new Set<CredentialNoticeListener>();
  private readonly connection: BackgroundConnection;
  private nc: NatsConnection | undefined;
  private subscription: Subscription | undefined;
  private subscribedOn: NatsConnection | undefined;

  constructor(private readonly options: NatsCredentialNoticesOptions) {
    this.subject = noticeSubject(options.subjectPrefix);
    this.connection = new BackgroundConnection({
      servers: typeof options.servers === "string" ? [options.servers] : options.servers,
      logger: options.logger,
      reconnectWaitMs: options.reconnectWaitMs ?? 2_000,
      connectTimeoutMs: 5_000,
      onUp: (nc) => this.up(nc),
      onDown: () => undefined,
    });
  }

  /**
   * Resolves once the server has the notice (a flush), within `flushTimeoutMs` (1 s) at most:
   * revocation answers after its notice is on its way, and is never held up by a NATS outage.
   */
  async publish(notice: CredentialNotice): Promise<void> {
    const nc = this.nc;
    if (!nc || !this.connection.up) {
      this.options.logger.warn({ kind: notice.kind, agentId: notice.agentId }, "credential notice not sent: not connected to NATS");
      return;
    }
    try {
      nc.publish(this.subject, noticeBody(notice));
      if (!(await settlesWithin(nc.flush(), this.options.flushTimeoutMs ?? 1_000))) {
        this.options.logger.warn({ kind: notice.kind }, "credential notice: NATS did not confirm in time");
      }
    } catch (err) {
      this.options.logger.warn({ err, kind: notice.kind }, "credential notice not sent");
    }
  }

  subscribe(listener: CredentialNoticeListener): () => void {
    this.listeners.add(listener);
    if (this.nc) this.subscribeOn(this.nc);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** For tests and readiness-minded callers: connected right now. */
  get connected(): boolean {
    return this.connection.up;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.connection.close();
  }

  private up(nc: NatsConnection): void {
    this.nc = nc;
    if (this.listeners.size > 0) this.subscribeOn(nc);
    // Whatever went out while this replica was away (or before it first connected) is lost. Said
    // once the server has the subscription, so every notice after "missed" arrives.
    const missed = () => this.deliver({ kind: "missed" });
    nc.flush().then(missed, missed);
  }

  /** Once per connection: the client renews its subscriptions itself after a reconnection. */
  private subscribeOn(nc: NatsConnection): void {
    if (this.subscription && !this.subscription.isClosed() && this.subscribedOn === nc) return;
    this.subscribedOn = nc;
    this.subscription = nc.subscribe(this.subject, {
      callback: (err, msg) => {
        if (err) {
          this.options.logger.warn({ err }, "credential notice subscription failed");
          return;
        }
        const notice = parseNotice(msg.string());
        if (notice) this.deliver(notice);
        else this.options.logger.warn({ subject: msg.subject }, "not a credential notice; ignored");
      },
    });
  }

  private deliver(notice: CredentialNotice | { kind: "missed" }): void {
    for (const listener of [...this.listeners]) {
      callSafely(listener, [notice], this.options.logger, `credential notice subscriber failed on ${notice.kind}`);
    }
  }
}
