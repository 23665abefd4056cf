import { toJson } from "@bufbuild/protobuf";
import {
  CreateBookingRequestSchema,
  type ConfirmAncillaryAdditionRequest,
  type ConfirmCancellationRequest,
  type ConfirmRescheduleRequest,
  type CreateBookingRequest,
  type TicketBookingRequest,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { listOf } from "./change-requests.js";
import { fingerprintOf } from "../domain/fingerprint.js";
import type { ConfirmKey } from "../domain/keyed-confirmations.js";

/**
 * A create request's fingerprint: everything it asks for (agent, fare token, passengers, contact,
 * seats), its idempotency key left out, in proto3 JSON so unset and default fields read the same.
 */
export function createFingerprint(request: CreateBookingRequest): string {
  const json = toJson(CreateBookingRequestSchema, { ...request, idempotencyKey: "" });
  return fingerprintOf({ rpc: "CreateBooking", request: json });
}

/** A cancellation confirm's key and fingerprint (its booking and terms), or undefined without a key. */
export function cancellationKey(request: ConfirmCancellationRequest): ConfirmKey | undefined {
  if (!request.idempotencyKey) return undefined;
  const { agentId, bookingId, reasonCode, cancellationType } = request;
  // Without passengers or directions the fingerprint is what it was before partial cancellations.
  const passengerIds = [...new Set(listOf(request.passengerIds))].sort();
  const directions = [...new Set(listOf(request.directions))].sort();
  const scope = passengerIds.length > 0 || directions.length > 0 ? { passengerIds, directions } : {};
  return {
    idempotencyKey: request.idempotencyKey,
    fingerprint: fingerprintOf({ rpc: "ConfirmCancellation", agentId, bookingId, reasonCode, cancellationType, ...scope }),
  };
}

/** A ticketing call's key and fingerprint (its booking and the price it accepts), or undefined without a key. */
export function ticketKey(request: TicketBookingRequest): ConfirmKey | undefined {
  if (!request.idempotencyKey) return undefined;
  const { agentId, bookingId, acceptPriceChange } = request;
  const accepted = String(request.acceptedTotalPricePaise);
  return {
    idempotencyKey: request.idempotencyKey,
    fingerprint: fingerprintOf({ rpc: "TicketBooking", agentId, bookingId, acceptPriceChange, accepted }),
  };
}

/** A reschedule confirm's key and fingerprint (its booking: the terms are the newest quote's), or undefined without a key. */
export function rescheduleKey(request: ConfirmRescheduleRequest): ConfirmKey | undefined {
  if (!request.idempotencyKey) return undefined;
  const { agentId, bookingId } = request;
  return { idempotencyKey: request.idempotencyKey, fingerprint: fingerprintOf({ rpc: "ConfirmReschedule", agentId, bookingId }) };
}

/** An addition confirm's key and fingerprint (its booking and selections, in order), or undefined without a key. */
export function additionKey(request: ConfirmAncillaryAdditionRequest): ConfirmKey | undefined {
  if (!request.idempotencyKey) return undefined;
  const { agentId, bookingId } = request;
  const selections = listOf(request.selections).map((s) => [s.ancillaryToken, s.quantity === 0 ? 1 : s.quantity]);
  return {
    idempotencyKey: request.idempotencyKey,
    fingerprint: fingerprintOf({ rpc: "ConfirmAncillaryAddition", agentId, bookingId, selections }),
  };
}
