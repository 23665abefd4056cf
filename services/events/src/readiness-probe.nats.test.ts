import type { JetStreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InProcessBus } from "./in-process-bus.js";
import { MemoryOutbox } from "./memory-outbox.js";
import { startOutboxRelay, type RunningRelay } from "./start-outbox-relay.js";
import { natsAddress, requireJetStream, uniqueStream } from "./testing/nats.js";
import { TcpProxy } from "./testing/tcp-proxy.js";
import { waitFor } from "./testing/wait-for.js";

/** The relay's NATS readiness probe against a real NATS JetStream behind a TCP proxy. */
describe("startOutboxRelay's NATS probe", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const streams: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    ({ nc, jsm } = await requireJetStream());
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    for (const name of streams) await jsm?.streams.delete(name).catch(() => undefined);
    await nc?.close();
  });

  const relay = (natsUrl: string | undefined, publisher?: InProcessBus): RunningRelay => {
    const names = uniqueStream();
    streams.push(names.streamName);
    const logger = silentLogger();
    const running = startOutboxRelay({ outbox: new MemoryOutbox({ logger }), natsUrl, ...names, ...(publisher && { publisher }), logger });
    cleanups.push(() => running.stop());
    return running;
  };

  it("has none without NATS_URL, nor with the caller's bus", async () => {
    expect(relay(undefined).probe).toBeUndefined();
    const bus = new InProcessBus();
    cleanups.push(() => bus.close());
    expect(relay("nats://127.0.0.1:1", bus).probe).toBeUndefined();
  });

  it("passes once connected with the stream in place, fails while NATS is unreachable, passes again when it is back", async () => {
    const proxy = await TcpProxy.start(natsAddress());
    cleanups.push(() => proxy.down());
    const { probe } = relay(proxy.url);
    expect(probe?.name).toBe("nats");
    // The first check waits for the connection on its way instead of failing a fresh start.
    expect(await probe!.check()).toBe(true);

    await proxy.down();
    await waitFor("the probe to fail", async () => !(await probe!.check()));
    await proxy.up();
    await waitFor("the probe to pass", async () => await probe!.check(), 10_000);
  }, 20_000);

  it("fails at once while NATS has never been reachable, and after the relay stops", async () => {
    const proxy = await TcpProxy.start(natsAddress());
    await proxy.down();
    const running = relay(proxy.url);
    const started = Date.now();
    expect(await running.probe!.check()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_500);
    await running.stop();
    expect(await running.probe!.check()).toBe(false);
  });
});
