import { newEvent } from "@tarmac/events";
import { MetricsRegistry } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { DEFAULT_RETRY_SCHEDULE } from "../domain/retry-schedule.js";
import { DeliveryMetrics } from "../delivery/delivery-metrics.js";
import { Dispatcher } from "../delivery/dispatcher.js";
import type { SendRequest, SendResult } from "../delivery/ports.js";
import { WebhookIngest } from "../ingest.js";
import { MemoryWebhookStore } from "../store/memory-webhook-store.js";
import type { WebhookStore } from "../store/webhook-store.js";
import { endpointFixture } from "./fixtures.js";

export type Receiver = (request: SendRequest) => Promise<SendResult>;

export const answer = (statusCode: number): SendResult => ({
  ok: statusCode >= 200 && statusCode < 300,
  statusCode,
  error: statusCode >= 200 && statusCode < 300 ? "" : `HTTP ${statusCode}`,
  responseBody: "",
  durationMs: 5,
});

/** The dispatcher over a memory store and a manual clock, sending to receivers the test scripts per URL. */
export function dispatchHarness() {
  const clock = new ManualClock(new Date("2026-11-25T10:00:00Z"));
  const store = new MemoryWebhookStore();
  const ingest = new WebhookIngest(store, clock);
  const receivers = new Map<string, Receiver>();
  const sent: SendRequest[] = [];
  /** A replica's dispatcher: `owner` on its claims, over `over` (the store, or a wrapper of it). */
  const dispatcherAs = (owner: string, over: WebhookStore = store) =>
    new Dispatcher({
      store: over,
      ingest,
      clock,
      logger: silentLogger(),
      metrics: new DeliveryMetrics(store, new MetricsRegistry()),
      owner,
      random: () => 0.5,
      settings: { schedule: DEFAULT_RETRY_SCHEDULE, pollIntervalMs: 1_000, batchSize: 50, perEndpointConcurrency: 2, timeoutMs: 10_000 },
      tools: {
        sign: (secrets, body, t) => `t=${t},${secrets.map((s) => `v1=${s}:${body.length}`).join(",")}`,
        resolve: () => Promise.resolve({ address: "93.184.216.34", family: 4 }),
        send: (request) => {
          sent.push(request);
          const receiver = receivers.get(request.url.href);
          return receiver ? receiver(request) : Promise.resolve(answer(404));
        },
        openSecret: (_id, sealed) => sealed,
      },
    });
  const dispatcher = dispatcherAs("pod-a");
  const endpoint = async (agentId: string, url: string, eventTypes = ["booking.booked"]) => {
    const made = endpointFixture(agentId, { url, eventTypes, sealedSecret: "whsec_test", createdAt: clock.now(), updatedAt: clock.now() });
    await store.createEndpoint(made);
    return made;
  };
  const publish = (agentId: string, type = "booking.booked") => {
    const event = newEvent(type, agentId, { booking_id: "bkg_1" }, clock.now());
    return ingest.accept(event).then(() => event);
  };
  /** Runs the dispatcher once at the current time and waits for its sends. */
  const round = async () => {
    await dispatcher.tick();
    await dispatcher.settled();
  };
  return { clock, store, dispatcher, dispatcherAs, receivers, sent, endpoint, publish, round };
}
