import { beforeEach, describe, expect, it } from "vitest";
import type { OutboxReader } from "./outbox.js";
import type { OutboxEvent } from "./outbox-event.js";
import { ids, testEvent, testEvents } from "./testing/events.js";

export interface OutboxSubject {
  readonly outbox: OutboxReader;
  /** Appends as a writer does: committed together with its change. */
  readonly append: (events: readonly OutboxEvent[]) => Promise<void>;
  /** Appends inside a transaction that then aborts; only adapters with transactions have one. */
  readonly appendAborted?: (events: readonly OutboxEvent[]) => Promise<void>;
}

/** The behaviour every outbox adapter must show; each adapter's test calls this. */
export function outboxContract(subject: () => Promise<OutboxSubject>, options: { transactions: boolean }): void {
  let outbox: OutboxReader;
  let append: OutboxSubject["append"];
  let appendAborted: OutboxSubject["appendAborted"];
  const at = (iso: string) => new Date(`2026-11-22T${iso}Z`);

  beforeEach(async () => {
    ({ outbox, append, appendAborted } = await subject());
  });

  describe("outbox contract", () => {
    it("returns pending events oldest first, then by id, at most `limit`", async () => {
      const late = testEvent(at("06:00:02"));
      const early = testEvent(at("06:00:00"));
      const [sameA, sameB] = [testEvent(at("06:00:01")), testEvent(at("06:00:01"))];
      await append([late, sameB]);
      await append([early, sameA]);
      expect(ids(await outbox.pending(10))).toEqual([early.id, sameA.id, sameB.id, late.id]);
      expect(ids(await outbox.pending(2))).toEqual([early.id, sameA.id]);
      expect(await outbox.pending(0)).toEqual([]);
    });

    it("gives back every field as appended", async () => {
      const event = testEvent(at("06:00:00.123"), {
        booking_id: "bkg_1",
        segments: [{ origin: "DEL", dest: "BOM", seats: 2 }],
        refundable: false,
        note: null,
        amount: 98_765_432_10,
      });
      await append([event]);
      expect(await outbox.pending(1)).toEqual([event]);
    });

    it("hides published events and keeps the rest in order", async () => {
      const events = testEvents(5);
      await append(events);
      await outbox.markPublished([events[0]!.id, events[2]!.id], at("07:00:00"));
      expect(ids(await outbox.pending(10))).toEqual(ids([events[1]!, events[3]!, events[4]!]));
    });

    it("counts the backlog and dates its oldest event", async () => {
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestCreatedAt: undefined });
      const events = testEvents(3, at("06:30:00"));
      await append(events);
      expect(await outbox.backlog()).toEqual({ pending: 3, oldestCreatedAt: at("06:30:00") });
      await outbox.markPublished([events[0]!.id], at("07:00:00"));
      expect(await outbox.backlog()).toEqual({ pending: 2, oldestCreatedAt: events[1]!.createdAt });
    });

    it("sets a parked event aside: out of pending and the backlog, for good", async () => {
      const events = testEvents(3, at("06:30:00"));
      await append(events);
      await outbox.park(events[0]!.id, "publisher rejected it 5 times", at("07:00:00"));
      await outbox.park("evt_unknown", "nothing", at("07:00:00"));
      expect(ids(await outbox.pending(10))).toEqual(ids([events[1]!, events[2]!]));
      expect(await outbox.backlog()).toEqual({ pending: 2, oldestCreatedAt: events[1]!.createdAt });
      await outbox.markPublished([events[0]!.id], at("07:05:00"));
      expect(ids(await outbox.pending(10))).toEqual(ids([events[1]!, events[2]!]));
    });

    it("ignores repeated and unknown ids in markPublished", async () => {
      const events = testEvents(2);
      await append(events);
      await outbox.markPublished([events[0]!.id], at("07:00:00"));
      await outbox.markPublished([events[0]!.id, "evt_unknown"], at("07:05:00"));
      await outbox.markPublished([], at("07:05:00"));
      expect(ids(await outbox.pending(10))).toEqual([events[1]!.id]);
      expect((await outbox.backlog()).pending).toBe(1);
    });

    it("stores an event id once: appending a pending id again fails", async () => {
      const [first, second] = testEvents(2);
      await append([first!]);
      await expect(append([second!, first!])).rejects.toThrow();
      expect(ids(await outbox.pending(10))).toEqual([first!.id]);
    });

    it.runIf(options.transactions)("never shows events appended in a transaction that aborted", async () => {
      const committed = testEvent(at("06:00:00"));
      const aborted = testEvents(2, at("05:00:00"));
      await appendAborted!(aborted);
      await append([committed]);
      expect(ids(await outbox.pending(10))).toEqual([committed.id]);
      expect(await outbox.backlog()).toEqual({ pending: 1, oldestCreatedAt: committed.createdAt });
    });
  });
}
