import { fromJsonString } from "@bufbuild/protobuf";
import { eventBody } from "@tarmac/events";
import { ScheduleChangeEventSchema } from "@tarmac/proto/tarmac/events/v1/events_pb.js";
import { describe, expect, it } from "vitest";
import { scheduleChangeEvent } from "./schedule-change-events.js";
import type { ScheduleChange } from "./schedule-change.js";

const change: ScheduleChange = {
  scheduleChangeId: "sc_01ARZ3NDEKTSV4RRFFQ69G5FAV",
  airlineChangeId: "run-000000001",
  bookingId: "bkg_01ARZ3NDEKTSV4RRFFQ69G5FAV",
  agentId: "agt_one",
  pnr: "ABC123",
  kind: "TIME_CHANGE",
  reason: "retimed",
  minutes: 90,
  segmentsRemoved: [],
  segmentsAdded: [],
  itinerary: [],
  status: "ACCEPTED",
  actions: ["ACCEPT", "CANCEL"],
  deadline: new Date("2026-11-30T00:00:00Z"),
  occurredAt: new Date("2026-11-20T10:00:00Z"),
  detectedAt: new Date("2026-11-20T10:00:01Z"),
  updatedAt: new Date("2026-11-20T11:00:00Z"),
  resolution: "accepted by the agency",
  version: 2,
};

describe("schedule change events", () => {
  it("are tarmac.events.v1.ScheduleChangeEvent as published (no field outside the contract)", () => {
    const at = new Date("2026-11-20T11:00:00Z");
    const parsed = fromJsonString(ScheduleChangeEventSchema, eventBody(scheduleChangeEvent(change, "schedule_change.accepted", at)));
    expect(parsed.type).toBe("schedule_change.accepted");
    expect(parsed.agentId).toBe("agt_one");
    expect(parsed.data).toMatchObject({
      scheduleChangeId: change.scheduleChangeId,
      bookingId: change.bookingId,
      kind: "TIME_CHANGE",
      status: "ACCEPTED",
      minutes: 90,
      actions: [],
      deadline: "2026-11-30T00:00:00.000Z",
      resolution: "accepted by the agency",
    });
  });
});
