import type { JetStreamManager } from "@nats-io/jetstream";
import { nanos, type NatsConnection } from "@nats-io/transport-node";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JetStreamPublisher, type JetStreamPublisherOptions } from "./jetstream-publisher.js";
import { eventBody } from "./outbox-event.js";
import { testEvent, testEvents } from "./testing/events.js";
import { readStream, requireJetStream, uniqueStream, NATS_URL } from "./testing/nats.js";
import { waitFor } from "./testing/wait-for.js";
import { freePort } from "@tarmac/kernel";

describe("JetStreamPublisher (real NATS JetStream)", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const streams: string[] = [];
  const publishers: JetStreamPublisher[] = [];

  beforeAll(async () => {
    ({ nc, jsm } = await requireJetStream());
  });
  afterEach(async () => {
    await Promise.all(publishers.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    for (const name of streams) await jsm?.streams.delete(name).catch(() => undefined);
    await nc?.close();
  });

  const start = async (options: Partial<JetStreamPublisherOptions> = {}) => {
    const names = uniqueStream();
    streams.push(names.streamName);
    const publisher = JetStreamPublisher.start({
      servers: NATS_URL,
      logger: silentLogger(),
      reconnectWaitMs: 100,
      ...names,
      ...options,
    });
    publishers.push(publisher);
    await waitFor("the publisher to connect", () => publisher.connected);
    return { publisher, ...names };
  };

  it("creates a file-backed stream over the prefix with a week's age limit, 8 GiB and two minutes of dedup by default", async () => {
    const { streamName, subjectPrefix } = await start();
    const { config } = await jsm.streams.info(streamName);
    expect(config.subjects).toEqual([`${subjectPrefix}.>`]);
    expect(config.storage).toBe("file");
    expect(config.num_replicas).toBe(1);
    expect(config.max_age).toBe(nanos(7 * 24 * 3600_000));
    expect(config.max_bytes).toBe(8 * 1024 ** 3);
    expect(config.discard).toBe("old");
    expect(config.duplicate_window).toBe(nanos(120_000));
  });

  it("creates the stream with the configured limits, and a duplicate window no longer than the age limit", async () => {
    const streamLimits = { replicas: 1, maxAgeMs: 3_600_000, maxBytes: 64 * 1024 ** 2, duplicateWindowMs: 30_000 };
    const { streamName } = await start({ streamLimits });
    const { config } = await jsm.streams.info(streamName);
    expect(config).toMatchObject({
      num_replicas: 1,
      max_age: nanos(3_600_000),
      max_bytes: 64 * 1024 ** 2,
      duplicate_window: nanos(30_000),
    });
    const short = await start({ streamLimits: { ...streamLimits, maxAgeMs: 10_000 } });
    expect((await jsm.streams.info(short.streamName)).config.duplicate_window).toBe(nanos(10_000));
  });

  it("asks JetStream for the configured replicas: a single server refuses 3, so the stream is not silently left at 1", async () => {
    const names = uniqueStream();
    streams.push(names.streamName);
    const publisher = JetStreamPublisher.start({
      servers: NATS_URL,
      logger: silentLogger(),
      reconnectWaitMs: 100,
      ...names,
      streamLimits: { replicas: 3, maxAgeMs: 3_600_000, maxBytes: 1024 ** 2, duplicateWindowMs: 120_000 },
    });
    publishers.push(publisher);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(publisher.connected).toBe(false);
    await expect(jsm.streams.info(names.streamName)).rejects.toThrow(/stream not found/);
  });

  it("publishes the body under <prefix>.<type> with Nats-Msg-Id = event id, storing a repeat once", async () => {
    const { publisher, streamName, subjectPrefix } = await start();
    const event = testEvent(new Date(), { booking_id: "bkg_1" }, "booking.booked");
    await publisher.publish(event);
    await publisher.publish(event);
    const stored = await readStream(nc, streamName);
    const body = JSON.parse(eventBody(event));
    expect(stored).toEqual([{ subject: `${subjectPrefix}.booking.booked`, msgId: event.id, body }]);
  });

  it("brings an existing stream to the configured limits and keeps the operators' other settings", async () => {
    const names = uniqueStream();
    streams.push(names.streamName);
    const other = `${names.subjectPrefix}_other.>`;
    await jsm.streams.add({ name: names.streamName, subjects: [other], duplicate_window: nanos(1_000), max_msgs: 1_000 });
    const publisher = JetStreamPublisher.start({ servers: NATS_URL, logger: silentLogger(), ...names });
    publishers.push(publisher);
    await waitFor("the publisher to connect", () => publisher.connected);
    const { config } = await jsm.streams.info(names.streamName);
    expect(config.subjects).toEqual([other, `${names.subjectPrefix}.>`]);
    expect(config.duplicate_window).toBe(nanos(120_000));
    // An older release's stream had no age or size limit: a full volume stopped publishing.
    expect(config.max_age).toBe(nanos(7 * 24 * 3600_000));
    expect(config.max_bytes).toBe(8 * 1024 ** 3);
    expect(config.max_msgs).toBe(1_000);
  });

  it("puts the stream back when it disappears while connected", async () => {
    const { publisher, streamName } = await start({ ackTimeoutMs: 1_000 });
    await jsm.streams.delete(streamName);
    const [event] = testEvents(1);
    await expect(publisher.publish(event!)).rejects.toThrow();
    await waitFor("the stream to be back", () =>
      jsm.streams.info(streamName).then(
        () => true,
        () => false,
      ),
    );
    await waitFor("the publisher to be ready", () => publisher.connected);
    await publisher.publish(event!);
    expect((await readStream(nc, streamName)).map((s) => s.msgId)).toEqual([event!.id]);
  });

  it("starts at once while NATS is unreachable, rejects publishes, and closes promptly", async () => {
    const port = await freePort();
    const started = performance.now();
    const servers = `nats://127.0.0.1:${port}`;
    const publisher = JetStreamPublisher.start({ servers, logger: silentLogger(), reconnectWaitMs: 50 });
    expect(performance.now() - started).toBeLessThan(100);
    expect(publisher.connected).toBe(false);
    await expect(publisher.publish(testEvents(1)[0]!)).rejects.toThrow(/not connected/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = performance.now();
    await publisher.close();
    expect(performance.now() - closing).toBeLessThan(1_000);
    await expect(publisher.publish(testEvents(1)[0]!)).rejects.toThrow(/closed/);
  });
});
