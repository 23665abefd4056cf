import type { JetStreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { JetStreamPublisher } from "./jetstream-publisher.js";
import { MemoryOutbox } from "./memory-outbox.js";
import type { OutboxReader } from "./outbox.js";
import { OutboxRelay } from "./outbox-relay.js";
import { ids, testEvent, testEvents } from "./testing/events.js";
import { NATS_URL, readStream, requireJetStream, uniqueStream } from "./testing/nats.js";
import { waitFor } from "./testing/wait-for.js";
import { drained } from "./testing/drained.js";

describe("OutboxRelay to real NATS JetStream", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const names = uniqueStream();
  let publisher: JetStreamPublisher;
  const relays: OutboxRelay[] = [];

  beforeAll(async () => {
    ({ nc, jsm } = await requireJetStream());
    publisher = JetStreamPublisher.start({ servers: NATS_URL, logger: silentLogger(), reconnectWaitMs: 100, ...names });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await jsm.streams.purge(names.streamName).catch(() => undefined);
  });
  afterAll(async () => {
    await publisher?.close();
    await jsm?.streams.delete(names.streamName).catch(() => undefined);
    await nc?.close();
  });

  const startRelay = (outbox: OutboxReader) => {
    const backoff = { initialMs: 10, maxMs: 100 };
    const relay = new OutboxRelay({ outbox, publisher, logger: silentLogger(), batchSize: 100, backoff });
    relays.push(relay);
    relay.start();
    return relay;
  };

  it("delivers appended events once each, in outbox order, under their subjects", async () => {
    const outbox = new MemoryOutbox();
    const relay = startRelay(outbox);
    const events = [...testEvents(249), testEvent(new Date("2026-11-22T07:00:00Z"), { status: "BOOKED" }, "booking.booked")];
    outbox.append(events.slice(0, 120));
    outbox.append(events.slice(120));
    await drained(relay, 10_000);
    const stored = await readStream(nc, names.streamName);
    expect(stored.map((s) => s.msgId)).toEqual(ids(events));
    expect(stored.map((s) => s.body.id)).toEqual(ids(events));
    expect(stored.at(-1)).toMatchObject({
      subject: `${names.subjectPrefix}.booking.booked`,
      body: { type: "booking.booked", agent_id: "agt_test", data: { status: "BOOKED" } },
    });
  });

  it("stores each event once when a restarted relay re-publishes what a crashed one published but never marked", async () => {
    const outbox = new MemoryOutbox();
    const events = testEvents(30);
    outbox.append(events);
    // The first process publishes everything and dies before marking anything.
    const dying: OutboxReader = {
      pending: (limit) => outbox.pending(limit),
      markPublished: () => new Promise(() => undefined),
      park: (id, reason, at) => outbox.park(id, reason, at),
      backlog: () => outbox.backlog(),
      onAppend: (listener) => outbox.onAppend(listener),
    };
    const first = new OutboxRelay({ outbox: dying, publisher, logger: silentLogger(), stopTimeoutMs: 50 });
    first.start();
    const stored = async () => (await jsm.streams.info(names.streamName)).state.messages;
    await waitFor("the first relay to publish all", async () => (await stored()) === 30);
    await first.stop();
    expect((await outbox.backlog()).pending).toBe(30);
    // The restarted process publishes all 30 again; JetStream drops them by Nats-Msg-Id.
    const publish = vi.spyOn(publisher, "publish");
    await drained(startRelay(outbox), 10_000);
    expect(publish).toHaveBeenCalledTimes(30);
    expect((await readStream(nc, names.streamName)).map((s) => s.msgId)).toEqual(ids(events));
  });

  it("stores each event once when marking fails and the relay re-publishes the batch", async () => {
    const outbox = new MemoryOutbox();
    vi.spyOn(outbox, "markPublished").mockRejectedValueOnce(new Error("outbox store unavailable"));
    const events = testEvents(5);
    outbox.append(events);
    await drained(startRelay(outbox), 10_000);
    expect((await readStream(nc, names.streamName)).map((s) => s.msgId)).toEqual(ids(events));
  });
});
