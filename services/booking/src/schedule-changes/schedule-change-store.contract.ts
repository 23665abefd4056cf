import type { OutboxEvent } from "@tarmac/events";
import { newEvent } from "@tarmac/events";
import { newId } from "@tarmac/kernel";
import { beforeEach, describe, expect, it } from "vitest";
import type { ScheduleChange } from "./schedule-change.js";
import type { ScheduleChangeStore } from "./schedule-change-store.js";

export interface ContractSubject {
  readonly store: ScheduleChangeStore;
  /** The events the store wrote to its outbox so far. */
  readonly events: () => Promise<readonly OutboxEvent[]>;
}

const at = (iso: string) => new Date(iso);

/** A detected time change of a fresh booking (unique ids). */
function scheduleChangeFixture(overrides: Partial<ScheduleChange> = {}): ScheduleChange {
  const segment = {
    carrier: "6E",
    flightNo: "9111",
    origin: "BLR",
    dest: "HYD",
    depTime: "2026-12-01T06:15:00+05:30",
    arrTime: "2026-12-01T07:30:00+05:30",
    cabin: "ECONOMY" as const,
    bookingClass: "Y",
    seatsAvailable: 9,
    direction: "OUTBOUND" as const,
    durationMinutes: 75,
    aircraft: "320",
  };
  const moved = { ...segment, depTime: "2026-12-01T07:45:00+05:30", arrTime: "2026-12-01T09:00:00+05:30" };
  return {
    scheduleChangeId: newId("sc"),
    airlineChangeId: newId("chg"),
    bookingId: newId("bkg"),
    agentId: "agt_contract",
    pnr: "ABC123",
    kind: "TIME_CHANGE",
    reason: "retimed",
    minutes: 90,
    segmentsRemoved: [segment],
    segmentsAdded: [moved],
    itinerary: [moved],
    status: "DETECTED",
    actions: ["ACCEPT", "CANCEL"],
    deadline: at("2026-11-30T00:00:00Z"),
    occurredAt: at("2026-11-20T10:00:00Z"),
    detectedAt: at("2026-11-20T10:00:01Z"),
    updatedAt: at("2026-11-20T10:00:01Z"),
    version: 1,
    ...overrides,
  };
}

/** The behaviour every ScheduleChangeStore adapter must show; each adapter's test calls this. */
export function scheduleChangeStoreContract(open: () => Promise<ContractSubject>): void {
  let store: ScheduleChangeStore;
  let events: ContractSubject["events"];

  beforeEach(async () => {
    ({ store, events } = await open());
  });

  const detected = (change: ScheduleChange) =>
    newEvent("schedule_change.detected", change.agentId, { schedule_change_id: change.scheduleChangeId }, change.detectedAt);

  describe("schedule change store contract", () => {
    it("has no cursor at first, then the one saved last", async () => {
      expect(await store.cursor()).toBeUndefined();
      await store.saveCursor("run-000000001");
      await store.saveCursor("run-000000002");
      expect(await store.cursor()).toBe("run-000000002");
    });

    it("records a change once per airline change id, with its events written once", async () => {
      const first = scheduleChangeFixture();
      const again = scheduleChangeFixture({ airlineChangeId: first.airlineChangeId, bookingId: first.bookingId });
      const recorded = await store.record(first, [detected(first)]);
      expect(recorded).toEqual({ change: first, created: true });
      const repeat = await store.record(again, [detected(again)]);
      expect(repeat).toEqual({ change: first, created: false });
      expect(await store.get(first.scheduleChangeId)).toEqual(first);
      expect(await store.get(again.scheduleChangeId)).toBeUndefined();
      const written = (await events()).filter((e) => e.agentId === first.agentId && e.type === "schedule_change.detected");
      expect(written.map((e) => e.data.schedule_change_id)).toContain(first.scheduleChangeId);
      expect(written.map((e) => e.data.schedule_change_id)).not.toContain(again.scheduleChangeId);
    });

    it("lists an agency's changes newest first, by booking and status, never another agency's", async () => {
      const agentId = newId("agt");
      const older = scheduleChangeFixture({ agentId, detectedAt: at("2026-11-20T10:00:00Z") });
      const newer = scheduleChangeFixture({ agentId, detectedAt: at("2026-11-21T10:00:00Z"), status: "ACCEPTED" });
      const others = scheduleChangeFixture({ agentId: newId("agt") });
      for (const change of [older, newer, others]) await store.record(change, []);
      expect((await store.list({ agentId, limit: 10 })).map((c) => c.scheduleChangeId)).toEqual([
        newer.scheduleChangeId,
        older.scheduleChangeId,
      ]);
      expect((await store.list({ agentId, limit: 1 })).map((c) => c.scheduleChangeId)).toEqual([newer.scheduleChangeId]);
      expect((await store.list({ agentId, bookingId: older.bookingId, limit: 10 })).map((c) => c.scheduleChangeId)).toEqual([
        older.scheduleChangeId,
      ]);
      expect((await store.list({ agentId, statuses: ["DETECTED", "ACKNOWLEDGED"], limit: 10 })).map((c) => c.scheduleChangeId)).toEqual([
        older.scheduleChangeId,
      ]);
    });

    it("updates only over the version it read, with its events", async () => {
      const change = await store.record(scheduleChangeFixture(), []);
      const acknowledged = { ...change.change, status: "ACKNOWLEDGED" as const, version: 2 };
      expect(await store.update(acknowledged, [])).toBe(true);
      expect(await store.update({ ...change.change, status: "ACCEPTED", version: 2 }, [])).toBe(false);
      expect(await store.get(change.change.scheduleChangeId)).toEqual(acknowledged);
    });

    it("finds the open changes whose deadline has come, soonest first", async () => {
      const before = at("2031-01-10T00:00:00Z");
      const later = scheduleChangeFixture({ deadline: at("2031-01-09T00:00:00Z") });
      const sooner = scheduleChangeFixture({ deadline: at("2031-01-08T00:00:00Z"), status: "ACKNOWLEDGED" });
      const notYet = scheduleChangeFixture({ deadline: at("2031-01-11T00:00:00Z") });
      const settled = scheduleChangeFixture({ deadline: at("2031-01-08T00:00:00Z"), status: "ACCEPTED" });
      for (const change of [later, sooner, notYet, settled]) await store.record(change, []);
      const due = (await store.openDueBy(before, 100)).filter((c) => c.deadline.getTime() >= at("2031-01-01T00:00:00Z").getTime());
      expect(due.map((c) => c.scheduleChangeId)).toEqual([sooner.scheduleChangeId, later.scheduleChangeId]);
    });
  });
}
