import { fieldError, validationFailed, type FieldError } from "@tarmac/kernel";
import {
  CancellationType,
  ReasonCode,
  type ConfirmCancellationRequest,
  type QuoteCancellationRequest,
  type QuoteRescheduleRequest,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { CancellationRequest } from "../cancel/cancellations.js";
import { Direction as ProtoDirection } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import {
  CANCELLATION_TYPES,
  REASON_CODES,
  type CancellationType as DomainType,
  type Direction,
  type ReasonCode as DomainReason,
} from "../domain/quotes.js";

/** A repeated field; callers that build requests by hand (tests, scripts) may leave it out. */
export const listOf = <T>(values: readonly T[] | undefined): readonly T[] => values ?? [];

/** A cancellation request's terms, or VALIDATION_FAILED naming every missing or unknown field. */
export function cancellationTerms(request: QuoteCancellationRequest | ConfirmCancellationRequest): CancellationRequest {
  const type = CancellationType[request.cancellationType] as DomainType | undefined;
  const errors = [...idErrors(request), ...reasonErrors(request.reasonCode)];
  if (request.cancellationType === CancellationType.UNSPECIFIED) errors.push(fieldError("cancellation_type", "REQUIRED", "is required"));
  else if (!type || !CANCELLATION_TYPES.includes(type))
    errors.push(fieldError("cancellation_type", "INVALID_VALUE", `must be one of ${CANCELLATION_TYPES.join(", ")}`));
  const passengerIds = [...new Set(listOf(request.passengerIds))].sort();
  listOf(request.passengerIds).forEach((id, i) => {
    if (!/^(ADT|CHD|INF)[1-9]$/.test(id))
      errors.push(fieldError(`passenger_ids[${i}]`, "INVALID_VALUE", "must be a passenger id such as ADT1, CHD1 or INF1"));
  });
  const directions: Direction[] = [];
  listOf(request.directions).forEach((d, i) => {
    const name = ProtoDirection[d] as Direction | undefined;
    if (d === ProtoDirection.UNSPECIFIED || (name !== "OUTBOUND" && name !== "RETURN"))
      errors.push(fieldError(`directions[${i}]`, "INVALID_VALUE", "must be OUTBOUND or RETURN"));
    else if (!directions.includes(name)) directions.push(name);
  });
  if (errors.length > 0 || !type) throw validationFailed(errors);
  const scope = { passengerIds, directions: directions.sort() };
  return { reasonCode: ReasonCode[request.reasonCode] as DomainReason, cancellationType: type, scope };
}

/** A reschedule quote request's terms, or VALIDATION_FAILED. */
export function rescheduleTerms(request: QuoteRescheduleRequest): { readonly newOfferId: string; readonly reasonCode: DomainReason } {
  const errors = [
    ...idErrors(request),
    ...(request.newOfferId === "" ? [fieldError("new_offer_id", "REQUIRED", "is required")] : []),
    ...reasonErrors(request.reasonCode),
  ];
  if (errors.length > 0) throw validationFailed(errors);
  return { newOfferId: request.newOfferId, reasonCode: ReasonCode[request.reasonCode] as DomainReason };
}

/** A confirm reschedule request names its booking; the terms are the newest quote's. */
export function requireBookingIds(request: { readonly agentId: string; readonly bookingId: string }): void {
  const errors = idErrors(request);
  if (errors.length > 0) throw validationFailed(errors);
}

function idErrors(request: { agentId: string; bookingId: string }): FieldError[] {
  return (["agent_id", "booking_id"] as const)
    .filter((f) => (f === "agent_id" ? request.agentId : request.bookingId) === "")
    .map((f) => fieldError(f, "REQUIRED", "is required"));
}

function reasonErrors(reason: ReasonCode): FieldError[] {
  if (reason === ReasonCode.UNSPECIFIED) return [fieldError("reason_code", "REQUIRED", "is required")];
  const name = ReasonCode[reason] as DomainReason | undefined;
  return name && REASON_CODES.includes(name)
    ? []
    : [fieldError("reason_code", "INVALID_VALUE", `must be one of ${REASON_CODES.join(", ")}`)];
}
