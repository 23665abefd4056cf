import { LeaseHolder, MemoryLeaseStore, systemClock } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryOutbox } from "./memory-outbox.js";
import { OutboxRelay } from "./outbox-relay.js";
import { drained } from "./testing/drained.js";
import { ids, testEvents } from "./testing/events.js";
import { ScriptedPublisher } from "./testing/scripted-publisher.js";

describe("two replicas' relays on one outbox", () => {
  const relays: OutboxRelay[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });

  it("publish each event once: one holds the lease, the other takes over when it stops", async () => {
    const outbox = new MemoryOutbox();
    const leases = new MemoryLeaseStore(systemClock);
    const publisher = new ScriptedPublisher();
    const start = (owner: string) => {
      const lease = new LeaseHolder(leases, "outbox-relay:booking", systemClock, 60_000, owner);
      const relay = new OutboxRelay({ outbox, publisher, logger: silentLogger(), pollIntervalMs: 10, lease });
      relays.push(relay);
      relay.start();
      return relay;
    };
    const first = start("pod-a");
    const second = start("pod-b");
    const events = testEvents(60);
    outbox.append(events.slice(0, 30));
    await drained(first, 2_000);
    await drained(second, 2_000);
    await first.stop();
    outbox.append(events.slice(30));
    await drained(second, 2_000);
    expect(ids(publisher.delivered)).toEqual(ids(events));
    expect(publisher.attempts).toHaveLength(60);
  });
});
