import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, nanos } from "@nats-io/transport-node";
import { eventBody, InProcessBus, newEvent } from "@tarmac/events";
import { parseConfig } from "@tarmac/kernel";
import { asPermittedCaller, silentLogger } from "@tarmac/kernel/testing";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { verifyTarmacSignature } from "../examples/receiver.mjs";
import { webhooksCallerPolicy } from "./caller-policy.js";
import { webhooksConfigSchema } from "./config.js";
import { startWebhooksService, type StartedWebhooksService } from "./server.js";
import { webhookReceiver } from "./testing/webhook-receiver.js";

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("webhooks service on a real port", () => {
  const stops: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  afterAll(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  const start = async (env: Record<string, string>, bus?: InProcessBus): Promise<StartedWebhooksService> => {
    const config = parseConfig(webhooksConfigSchema, {
      TARMAC_ENV: "test",
      WEBHOOKS_PORT: "0",
      METRICS_PORT: "0",
      WEBHOOK_ALLOW_LOOPBACK: "true",
      WEBHOOK_POLL_INTERVAL_MS: "50",
      ...env,
    });
    const host = await startWebhooksService(config, silentLogger(), bus ? { bus } : {});
    stops.push(() => host.stop());
    return host;
  };
  const clientOf = (host: StartedWebhooksService) =>
    createClient(WebhookService, createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(webhooksCallerPolicy)] }));

  it("delivers an agency's events to its endpoint, signed so that the README's receiver verifies them", async () => {
    const bus = new InProcessBus();
    const host = await start({}, bus);
    const hook = await webhookReceiver();
    stops.push(() => hook.close());
    const client = clientOf(host);
    const { endpoint, secret } = await client.createEndpoint({ agentId: "agt_one", url: hook.url, eventTypes: ["booking.booked"] });
    expect(secret).toMatch(/^whsec_/);
    const event = newEvent("booking.booked", "agt_one", { booking_id: "bkg_1", status: "BOOKED" }, new Date());
    await bus.publish(event);
    await bus.publish(newEvent("booking.booked", "agt_other", { booking_id: "bkg_2" }, new Date()));
    await until(() => hook.received.length === 1);
    const [got] = hook.received;
    expect(got?.headers["tarmac-event-id"]).toBe(event.id);
    expect(got?.headers["tarmac-event-type"]).toBe("booking.booked");
    expect(JSON.parse(got?.body ?? "{}")).toMatchObject({
      id: event.id,
      type: "booking.booked",
      agent_id: "agt_one",
      data: { booking_id: "bkg_1" },
    });
    expect(verifyTarmacSignature(got?.headers["tarmac-signature"], got?.body ?? "", secret)).toBe(true);
    const { deliveries } = await client.listDeliveries({ agentId: "agt_one", endpointId: endpoint?.endpointId ?? "" });
    expect(deliveries.map((d) => [d.eventId, d.attempts.map((a) => a.statusCode)])).toEqual([[event.id, [204]]]);
    // Another agency sees nothing of it.
    const foreign = await client.getEndpoint({ agentId: "agt_other", endpointId: endpoint?.endpointId ?? "" }).catch((e: unknown) => e);
    expect(ConnectError.from(foreign).code).toBe(Code.NotFound);
  });

  it("records one delivery per event and endpoint when NATS delivers the same event twice", async () => {
    const stream = `WEBHOOKS_TEST_${process.pid}_${Date.now()}`;
    const prefix = `whtest${process.pid}${Date.now() % 100000}`;
    const host = await start({ NATS_URL: "nats://127.0.0.1:4222", NATS_STREAM: stream, NATS_SUBJECT_PREFIX: prefix });
    const hook = await webhookReceiver();
    stops.push(() => hook.close());
    const client = clientOf(host);
    const { endpoint } = await client.createEndpoint({ agentId: "agt_nats", url: hook.url, eventTypes: ["wallet.debited"] });
    const nc = await connect({ servers: "nats://127.0.0.1:4222" });
    stops.push(() => nc.close());
    // The durable consumer delivers from its creation on: wait for the intake to be up first.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const event = newEvent("wallet.debited", "agt_nats", { amount_paise: 100 }, new Date());
    // The same event twice, without Nats-Msg-Id, so the stream keeps both, as a redelivery arrives.
    const js = jetstream(nc);
    await js.publish(`${prefix}.wallet.debited`, eventBody(event));
    await js.publish(`${prefix}.wallet.debited`, eventBody(event));
    await until(() => hook.received.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await jetstreamManager(nc)
      .then((jsm) => jsm.streams.delete(stream))
      .catch(() => undefined);
    const { deliveries } = await client.listDeliveries({ agentId: "agt_nats", endpointId: endpoint?.endpointId ?? "" });
    expect(deliveries.map((d) => d.eventId)).toEqual([event.id]);
    expect(hook.received).toHaveLength(1);
  });

  it("delivers once an event the outbox publishes again after the stream's duplicate window", async () => {
    const stream = `WEBHOOKS_DW_${process.pid}_${Date.now()}`;
    const prefix = `whdw${process.pid}${Date.now() % 100000}`;
    const host = await start({
      NATS_URL: "nats://127.0.0.1:4222",
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: prefix,
      NATS_DUPLICATE_WINDOW_SECONDS: "1",
    });
    const hook = await webhookReceiver();
    stops.push(() => hook.close());
    const client = clientOf(host);
    const { endpoint } = await client.createEndpoint({ agentId: "agt_dw", url: hook.url, eventTypes: ["wallet.debited"] });
    const nc = await connect({ servers: "nats://127.0.0.1:4222" });
    stops.push(() => nc.close());
    const jsm = await jetstreamManager(nc);
    stops.push(() => jsm.streams.delete(stream).then(() => undefined));
    // The service creates the stream with the configured window once connected.
    for (let tries = 0; (await jsm.streams.info(stream).catch(() => undefined))?.config.duplicate_window !== nanos(1_000); tries++) {
      if (tries > 200) throw new Error("the service did not create the stream");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const event = newEvent("wallet.debited", "agt_dw", { amount_paise: 100 }, new Date());
    const js = jetstream(nc);
    // A relay that lost the publish ack publishes the event again, here after the window passed.
    await js.publish(`${prefix}.wallet.debited`, eventBody(event), { msgID: event.id });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await js.publish(`${prefix}.wallet.debited`, eventBody(event), { msgID: event.id });
    expect((await jsm.streams.info(stream)).state.messages).toBe(2);
    await until(() => hook.received.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { deliveries } = await client.listDeliveries({ agentId: "agt_dw", endpointId: endpoint?.endpointId ?? "" });
    expect(deliveries.map((d) => d.eventId)).toEqual([event.id]);
    expect(hook.received).toHaveLength(1);
  });
});
