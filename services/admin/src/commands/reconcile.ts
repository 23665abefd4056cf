import type { ReconcileResponse } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { z } from "zod";
import { defineCommand } from "../command.js";
import { agentId } from "../fields.js";
import { formatRupees } from "../rupees.js";
import { EXIT } from "../usage-error.js";

/** What --json prints: the run, and each discrepancy with its ids and amounts in paise. */
function reconcileView(report: ReconcileResponse) {
  return {
    checked_at: report.checkedAt ? new Date(Number(report.checkedAt.seconds) * 1000 + report.checkedAt.nanos / 1e6).toISOString() : null,
    agencies_checked: report.agenciesChecked,
    bookings_checked: report.bookingsChecked,
    bookings_in_flight: report.bookingsInFlight,
    busy_agent_ids: report.busyAgentIds,
    unreadable_agent_ids: report.unreadableAgentIds,
    discrepancies: report.discrepancies.map((d) => ({
      kind: d.kind,
      agent_id: d.agentId,
      ids: d.ids,
      expected_paise: Number(d.expectedPaise),
      actual_paise: Number(d.actualPaise),
      detail: d.detail,
    })),
  };
}

type ReconcileView = ReturnType<typeof reconcileView>;

function reconcileText(view: ReconcileView): string {
  const summary =
    `Reconciled ${view.agencies_checked} ${view.agencies_checked === 1 ? "agency" : "agencies"}: ` +
    `${view.bookings_checked} bookings compared, ${view.bookings_in_flight} in flight left for the next run.`;
  const lines = [summary];
  if (view.busy_agent_ids.length > 0) lines.push(`Wallet moving while read (balance not compared): ${view.busy_agent_ids.join(", ")}`);
  if (view.unreadable_agent_ids.length > 0) lines.push(`Could not be read: ${view.unreadable_agent_ids.join(", ")}`);
  if (view.discrepancies.length === 0) {
    lines.push("No discrepancies.");
    return lines.join("\n");
  }
  lines.push(`${view.discrepancies.length} ${view.discrepancies.length === 1 ? "discrepancy" : "discrepancies"}:`);
  for (const d of view.discrepancies) {
    const amounts =
      d.expected_paise === 0 && d.actual_paise === 0
        ? ""
        : ` (expected ${formatRupees(d.expected_paise)}, found ${formatRupees(d.actual_paise)})`;
    lines.push(`  ${d.kind}  ${d.agent_id}  ${d.ids.join(" ")}${amounts}`, `      ${d.detail}`);
  }
  return lines.join("\n");
}

export const reconcile = defineCommand({
  group: "reconcile",
  name: "",
  summary: "Reconcile wallets, bookings and tax documents",
  description:
    "Runs the booking service's reconciliation now (Reconcile): per agency, the balance against the sum of its statement, " +
    "every capture, hold and refund against a booking and each booking's net debit against the ledger, each ticketed " +
    "booking's invoice and notes against it, holds open past their expiry and bookings stuck past their deadline. " +
    "Read-only. Exits 3 when it finds a discrepancy, 1 when an agency's records could not be read.",
  args: [],
  flags: { agent: { type: "string", value: "<agent id>", description: "Only this agency (default: every agency with a booking)" } },
  examples: ["pnpm admin reconcile", "pnpm admin reconcile --agent agt_01JD8X3Q4N --json"],
  input: z.object({ agent: agentId.optional() }),
  async run(input, { clients }) {
    const view = reconcileView(await clients.booking.reconcile({ agentId: input.agent ?? "" }));
    const exitCode = view.discrepancies.length > 0 ? EXIT.found : view.unreadable_agent_ids.length > 0 ? EXIT.failed : EXIT.ok;
    return { json: view, text: reconcileText(view), exitCode };
  },
});
