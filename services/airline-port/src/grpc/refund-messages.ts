import { create } from "@bufbuild/protobuf";
import { RefundStatus, RequestRefundResponseSchema, type RequestRefundResponse } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import type { AirlineRefund } from "../provider-port.js";
import { enumFromProto, enumToProto } from "./proto-enums.js";

const REFUND_STATUSES = ["PROCESSING", "REFUNDED", "REJECTED"] as const;

export function refundToProto(refund: AirlineRefund): RequestRefundResponse {
  return create(RequestRefundResponseSchema, {
    refundReference: refund.refundReference,
    status: enumToProto(RefundStatus, refund.status),
    reason: refund.reason ?? "",
  });
}

export function refundFromProto(response: RequestRefundResponse): AirlineRefund {
  const status = enumFromProto(RefundStatus, response.status, REFUND_STATUSES, "refund.status");
  return { refundReference: response.refundReference, status, ...(response.reason !== "" && { reason: response.reason }) };
}
