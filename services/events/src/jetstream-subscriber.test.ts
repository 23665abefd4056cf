import type { JetStreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JetStreamPublisher } from "./jetstream-publisher.js";
import { JetStreamSubscriber } from "./jetstream-subscriber.js";
import type { OutboxEvent } from "./outbox-event.js";
import { testEvent } from "./testing/events.js";
import { NATS_URL, requireJetStream, uniqueStream } from "./testing/nats.js";
import { waitFor } from "./testing/wait-for.js";

describe("JetStreamSubscriber on real NATS JetStream", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const names = uniqueStream();
  let publisher: JetStreamPublisher;
  const closing: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    ({ nc, jsm } = await requireJetStream());
    publisher = JetStreamPublisher.start({ servers: NATS_URL, logger: silentLogger(), reconnectWaitMs: 100, ...names });
  });
  afterAll(async () => {
    for (const c of closing.splice(0)) await c.close();
    await publisher?.close();
    await jsm?.streams.delete(names.streamName).catch(() => undefined);
    await nc?.close();
  });

  const subscribe = (durable: string, handle: (event: OutboxEvent) => Promise<void>) => {
    const subscriber = new JetStreamSubscriber({
      servers: NATS_URL,
      logger: silentLogger(),
      ...names,
      durable,
      subjects: ["booking.>"],
      handle,
      reconnectWaitMs: 100,
    });
    closing.push(subscriber);
    return subscriber;
  };

  it("hands over each event of its subjects, again after a failed handling, and acknowledges it once handled", async () => {
    const seen: string[] = [];
    let failures = 0;
    const subscriber = subscribe("webhooks-test", async (event) => {
      if (event.type === "booking.failed" && failures++ === 0) throw new Error("store down for a moment");
      seen.push(`${event.type}:${event.id}`);
    });
    await waitFor("the subscriber connected", () => subscriber.connected);
    await waitFor(
      "the durable consumer exists",
      async () => (await jsm.consumers.info(names.streamName, "webhooks-test").catch(() => undefined)) !== undefined,
    );
    const at = new Date();
    const booked = testEvent(at, {}, "booking.booked");
    const failed = testEvent(at, {}, "booking.failed");
    const debited = testEvent(at, {}, "wallet.debited");
    for (const event of [booked, failed, debited]) await publisher.publish(event);
    await waitFor("both booking events handled", () => seen.length >= 2, 10_000);
    expect(seen).toEqual([`booking.booked:${booked.id}`, `booking.failed:${failed.id}`]);
    expect(failures).toBe(2);
    await waitFor(
      "nothing left unacknowledged",
      async () => (await jsm.consumers.info(names.streamName, "webhooks-test")).num_ack_pending === 0,
    );
    expect(subscriber.count).toBe(2);
  });

  it("a consumer created again misses none of the events published while it was gone", async () => {
    const seen = new Set<string>();
    const first = subscribe("webhooks-recreated", async (event) => {
      seen.add(event.id);
      await Promise.resolve();
    });
    await waitFor(
      "the durable consumer exists",
      async () => (await jsm.consumers.info(names.streamName, "webhooks-recreated").catch(() => undefined)) !== undefined,
    );
    const before = testEvent(new Date(), {}, "booking.booked");
    await publisher.publish(before);
    await waitFor("the first event handled", () => seen.has(before.id), 10_000);
    await first.close();
    // An operator deletes the consumer (or NATS lost it); events keep coming meanwhile.
    await jsm.consumers.delete(names.streamName, "webhooks-recreated");
    const whileGone = testEvent(new Date(), {}, "booking.ticketed");
    await publisher.publish(whileGone);
    subscribe("webhooks-recreated", async (event) => {
      seen.add(event.id);
      await Promise.resolve();
    });
    await waitFor("the event published while the consumer was gone handled", () => seen.has(whileGone.id), 10_000);
    const { config } = await jsm.consumers.info(names.streamName, "webhooks-recreated");
    expect(config.deliver_policy).toBe("all");
  });
});
