import { newEvent } from "@tarmac/events";
import { runEvery, type Clock, type Logger } from "@tarmac/kernel";
import type { Attempt, Delivery } from "../domain/delivery.js";
import { DISABLE_AFTER_FAILING_MS, type Endpoint } from "../domain/endpoint.js";
import { TEST_EVENT_TYPE } from "../domain/event-catalogue.js";
import { nextAttemptAt } from "../domain/retry-schedule.js";
import type { WebhookIngest } from "../ingest.js";
import type { AttemptOutcome, WebhookStore } from "../store/webhook-store.js";
import type { DeliveryMetrics } from "./delivery-metrics.js";
import type { DeliveryTools, DispatchSettings } from "./ports.js";

export interface DispatcherDeps {
  readonly store: WebhookStore;
  readonly ingest: WebhookIngest;
  readonly tools: DeliveryTools;
  readonly settings: DispatchSettings;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics: DeliveryMetrics;
  /** This replica's name on its claims. */
  readonly owner: string;
  readonly random?: () => number;
}

/**
 * Sends due deliveries: claims a batch every poll and sends each without waiting for the others,
 * at most `perEndpointConcurrency` at a time per endpoint, so a slow or dead receiver holds only
 * its own deliveries. A claim lasts past the receiver's timeout; a replica that dies mid-send
 * leaves it to lapse and another replica sends again (receivers dedupe on Tarmac-Event-Id).
 */
export class Dispatcher {
  private readonly inFlight = new Map<string, number>();
  private readonly sending = new Set<Promise<void>>();
  private loop: { stop(): Promise<void> } | undefined;
  private claiming = false;
  private nudged = false;
  /** The last claim left work behind (a full batch, or claims given back): a finished send claims again. */
  private backlogged = false;

  constructor(private readonly deps: DispatcherDeps) {}

  start(): void {
    this.loop ??= runEvery(this.deps.settings.pollIntervalMs, "webhook dispatcher", this.deps.logger, () => this.tick());
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
    await this.settled();
  }

  /** Something became due: claim now (one claim at a time; a nudge during one runs another after it). */
  nudge(): void {
    if (!this.loop) return;
    if (this.claiming) {
      this.nudged = true;
      return;
    }
    this.claiming = true;
    void this.tick()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, "webhook dispatch failed; retrying on the next poll"))
      .finally(() => {
        this.claiming = false;
        if (this.nudged) {
          this.nudged = false;
          this.nudge();
        }
      });
  }

  /** Claims what is due now and starts sending it; resolves once claimed (not sent: see settled()). */
  async tick(): Promise<number> {
    const { settings, clock, owner } = this.deps;
    const busy = [...this.inFlight].filter(([, n]) => n >= settings.perEndpointConcurrency).map(([id]) => id);
    const leaseMs = settings.timeoutMs * 3;
    const claimed = await this.deps.store.claimDue(clock.now(), settings.batchSize, owner, leaseMs, busy);
    let launched = 0;
    let released = 0;
    for (const delivery of claimed) {
      if ((this.inFlight.get(delivery.endpointId) ?? 0) >= settings.perEndpointConcurrency) {
        // Its endpoint is full: give it back now rather than hold it for a whole lease.
        await this.deps.store.releaseClaim(delivery.id, owner);
        released++;
        continue;
      }
      this.launch(delivery);
      launched++;
    }
    this.backlogged = released > 0 || claimed.length === settings.batchSize;
    return launched;
  }

  /** Resolves when every send started so far has been recorded. */
  async settled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  private launch(delivery: Delivery): void {
    this.inFlight.set(delivery.endpointId, (this.inFlight.get(delivery.endpointId) ?? 0) + 1);
    const sending = this.deliver(delivery)
      .catch((error: unknown) => this.deps.logger.error({ err: error, deliveryId: delivery.id }, "webhook delivery failed unexpectedly"))
      .finally(() => {
        const left = (this.inFlight.get(delivery.endpointId) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(delivery.endpointId);
        else this.inFlight.set(delivery.endpointId, left);
        this.sending.delete(sending);
        // A slot is free and work was left waiting: claim it now, not at the next poll.
        if (this.backlogged) this.nudge();
      });
    this.sending.add(sending);
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const { store, clock } = this.deps;
    const endpoint = await store.findEndpoint(delivery.agentId, delivery.endpointId);
    const event = await store.findEvent(delivery.eventId);
    const at = clock.now();
    if (!endpoint || !event || (!endpoint.enabled && delivery.eventType !== TEST_EVENT_TYPE)) {
      const error = !endpoint ? "endpoint deleted" : !event ? "event no longer kept" : "endpoint disabled";
      await this.record(delivery, { at, statusCode: 0, error, responseBody: "", durationMs: 0 }, { status: "FAILED" });
      return;
    }
    const attempt = await this.attempt(endpoint, event.body, delivery, at);
    if (attempt.ok) {
      await this.record(delivery, attempt.attempt, { status: "SUCCEEDED" });
      this.deps.metrics.delivered(clock.now().getTime() - event.createdAt.getTime());
      if (endpoint.failingSince) await this.replace(endpoint, { failingSince: undefined });
      return;
    }
    const next = nextAttemptAt(this.deps.settings.schedule, delivery.createdAt, delivery.attempts.length + 1, clock.now(), this.random());
    await this.record(delivery, attempt.attempt, next ? { status: "PENDING", nextAttemptAt: next } : { status: "FAILED" });
    await this.noteFailure(endpoint, at);
  }

  private async attempt(endpoint: Endpoint, body: string, delivery: Delivery, at: Date): Promise<{ ok: boolean; attempt: Attempt }> {
    const { tools, settings } = this.deps;
    const url = new URL(endpoint.url);
    const address = await tools.resolve(url);
    if ("refused" in address) {
      return { ok: false, attempt: { at, statusCode: 0, error: `address refused: ${address.refused}`, responseBody: "", durationMs: 0 } };
    }
    const secrets = [tools.openSecret(endpoint.id, endpoint.sealedSecret)];
    if (endpoint.sealedPreviousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at) {
      secrets.push(tools.openSecret(endpoint.id, endpoint.sealedPreviousSecret));
    }
    const headers = {
      "content-type": "application/json",
      "user-agent": "Tarmac-Webhooks/1",
      "tarmac-event-id": delivery.eventId,
      "tarmac-event-type": delivery.eventType,
      "tarmac-signature": tools.sign(secrets, body, Math.floor(at.getTime() / 1000)),
    };
    const result = await tools.send({ url, address, headers, body, timeoutMs: settings.timeoutMs });
    const { statusCode, error, responseBody, durationMs } = result;
    return { ok: result.ok, attempt: { at, statusCode, error, responseBody, durationMs } };
  }

  private async record(delivery: Delivery, attempt: Attempt, outcome: AttemptOutcome): Promise<void> {
    const recorded = await this.deps.store.recordAttempt(delivery.id, this.deps.owner, attempt, outcome);
    this.deps.metrics.attempted(recorded ? outcome.status : "LOST_CLAIM");
  }

  /** Every delivery failing since `failingSince`: after 3 days the endpoint is turned off and the agency told. */
  private async noteFailure(endpoint: Endpoint, at: Date): Promise<void> {
    const since = endpoint.failingSince ?? at;
    if (at.getTime() - since.getTime() < DISABLE_AFTER_FAILING_MS) {
      if (!endpoint.failingSince) await this.replace(endpoint, { failingSince: at });
      return;
    }
    const reason = `every delivery failed since ${since.toISOString()}`;
    if (!(await this.replace(endpoint, { enabled: false, disabledReason: reason }))) return;
    this.deps.logger.warn(
      { endpointId: endpoint.id, agentId: endpoint.agentId },
      "webhook endpoint disabled: deliveries failed for 3 days",
    );
    await this.deps.ingest.accept(
      newEvent("webhook_endpoint.disabled", endpoint.agentId, { endpoint_id: endpoint.id, reason }, this.deps.clock.now()),
    );
  }

  private replace(endpoint: Endpoint, change: Partial<Endpoint>): Promise<boolean> {
    const next: Endpoint = { ...endpoint, ...change, updatedAt: this.deps.clock.now() };
    if (change.failingSince === undefined && "failingSince" in change) delete (next as { failingSince?: Date }).failingSince;
    return this.deps.store.replaceEndpoint(next, endpoint.updatedAt);
  }

  private random(): number {
    return (this.deps.random ?? Math.random)();
  }
}
