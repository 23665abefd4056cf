import { silentLogger } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryOutbox } from "./memory-outbox.js";
import { OutboxRelay } from "./outbox-relay.js";
import { captureLogger, LEVEL } from "./testing/capture-logger.js";
import { drained } from "./testing/drained.js";
import { ids, testEvents } from "./testing/events.js";
import { ScriptedPublisher } from "./testing/scripted-publisher.js";

describe("an event the publisher never takes", () => {
  const relays: OutboxRelay[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });
  const start = (outbox: MemoryOutbox, publisher: ScriptedPublisher, logger = silentLogger()) => {
    const relay = new OutboxRelay({
      outbox,
      publisher,
      logger,
      pollIntervalMs: 60_000,
      backoff: { initialMs: 1, maxMs: 2 },
      parkAfterFailures: 4,
    });
    relays.push(relay);
    relay.start();
    return relay;
  };

  it("is parked after failing rounds in a row, and the events behind it flow, in order", async () => {
    const { logger, lines } = captureLogger();
    const outbox = new MemoryOutbox();
    const events = testEvents(6);
    const poison = events[1]!;
    const publisher = new ScriptedPublisher((_, event) => event.id === poison.id);
    outbox.append(events);
    await drained(start(outbox, publisher, logger), 5_000);
    expect(ids(publisher.delivered)).toEqual(ids(events.filter((e) => e !== poison)));
    expect(outbox.parked.map((p) => [p.event.id, p.reason])).toEqual([[poison.id, expect.stringContaining("scripted failure")]]);
    expect(lines.filter((l) => l.level >= LEVEL.error).map((l) => [l.msg, l.eventId])).toContainEqual([
      "outbox event parked: the publisher takes the events after it but never this one",
      poison.id,
    ]);
    // Four failing rounds on it, the event after it, the fifth try on it, then the rest.
    expect(publisher.attempts.filter((a) => a.eventId === poison.id)).toHaveLength(5);
  });

  it("is not parked during an outage, when the publisher takes nothing, nor when it is the last event", async () => {
    const outbox = new MemoryOutbox();
    const events = testEvents(3);
    let down = true;
    const publisher = new ScriptedPublisher((_, event) => down || event.id === events[2]!.id);
    outbox.append(events);
    const relay = start(outbox, publisher);
    await expect.poll(() => publisher.attempts.length, { timeout: 5_000 }).toBeGreaterThan(20);
    expect(outbox.parked).toEqual([]);
    down = false;
    await expect.poll(() => publisher.delivered.length, { timeout: 5_000 }).toBe(2);
    await expect.poll(() => publisher.attempts.filter((a) => a.eventId === events[2]!.id).length, { timeout: 5_000 }).toBeGreaterThan(10);
    expect(outbox.parked).toEqual([]);
    expect((await relay.backlog()).pending).toBe(1);
  });
});
