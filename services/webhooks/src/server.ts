import { hostname } from "node:os";
import { InProcessBus, JetStreamSubscriber } from "@tarmac/events";
import {
  createSigner,
  hostSettings,
  openStorage,
  Resources,
  startServiceHost,
  systemClock,
  type Clock,
  type Logger,
  type ServiceHost,
} from "@tarmac/kernel";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { webhooksCallerPolicy } from "./caller-policy.js";
import type { WebhooksConfig } from "./config.js";
import { createDeliveryCursorCodec } from "./delivery-cursor.js";
import { DeliveryMetrics } from "./delivery/delivery-metrics.js";
import { webhookDeliveryTools, webhookSecretKeeper, webhookUrlRules } from "./delivery/delivery-tools.js";
import { Dispatcher } from "./delivery/dispatcher.js";
import type { DeliveryTools } from "./delivery/ports.js";
import { secretBoxFromConfig } from "./delivery/secret-box.js";
import { WebhookIngest } from "./ingest.js";
import { SUBSCRIBED_SUBJECTS } from "./domain/event-catalogue.js";
import { webhooksRoutes } from "./routes.js";
import { MemoryWebhookStore } from "./store/memory-webhook-store.js";
import { MongoWebhookStore } from "./store/mongo-webhook-store.js";
import type { WebhookStore } from "./store/webhook-store.js";
import { WebhookServiceImpl } from "./webhook-service.js";

export interface WebhooksServiceOverrides {
  readonly clock?: Clock;
  /** The embedded mode's bus (the one-process stack's): events arrive from it instead of NATS. */
  readonly bus?: InProcessBus;
  /** Replaces the network side of deliveries (tests). */
  readonly tools?: Partial<DeliveryTools>;
}

export interface StartedWebhooksService extends ServiceHost {
  /** Claims and sends what is due now, and waits for it (tests, benchmarks). */
  dispatchNow(): Promise<void>;
}

/**
 * Builds the webhooks service: its store, the event intake (a durable JetStream consumer, or the
 * in-process bus), the dispatcher, and the RPC host. Stopping drains calls, then stops the intake
 * and the dispatcher (sends under way finish), then closes the store.
 */
export async function startWebhooksService(
  config: WebhooksConfig,
  logger: Logger,
  overrides: WebhooksServiceOverrides = {},
): Promise<StartedWebhooksService> {
  const clock = overrides.clock ?? systemClock;
  const resources = new Resources(logger, "webhooks");
  try {
    const store = resources.keepStorage(
      await openStorage<WebhookStore>("webhooks", config, logger, {
        inMemory: () => new MemoryWebhookStore(),
        onMongo: (db) => MongoWebhookStore.open(db),
      }),
    );
    const box = secretBoxFromConfig(config.secretKey, config.previousSecretKeys);
    const safety = { development: config.allowLoopback };
    const urlRules = webhookUrlRules(safety);
    const tools: DeliveryTools = { ...webhookDeliveryTools(box, safety), ...overrides.tools };
    // The dispatcher is built after the intake it sends for; recorded deliveries nudge it once it runs.
    const recorded = { nudge: (): void => undefined };
    const ingest = new WebhookIngest(store, clock, () => {
      recorded.nudge();
    });
    const metrics = new DeliveryMetrics(store);
    resources.keep(metrics, async () => {
      metrics.close();
      await Promise.resolve();
    });
    const dispatcher = new Dispatcher({
      store,
      ingest,
      tools,
      clock,
      logger,
      metrics,
      settings: config.dispatch,
      owner: `${hostname()}:${process.pid}`,
    });
    dispatcher.start();
    recorded.nudge = () => {
      dispatcher.nudge();
    };
    resources.keep(dispatcher, () => dispatcher.stop());
    if (overrides.bus) {
      const unsubscribe = overrides.bus.subscribe(
        (event) => void ingest.accept(event).catch((err: unknown) => logger.error({ err, eventId: event.id }, "webhook intake failed")),
      );
      resources.keep(unsubscribe, async () => {
        unsubscribe();
        await Promise.resolve();
      });
    } else if (config.events.natsUrl) {
      const subscriber = new JetStreamSubscriber({
        servers: config.events.natsUrl,
        logger,
        streamName: config.events.streamName,
        subjectPrefix: config.events.subjectPrefix,
        streamLimits: config.events.streamLimits,
        durable: "webhooks",
        subjects: [...SUBSCRIBED_SUBJECTS],
        handle: async (event) => {
          await ingest.accept(event);
        },
      });
      resources.keep(subscriber, () => subscriber.close(), { name: "nats", check: () => subscriber.reachable() });
    } else {
      logger.warn("no NATS_URL and no in-process bus: this webhooks service receives no events");
    }
    const service = new WebhookServiceImpl({
      store,
      clock,
      urls: urlRules,
      secrets: webhookSecretKeeper(box),
      cursors: createDeliveryCursorCodec(createSigner(config.cursorSecret, "webhook-deliveries")),
    });
    const host = await startServiceHost({
      callerAuth: config.callerAuth,
      callerPolicy: webhooksCallerPolicy,
      ...hostSettings(config),
      name: "webhooks",
      services: [WebhookService],
      routes: webhooksRoutes(service),
      logger,
      dependencies: resources.probes,
      release: resources.release,
    });
    return {
      ...host,
      async dispatchNow() {
        await dispatcher.tick();
        await dispatcher.settled();
      },
    };
  } catch (error) {
    await resources.release();
    throw error;
  }
}
