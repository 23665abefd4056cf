import { create } from "@bufbuild/protobuf";
import { fieldError, paiseToProto, validationFailed } from "@tarmac/kernel";
import {
  AcceptScheduleChangeResponseSchema,
  AcknowledgeScheduleChangeResponseSchema,
  CancelScheduleChangeResponseSchema,
  GetScheduleChangeResponseSchema,
  ListScheduleChangesResponseSchema,
  RebookScheduleChangeResponseSchema,
  type RebookScheduleChangeRequest,
  type RebookScheduleChangeResponse,
  type AcceptScheduleChangeRequest,
  type AcceptScheduleChangeResponse,
  type AcknowledgeScheduleChangeRequest,
  type AcknowledgeScheduleChangeResponse,
  type CancelScheduleChangeRequest,
  type CancelScheduleChangeResponse,
  type GetScheduleChangeRequest,
  type GetScheduleChangeResponse,
  type ListScheduleChangesRequest,
  type ListScheduleChangesResponse,
} from "@tarmac/proto/tarmac/booking/v1/schedule_change_pb.js";
import { fingerprintOf } from "../domain/fingerprint.js";
import { scheduleChangeToProto, statusesFromProto } from "./schedule-change-proto.js";
import type { ScheduleChanges } from "./schedule-changes.js";

const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

function requireIds(request: { readonly agentId: string; readonly scheduleChangeId?: string }): void {
  const errors = [
    ...(request.agentId === "" ? [fieldError("agent_id", "REQUIRED", "agent_id is required")] : []),
    ...(request.scheduleChangeId === "" ? [fieldError("schedule_change_id", "REQUIRED", "schedule_change_id is required")] : []),
  ];
  if (errors.length > 0) throw validationFailed(errors);
}

/** The schedule change RPCs of BookingService: requests checked and mapped, the work ScheduleChanges'. */
export class ScheduleChangeRpcs {
  constructor(private readonly changes: ScheduleChanges) {}

  async list(request: ListScheduleChangesRequest): Promise<ListScheduleChangesResponse> {
    requireIds(request);
    if (request.pageSize < 0 || request.pageSize > MAX_PAGE)
      throw validationFailed([fieldError("page_size", "OUT_OF_RANGE", `page_size is 1 to ${MAX_PAGE}`)]);
    const found = await this.changes.list(request.agentId, {
      bookingId: request.bookingId === "" ? undefined : request.bookingId,
      statuses: statusesFromProto(request.statuses),
      limit: request.pageSize === 0 ? DEFAULT_PAGE : request.pageSize,
    });
    return create(ListScheduleChangesResponseSchema, { scheduleChanges: found.map(scheduleChangeToProto) });
  }

  async get(request: GetScheduleChangeRequest): Promise<GetScheduleChangeResponse> {
    requireIds(request);
    const change = await this.changes.get(request.agentId, request.scheduleChangeId);
    return create(GetScheduleChangeResponseSchema, { scheduleChange: scheduleChangeToProto(change) });
  }

  async acknowledge(request: AcknowledgeScheduleChangeRequest): Promise<AcknowledgeScheduleChangeResponse> {
    requireIds(request);
    const change = await this.changes.acknowledge(request.agentId, request.scheduleChangeId);
    return create(AcknowledgeScheduleChangeResponseSchema, { scheduleChange: scheduleChangeToProto(change) });
  }

  async accept(request: AcceptScheduleChangeRequest): Promise<AcceptScheduleChangeResponse> {
    requireIds(request);
    const change = await this.changes.accept(request.agentId, request.scheduleChangeId);
    return create(AcceptScheduleChangeResponseSchema, { scheduleChange: scheduleChangeToProto(change) });
  }

  async rebook(request: RebookScheduleChangeRequest): Promise<RebookScheduleChangeResponse> {
    requireIds(request);
    if (request.newOfferId === "") throw validationFailed([fieldError("new_offer_id", "REQUIRED", "new_offer_id is required")]);
    const { agentId, scheduleChangeId, newOfferId, idempotencyKey } = request;
    const key = idempotencyKey
      ? { idempotencyKey, fingerprint: fingerprintOf({ rpc: "RebookScheduleChange", agentId, scheduleChangeId, newOfferId }) }
      : undefined;
    const change = await this.changes.rebook(agentId, scheduleChangeId, newOfferId, key);
    return create(RebookScheduleChangeResponseSchema, { scheduleChange: scheduleChangeToProto(change) });
  }

  async cancel(request: CancelScheduleChangeRequest): Promise<CancelScheduleChangeResponse> {
    requireIds(request);
    const { agentId, scheduleChangeId, idempotencyKey } = request;
    const key = idempotencyKey
      ? { idempotencyKey, fingerprint: fingerprintOf({ rpc: "CancelScheduleChange", agentId, scheduleChangeId }) }
      : undefined;
    const { change, refund } = await this.changes.cancel(agentId, scheduleChangeId, key);
    return create(CancelScheduleChangeResponseSchema, {
      scheduleChange: scheduleChangeToProto(change),
      refundId: refund?.refundId ?? "",
      refundAmountPaise: paiseToProto(refund?.amountPaise ?? 0),
    });
  }
}
