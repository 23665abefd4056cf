import { silentLogger } from "@tarmac/kernel/testing";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InProcessBus } from "./in-process-bus.js";
import { MemoryOutbox } from "./memory-outbox.js";
import { OutboxRelay, type OutboxRelayOptions } from "./outbox-relay.js";
import type { OutboxReader } from "./outbox.js";
import type { OutboxEvent } from "./outbox-event.js";
import { LEVEL, captureLogger } from "./testing/capture-logger.js";
import { drained } from "./testing/drained.js";
import { ids, testEvents } from "./testing/events.js";
import { ScriptedPublisher } from "./testing/scripted-publisher.js";

describe("OutboxRelay with MemoryOutbox", () => {
  const relays: OutboxRelay[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });
  const startRelay = (options: Partial<OutboxRelayOptions> & Pick<OutboxRelayOptions, "outbox" | "publisher">) => {
    // A poll far beyond any test's length: events must arrive through onAppend unless a test polls.
    const relay = new OutboxRelay({ logger: silentLogger(), pollIntervalMs: 60_000, ...options });
    relays.push(relay);
    relay.start();
    return relay;
  };

  it("publishes to the in-process bus in outbox order, in batches, marking each batch", async () => {
    const outbox = new MemoryOutbox();
    const bus = new InProcessBus();
    const received: OutboxEvent[] = [];
    bus.subscribe((e) => received.push(e));
    const marked = vi.spyOn(outbox, "markPublished");
    const events = testEvents(250);
    outbox.append(events.slice(0, 10));
    const relay = startRelay({ outbox, publisher: bus, batchSize: 100 });
    await drained(relay, 2_000);
    outbox.append(events.slice(10));
    await drained(relay, 2_000);
    expect(ids(received)).toEqual(ids(events));
    expect(marked.mock.calls.map(([batch]) => batch.length)).toEqual([10, 100, 100, 40]);
    expect(await relay.backlog()).toEqual({ pending: 0, oldestCreatedAt: undefined });
  });

  it("finds events by polling when no onAppend arrives", async () => {
    const outbox = new MemoryOutbox();
    const deaf: OutboxReader = {
      pending: (limit) => outbox.pending(limit),
      markPublished: (ids, at) => outbox.markPublished(ids, at),
      park: (id, reason, at) => outbox.park(id, reason, at),
      backlog: () => outbox.backlog(),
      onAppend: () => () => undefined,
    };
    const publisher = new ScriptedPublisher();
    const relay = startRelay({ outbox: deaf, publisher, pollIntervalMs: 20 });
    await delay(30);
    outbox.append(testEvents(3));
    await drained(relay, 2_000);
    expect(publisher.delivered).toHaveLength(3);
  });

  it("retries a failing publisher with capped exponential backoff, losing and repeating nothing", async () => {
    const { logger, lines } = captureLogger();
    const outbox = new MemoryOutbox();
    const publisher = new ScriptedPublisher((attempt) => attempt <= 5);
    const events = testEvents(10);
    outbox.append(events);
    const relay = startRelay({ outbox, publisher, logger, backoff: { initialMs: 20, maxMs: 80 } });
    await drained(relay, 5_000);
    expect(ids(publisher.delivered)).toEqual(ids(events));
    // The five failures are all the first event: nothing after it went out before it.
    expect(publisher.attempts.slice(0, 6).map((a) => a.eventId)).toEqual(Array(6).fill(events[0]!.id));
    publisher
      .gaps()
      .slice(0, 5)
      .forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual([20, 40, 80, 80, 80][i]! - 2));
    expect(lines.filter((l) => l.level >= LEVEL.warn)).toHaveLength(1);
    expect(lines.find((l) => l.msg === "outbox relay recovered")).toMatchObject({ failures: 5 });
  });

  it("keeps order when a publish fails mid-batch, and starts backoff over after recovering", async () => {
    const outbox = new MemoryOutbox();
    // Attempts 3-6 fail (an outage of four), then 9 fails (a new one, which must wait initialMs only).
    const publisher = new ScriptedPublisher((attempt) => (attempt >= 3 && attempt <= 6) || attempt === 9);
    const events = testEvents(8);
    outbox.append(events);
    const relay = startRelay({ outbox, publisher, backoff: { initialMs: 10, maxMs: 1_000 } });
    await drained(relay, 5_000);
    expect(ids(publisher.delivered)).toEqual(ids(events));
    const attempted = [0, 1, 2, 2, 2, 2, 2, 3, 4, 4, 5, 6, 7].map((i) => events[i]!);
    expect(publisher.attempts.map((a) => a.eventId)).toEqual(ids(attempted));
    // Without the reset the second outage would wait 160 ms.
    expect(publisher.gaps()[8]).toBeLessThan(120);
  });

  it("retries when reading or marking the outbox fails", async () => {
    const outbox = new MemoryOutbox();
    const read = vi.spyOn(outbox, "pending").mockRejectedValueOnce(new Error("db down"));
    vi.spyOn(outbox, "markPublished").mockRejectedValueOnce(new Error("db down"));
    const publisher = new ScriptedPublisher();
    const events = testEvents(3);
    outbox.append(events);
    const relay = startRelay({ outbox, publisher, backoff: { initialMs: 5, maxMs: 20 } });
    await drained(relay, 2_000);
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(3);
    // The batch whose marking failed went out again: at-least-once, deduplicated downstream by id.
    expect(ids(publisher.delivered)).toEqual(ids([...events, ...events]));
  });

  it("stop() finishes the publish in flight, marks it, and publishes nothing more", async () => {
    const outbox = new MemoryOutbox();
    const publisher = new ScriptedPublisher(undefined, () => delay(150));
    const events = testEvents(3);
    outbox.append(events);
    const relay = startRelay({ outbox, publisher });
    await delay(20);
    await relay.stop();
    expect(ids(publisher.delivered)).toEqual([events[0]!.id]);
    expect(ids(await outbox.pending(10))).toEqual(ids(events.slice(1)));
  });

  it("stop() is bounded even when a publish never settles", async () => {
    const outbox = new MemoryOutbox();
    const publisher = new ScriptedPublisher(undefined, () => new Promise(() => undefined));
    outbox.append(testEvents(1));
    const relay = startRelay({ outbox, publisher, stopTimeoutMs: 100 });
    await delay(20);
    const started = performance.now();
    await relay.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await relay.backlog()).pending).toBe(1);
  });

  it("stops while backing off without waiting for the backoff, and cannot start again", async () => {
    const outbox = new MemoryOutbox();
    outbox.append(testEvents(1));
    const publisher = new ScriptedPublisher(() => true);
    const relay = startRelay({ outbox, publisher, backoff: { initialMs: 60_000, maxMs: 60_000 } });
    await delay(20);
    const started = performance.now();
    await relay.stop();
    await relay.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(() => relay.start()).toThrow(/cannot start again/);
  });
});
