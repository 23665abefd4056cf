import { processMetrics, type MetricsRegistry } from "@tarmac/kernel";
import type { WebhookStore } from "../store/webhook-store.js";

/** What ops see of deliveries: attempts by outcome, event-to-2xx latency, the pending backlog and its oldest age. */
export class DeliveryMetrics {
  private readonly attempts;
  private readonly latency;
  private readonly unsample: (() => void)[];

  constructor(store: WebhookStore, metrics: MetricsRegistry = processMetrics(), now: () => number = Date.now) {
    this.attempts = metrics.counter({
      name: "webhook_delivery_attempts_total",
      help: "Webhook delivery attempts by what became of the delivery (SUCCEEDED, PENDING: retried later, FAILED: given up, LOST_CLAIM)",
      labelNames: ["outcome"],
    });
    this.latency = metrics.histogram({
      name: "webhook_delivery_latency_seconds",
      help: "From an event's creation to its receiver's 2xx answer",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 21_600, 86_400],
    });
    this.unsample = [
      metrics.sampledGauge({ name: "webhook_deliveries_pending", help: "Webhook deliveries waiting for an attempt" }, async () => [
        { labels: {}, value: (await store.backlog()).pending },
      ]),
      metrics.sampledGauge(
        {
          name: "webhook_oldest_pending_age_seconds",
          help: "Age of the oldest webhook delivery still pending (0 when none)",
          aggregate: "max",
        },
        async () => {
          const { oldestCreatedAt } = await store.backlog();
          return [{ labels: {}, value: oldestCreatedAt ? (now() - oldestCreatedAt.getTime()) / 1000 : 0 }];
        },
      ),
    ];
  }

  attempted(outcome: string): void {
    this.attempts.inc({ outcome });
  }

  delivered(latencyMs: number): void {
    this.latency.observe(latencyMs / 1000);
  }

  /** Stops reading this store's backlog at scrapes (the service stopped). */
  close(): void {
    for (const remove of this.unsample) remove();
  }
}
