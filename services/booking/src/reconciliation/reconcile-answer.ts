import { create } from "@bufbuild/protobuf";
import { fieldError, paiseToProto, toTimestamp, validationFailed } from "@tarmac/kernel";
import {
  DiscrepancySchema,
  ReconcileResponseSchema,
  type ReconcileRequest,
  type ReconcileResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { ReconciliationReport } from "./discrepancy.js";
import type { Reconciler } from "./reconciler.js";

const AGENT_ID_MAX = 128;

/** Reconcile (admin only): one agency, or every agency with a booking when agent_id is empty. */
export async function reconcile(reconciler: Pick<Reconciler, "run">, request: ReconcileRequest): Promise<ReconcileResponse> {
  if (request.agentId.length > AGENT_ID_MAX) {
    throw validationFailed([fieldError("agent_id", "OUT_OF_RANGE", `must be at most ${AGENT_ID_MAX} characters`)]);
  }
  return reconcileAnswer(await reconciler.run(request.agentId === "" ? undefined : request.agentId));
}

function reconcileAnswer(report: ReconciliationReport): ReconcileResponse {
  return create(ReconcileResponseSchema, {
    checkedAt: toTimestamp(report.checkedAt),
    agenciesChecked: report.agenciesChecked,
    bookingsChecked: report.bookingsChecked,
    bookingsInFlight: report.bookingsInFlight,
    busyAgentIds: [...report.busyAgentIds],
    unreadableAgentIds: [...report.unreadableAgentIds],
    discrepancies: report.discrepancies.map((d) =>
      create(DiscrepancySchema, {
        kind: d.kind,
        agentId: d.agentId,
        ids: [...d.ids],
        expectedPaise: paiseToProto(d.expectedPaise),
        actualPaise: paiseToProto(d.actualPaise),
        detail: d.detail,
      }),
    ),
  });
}
