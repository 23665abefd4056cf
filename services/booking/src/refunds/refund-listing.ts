import { create } from "@bufbuild/protobuf";
import { fieldError, validationFailed, type FieldError, type Signer } from "@tarmac/kernel";
import {
  ListRefundsResponseSchema,
  RefundStatus as ProtoRefundStatus,
  type ListRefundsRequest,
  type ListRefundsResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { refundToProto } from "../transport/cancellation-mapping.js";
import { REFUND_STATUSES, type RefundStatus } from "../domain/refunds.js";
import type { BookingStore, RefundListQuery } from "../store/booking-store.js";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/** What a refund cursor carries: the agent, the first page's status, the last refund shown. */
interface Payload {
  readonly a: string;
  readonly t: number;
  readonly i: string;
  readonly s?: string;
}

/**
 * ListRefunds: the agent's refund requests newest first, a page at a time behind a signed cursor
 * (kernel signer, purpose "refund-list") that carries the first page's status, like ListBookings.
 */
export class RefundListing {
  constructor(
    private readonly store: BookingStore,
    private readonly signer: Signer,
  ) {}

  async list(request: ListRefundsRequest): Promise<ListRefundsResponse> {
    const query = this.queryOf(request);
    const found = await this.store.listRefunds({ ...query, limit: query.limit + 1 });
    const page = found.slice(0, query.limit);
    const last = page.at(-1);
    const payload: Payload | undefined = last && {
      a: query.agentId,
      t: last.refund.requestedAt.getTime(),
      i: last.refund.refundId,
      ...(query.status && { s: query.status }),
    };
    const nextCursor = found.length > query.limit && payload ? this.signer.sign(payload) : "";
    return create(ListRefundsResponseSchema, { refunds: page.map((l) => refundToProto(l.refund, l)), nextCursor });
  }

  private queryOf(request: ListRefundsRequest): RefundListQuery {
    const errors: FieldError[] = [];
    if (request.agentId === "") errors.push(fieldError("agent_id", "REQUIRED", "is required"));
    if (request.pageSize < 0 || request.pageSize > MAX_PAGE_SIZE)
      errors.push(fieldError("page_size", "OUT_OF_RANGE", `must be between 1 and ${MAX_PAGE_SIZE}`));
    const named = ProtoRefundStatus[request.status] as RefundStatus | undefined;
    const status = request.status === ProtoRefundStatus.UNSPECIFIED ? undefined : named;
    if (request.status !== ProtoRefundStatus.UNSPECIFIED && (status === undefined || !REFUND_STATUSES.includes(status)))
      errors.push(fieldError("status", "INVALID_VALUE", `must be one of ${REFUND_STATUSES.join(", ")}`));
    if (errors.length > 0) throw validationFailed(errors);
    const limit = request.pageSize === 0 ? DEFAULT_PAGE_SIZE : request.pageSize;
    if (request.cursor === "") return { agentId: request.agentId, status, limit };
    const p = this.signer.verify(request.cursor);
    // Another agent's cursor is answered like a forged one.
    if (!isPayload(p) || p.a !== request.agentId)
      throw validationFailed([fieldError("cursor", "INVALID_VALUE", "is not a valid refund list cursor; request the first page again")]);
    return {
      agentId: p.a,
      after: { requestedAt: new Date(p.t), refundId: p.i },
      ...(p.s !== undefined && { status: p.s as RefundStatus }),
      limit,
    };
  }
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.a === "string" &&
    Number.isSafeInteger(v.t) &&
    typeof v.i === "string" &&
    (v.s === undefined || (typeof v.s === "string" && (REFUND_STATUSES as readonly string[]).includes(v.s)))
  );
}
