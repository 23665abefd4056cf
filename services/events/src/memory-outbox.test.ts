import { afterEach, describe, expect, it, vi, expectTypeOf } from "vitest";
import { MemoryOutbox } from "./memory-outbox.js";
import { outboxContract } from "./outbox.contract.js";
import { ids, testEvents } from "./testing/events.js";

describe("MemoryOutbox", () => {
  outboxContract(
    async () => {
      const outbox = new MemoryOutbox();
      return { outbox, append: async (events) => outbox.append(events) };
    },
    { transactions: false },
  );

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("appends synchronously: the events are pending when append returns", async () => {
    const outbox = new MemoryOutbox();
    const events = testEvents(3);
    expectTypeOf<ReturnType<MemoryOutbox["append"]>>().toBeVoid();
    outbox.append(events);
    expect(ids(await outbox.pending(10))).toEqual(ids(events));
  });

  it("tells onAppend listeners after the writer's code has run, once per burst", async () => {
    const outbox = new MemoryOutbox();
    const calls: string[] = [];
    outbox.onAppend(() => calls.push("listener"));
    outbox.append(testEvents(1));
    outbox.append(testEvents(1));
    calls.push("writer done");
    await Promise.resolve();
    expect(calls).toEqual(["writer done", "listener"]);
    outbox.append([]);
    await Promise.resolve();
    expect(calls).toHaveLength(2);
  });

  it("never throws a listener's failure into the writer, and still tells the others", async () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    const outbox = new MemoryOutbox();
    const told: string[] = [];
    outbox.onAppend(() => {
      throw new Error("listener broke");
    });
    const asyncListener = () => Promise.reject(new Error("async listener broke"));
    outbox.onAppend(asyncListener);
    outbox.onAppend(() => told.push("ok"));
    expect(() => outbox.append(testEvents(1))).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual(["ok"]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("stops telling a listener once it unsubscribed", async () => {
    const outbox = new MemoryOutbox();
    let calls = 0;
    const off = outbox.onAppend(() => calls++);
    off();
    outbox.append(testEvents(1));
    await Promise.resolve();
    expect(calls).toBe(0);
  });

  it("records nothing of a batch that repeats an id", async () => {
    const outbox = new MemoryOutbox();
    const [a, b] = testEvents(2);
    expect(() => outbox.append([a!, b!, a!])).toThrow(/already holds/);
    expect(await outbox.pending(10)).toEqual([]);
  });
});
