import { silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { InProcessBus } from "./in-process-bus.js";
import type { OutboxEvent } from "./outbox-event.js";
import { ids, testEvents } from "./testing/events.js";

describe("InProcessBus", () => {
  it("hands every event to every subscriber, in publish order", async () => {
    const bus = new InProcessBus();
    const first: OutboxEvent[] = [];
    const second: OutboxEvent[] = [];
    bus.subscribe((e) => first.push(e));
    bus.subscribe((e) => second.push(e));
    const events = testEvents(3);
    for (const event of events) await bus.publish(event);
    expect(ids(first)).toEqual(ids(events));
    expect(ids(second)).toEqual(ids(events));
  });

  it("publishes even when subscribers throw or reject", async () => {
    const bus = new InProcessBus({ logger: silentLogger() });
    const got: string[] = [];
    bus.subscribe(() => {
      throw new Error("subscriber broke");
    });
    const asyncSubscriber = () => Promise.reject(new Error("async subscriber broke"));
    bus.subscribe(asyncSubscriber);
    bus.subscribe((e) => got.push(e.id));
    const [event] = testEvents(1);
    await expect(bus.publish(event!)).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(got).toEqual([event!.id]);
  });

  it("stops delivering to an unsubscribed listener, and refuses to publish once closed", async () => {
    const bus = new InProcessBus();
    let calls = 0;
    const off = bus.subscribe(() => calls++);
    off();
    await bus.publish(testEvents(1)[0]!);
    expect(calls).toBe(0);
    await bus.close();
    await expect(bus.publish(testEvents(1)[0]!)).rejects.toThrow(/closed/);
  });
});
