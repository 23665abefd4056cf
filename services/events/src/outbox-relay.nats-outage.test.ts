import type { JetStreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import type { Logger } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JetStreamPublisher } from "./jetstream-publisher.js";
import { MemoryOutbox } from "./memory-outbox.js";
import { OutboxRelay } from "./outbox-relay.js";
import { LEVEL, captureLogger } from "./testing/capture-logger.js";
import { drained } from "./testing/drained.js";
import { ids, testEvents } from "./testing/events.js";
import { natsAddress, readStream, requireJetStream, uniqueStream } from "./testing/nats.js";
import { TcpProxy } from "./testing/tcp-proxy.js";
import { waitFor } from "./testing/wait-for.js";

/** NATS "goes down" by closing a TCP proxy that only the publisher uses; the checks talk to NATS directly. */
describe("OutboxRelay through a NATS outage", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let proxy: TcpProxy;
  let names: ReturnType<typeof uniqueStream>;
  const streams: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    ({ nc, jsm } = await requireJetStream());
  });
  beforeEach(async () => {
    proxy = await TcpProxy.start(natsAddress());
    names = uniqueStream();
    streams.push(names.streamName);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await proxy.down();
  });
  afterAll(async () => {
    for (const name of streams) await jsm?.streams.delete(name).catch(() => undefined);
    await nc?.close();
  });

  const startPipeline = (logger: Logger = silentLogger()) => {
    const outbox = new MemoryOutbox();
    const publisher = JetStreamPublisher.start({
      servers: proxy.url,
      logger,
      reconnectWaitMs: 100,
      ackTimeoutMs: 1_000,
      ...names,
    });
    const relay = new OutboxRelay({ outbox, publisher, logger, pollIntervalMs: 100, backoff: { initialMs: 20, maxMs: 200 } });
    relay.start();
    cleanups.push(
      () => publisher.close(),
      () => relay.stop(),
    );
    return { outbox, publisher, relay };
  };
  const storedIds = async () => {
    const exists = await jsm.streams.info(names.streamName).then(
      () => true,
      () => false,
    );
    return exists ? (await readStream(nc, names.streamName)).map((s) => s.msgId) : [];
  };

  it("keeps events written while NATS is down and delivers each once when it is back", async () => {
    const { logger, lines } = captureLogger();
    const { outbox, publisher, relay } = startPipeline(logger);
    const [before, during] = testEvents(2);
    outbox.append([before!]);
    await drained(relay, 10_000);
    expect(await storedIds()).toEqual([before!.id]);

    await proxy.down();
    await waitFor("the publisher to notice the outage", () => !publisher.connected);
    expect(() => outbox.append([during!])).not.toThrow();
    await delay(500);
    expect((await relay.backlog()).pending).toBe(1);
    expect(await storedIds()).toEqual([before!.id]);

    await proxy.up();
    const backAt = performance.now();
    await drained(relay, 10_000);
    expect(performance.now() - backAt).toBeLessThan(5_000);
    expect(await storedIds()).toEqual(ids([before!, during!]));
    // Many retries, yet one error for the outage and one line for the recovery (none at startup).
    expect(lines.filter((l) => l.level >= LEVEL.error)).toHaveLength(1);
    expect(lines.filter((l) => l.msg === "outbox relay recovered")).toHaveLength(1);
  });

  it("starts while NATS is down and delivers once NATS comes up", async () => {
    await proxy.down();
    const { outbox, publisher, relay } = startPipeline();
    const events = testEvents(3);
    outbox.append(events);
    await delay(400);
    expect(publisher.connected).toBe(false);
    expect((await relay.backlog()).pending).toBe(3);
    await proxy.up();
    await drained(relay, 10_000);
    expect(await storedIds()).toEqual(ids(events));
  });

  it("stops and closes promptly while NATS is down", async () => {
    const { outbox, publisher, relay } = startPipeline();
    outbox.append(testEvents(1));
    await drained(relay, 10_000);
    await proxy.down();
    await waitFor("the publisher to notice the outage", () => !publisher.connected);
    outbox.append(testEvents(1));
    await delay(100);
    const started = performance.now();
    await relay.stop();
    await publisher.close();
    // Neither waits for NATS: no publish is in flight, and a lost link is closed without draining.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
