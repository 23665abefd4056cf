import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { ReconcileRequestSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ReconcileResponseSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, fakeServices, NOW } from "../testing/fakes.js";
import { run } from "../testing/run.js";

const clean: MessageInitShape<typeof ReconcileResponseSchema> = {
  checkedAt: timestampFromDate(NOW),
  agenciesChecked: 2,
  bookingsChecked: 5,
  bookingsInFlight: 1,
};
const orphan = {
  kind: "orphan_line",
  agentId: AGENT_ID,
  ids: ["wtx_01J", "goodwill-7"],
  expectedPaise: 0n,
  actualPaise: 1_234_50n,
  detail: "REFUND of 1234.50 under reference goodwill-7: no booking of the agency made it",
};

function services(answer: MessageInitShape<typeof ReconcileResponseSchema>) {
  return fakeServices({ booking: { reconcile: () => answer } });
}

describe("reconcile", () => {
  it("reconciles every agency by default and exits 0 when everything agrees", async () => {
    const { clients, calls } = services(clean);
    const result = await run(["reconcile"], { clients });
    expect(calls).toEqual([{ method: "BookingService.Reconcile", request: create(ReconcileRequestSchema, { agentId: "" }) }]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toBe("Reconciled 2 agencies: 5 bookings compared, 1 in flight left for the next run.\nNo discrepancies.");
  });

  it("lists each discrepancy with its ids and amounts, and exits 3", async () => {
    const { clients, calls } = services({
      ...clean,
      agenciesChecked: 1,
      discrepancies: [orphan, { kind: "stuck_booking", agentId: AGENT_ID, ids: ["bkg_9"], detail: "PENDING" }],
    });
    const result = await run(["reconcile", "--agent", AGENT_ID], { clients });
    expect(calls.map((c) => c.request)).toEqual([create(ReconcileRequestSchema, { agentId: AGENT_ID })]);
    expect(result.code).toBe(3);
    expect(result.stdout.split("\n")).toEqual([
      "Reconciled 1 agency: 5 bookings compared, 1 in flight left for the next run.",
      "2 discrepancies:",
      `  orphan_line  ${AGENT_ID}  wtx_01J goodwill-7 (expected INR 0.00, found INR 1234.50)`,
      "      REFUND of 1234.50 under reference goodwill-7: no booking of the agency made it",
      `  stuck_booking  ${AGENT_ID}  bkg_9`,
      "      PENDING",
    ]);
  });

  it("prints one JSON report under --json, amounts in paise, with the same exit code", async () => {
    const { clients } = services({ ...clean, discrepancies: [orphan], busyAgentIds: ["agt_busy"] });
    const result = await run(["reconcile", "--json"], { clients });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toEqual({
      checked_at: NOW.toISOString(),
      agencies_checked: 2,
      bookings_checked: 5,
      bookings_in_flight: 1,
      busy_agent_ids: ["agt_busy"],
      unreadable_agent_ids: [],
      discrepancies: [
        {
          kind: "orphan_line",
          agent_id: AGENT_ID,
          ids: ["wtx_01J", "goodwill-7"],
          expected_paise: 0,
          actual_paise: 123_450,
          detail: orphan.detail,
        },
      ],
    });
  });

  it("exits 1 when an agency's records could not be read and nothing else was found", async () => {
    const { clients } = services({ ...clean, unreadableAgentIds: ["agt_gone"] });
    const result = await run(["reconcile"], { clients });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("Could not be read: agt_gone");
  });

  it("refuses a malformed agent id before connecting", async () => {
    const result = await run(["reconcile", "--agent", " x"]);
    expect(result).toMatchObject({ code: 2, connected: [] });
  });
});
