import { createMetricsRegistry, processMetrics, type MetricsRegistry, freePort } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { JetStreamPublisher } from "./jetstream-publisher.js";
import { MemoryOutbox } from "./memory-outbox.js";
import { OutboxRelay } from "./outbox-relay.js";
import { testEvents } from "./testing/events.js";
import { ScriptedPublisher } from "./testing/scripted-publisher.js";

async function gauge(metrics: MetricsRegistry, name: string) {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return Object.fromEntries((metric?.values ?? []).map((v) => [v.labels.service, v.value]));
}

describe("outbox backlog metrics", () => {
  it("reports the backlog and the oldest pending event's age at scrape time while the relay runs", async () => {
    const metrics = createMetricsRegistry();
    const start = new Date("2026-11-22T06:00:00Z");
    const clock = new ManualClock(new Date(start.getTime() + 90_000));
    const outbox = new MemoryOutbox();
    const failing = new ScriptedPublisher(() => true);
    const backoff = { initialMs: 60_000, maxMs: 60_000 };
    const relay = new OutboxRelay({ outbox, publisher: failing, logger: silentLogger(), clock, backoff, service: "booking", metrics });
    expect(await gauge(metrics, "outbox_backlog_events")).toEqual({});

    relay.start();
    expect(await gauge(metrics, "outbox_backlog_events")).toEqual({ booking: 0 });
    expect(await gauge(metrics, "outbox_oldest_pending_age_seconds")).toEqual({ booking: 0 });
    outbox.append(testEvents(3, start));
    expect(await gauge(metrics, "outbox_backlog_events")).toEqual({ booking: 3 });
    expect(await gauge(metrics, "outbox_oldest_pending_age_seconds")).toEqual({ booking: 90 });
    clock.advance(30_000);
    expect(await gauge(metrics, "outbox_oldest_pending_age_seconds")).toEqual({ booking: 120 });

    await relay.stop();
    expect(await gauge(metrics, "outbox_backlog_events")).toEqual({});
  });

  it("leaves a relay without a service name out of the metrics", async () => {
    const metrics = createMetricsRegistry();
    const relay = new OutboxRelay({ outbox: new MemoryOutbox(), publisher: new ScriptedPublisher(), logger: silentLogger(), metrics });
    relay.start();
    expect(await gauge(metrics, "outbox_backlog_events")).toEqual({});
    await relay.stop();
  });
});

describe("nats_publish_failures_total", () => {
  it("counts publishes that fail, here for want of a connection", async () => {
    const failures = () => processMetrics().registry.getSingleMetric("nats_publish_failures_total")?.get();
    const servers = `nats://127.0.0.1:${await freePort()}`;
    const publisher = JetStreamPublisher.start({ servers, logger: silentLogger(), reconnectWaitMs: 50, ackTimeoutMs: 200 });
    const before = (await failures())?.values[0]?.value ?? 0;
    try {
      await expect(publisher.publish(testEvents(1)[0]!)).rejects.toThrow(/not connected/);
      await expect(publisher.publish(testEvents(1)[0]!)).rejects.toThrow(/not connected/);
    } finally {
      await publisher.close();
    }
    await expect(publisher.publish(testEvents(1)[0]!)).rejects.toThrow(/closed/);
    expect((await failures())?.values[0]?.value).toBe(before + 3);
  });
});
