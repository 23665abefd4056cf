import { create } from "@bufbuild/protobuf";
import { DomainError, paiseToProto } from "@tarmac/kernel";
import {
  ConfirmCancellationResponseSchema,
  type ConfirmAncillaryAdditionResponse,
  ConfirmRescheduleResponseSchema,
  type ConfirmCancellationResponse,
  type ConfirmRescheduleResponse,
  RefundStatus,
  TicketBookingResponseSchema,
  type TicketBookingResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { additionAnswer } from "./addition-answers.js";
import { itemToProto, partToProto } from "./cancellation-mapping.js";
import type { Booking } from "../domain/booking.js";
import { replayedConfirm, type ConfirmKey } from "../domain/keyed-confirmations.js";
import { expiredHoldOf } from "../hold-and-ticket/hold-ticketing.js";
import { statusToProto } from "./proto-mapping.js";
import type { BookingStore } from "../store/booking-store.js";

/**
 * Looks the agent's confirm key up before anything else: the first confirm's answer again
 * (replayed) for the same request, IDEMPOTENCY_KEY_REUSED for another, IN_PROGRESS while it runs;
 * undefined when the key is new (or none was given).
 */
export async function cancellationReplay(
  store: BookingStore,
  agentId: string,
  key: ConfirmKey | undefined,
): Promise<ConfirmCancellationResponse | undefined> {
  const found = key && (await store.findByConfirmationKey(agentId, key.idempotencyKey));
  const answer = key && replayedConfirm(found, key);
  if (!found || !answer) return undefined;
  if (answer.kind !== "CANCELLATION") throw mismatch();
  const { kind: _kind, ...figures } = answer;
  // The cancellation's own record and its refund as they stand now (absent for confirms of earlier releases).
  const record = found.cancellations?.find((c) => c.cancellationId !== undefined && c.cancellationId === figures.cancellationId);
  const refund = found.refunds?.find((r) => r.refundId === figures.refundId);
  return create(ConfirmCancellationResponseSchema, {
    ...header(found),
    airlinePenaltyPaise: paiseToProto(figures.airlinePenaltyPaise),
    otaFeePaise: paiseToProto(figures.otaFeePaise),
    refundAmountPaise: paiseToProto(figures.refundAmountPaise),
    cancellationId: figures.cancellationId ?? "",
    refundId: figures.refundId ?? "",
    ...(refund && { refundStatus: RefundStatus[refund.status] }),
    items: (record?.items ?? []).map(itemToProto),
    staysBooked: (record?.staysBooked ?? []).map(partToProto),
  });
}

/** ConfirmReschedule's key, like cancellationReplay. */
export async function rescheduleReplay(
  store: BookingStore,
  agentId: string,
  key: ConfirmKey | undefined,
): Promise<ConfirmRescheduleResponse | undefined> {
  const found = key && (await store.findByConfirmationKey(agentId, key.idempotencyKey));
  const answer = key && replayedConfirm(found, key);
  if (!found || !answer) return undefined;
  if (answer.kind !== "RESCHEDULE") throw mismatch();
  return create(ConfirmRescheduleResponseSchema, {
    ...header(found),
    fareDifferencePaise: paiseToProto(answer.fareDifferencePaise),
    changePenaltyPaise: paiseToProto(answer.changePenaltyPaise),
    newTotalPaise: paiseToProto(answer.newTotalPaise),
  });
}

/** TicketBooking's key, like cancellationReplay: the booking as the first call left it, with that call's figures. */
export async function ticketReplay(
  store: BookingStore,
  agentId: string,
  key: ConfirmKey | undefined,
): Promise<TicketBookingResponse | undefined> {
  const found = key && (await store.findByConfirmationKey(agentId, key.idempotencyKey));
  // A hold that expired (its limit, or the airline dropped it) while this key's ticketing ran is over, not in progress.
  if (found?.status === "EXPIRED" && found.hold?.ticketing?.idempotencyKey === key?.idempotencyKey) throw expiredHoldOf(found);
  const answer = key && replayedConfirm(found, key);
  if (!found || !answer) return undefined;
  if (answer.kind !== "TICKET") throw mismatch();
  return create(TicketBookingResponseSchema, {
    ...header(found),
    pnr: found.pnr ?? "",
    status: statusToProto(found.status),
    totalPricePaise: paiseToProto(answer.totalPricePaise),
    debitedPaise: paiseToProto(answer.debitPaise),
  });
}

/** ConfirmAncillaryAddition's key, like cancellationReplay: the addition's items as stored. */
export async function additionReplay(
  store: BookingStore,
  agentId: string,
  key: ConfirmKey | undefined,
): Promise<ConfirmAncillaryAdditionResponse | undefined> {
  const found = key && (await store.findByConfirmationKey(agentId, key.idempotencyKey));
  const answer = key && replayedConfirm(found, key);
  if (!found || !answer) return undefined;
  if (answer.kind !== "ANCILLARIES") throw mismatch();
  const items = (found.extras ?? []).filter((e) => e.additionId === answer.additionId);
  return additionAnswer({ booking: found, additionId: answer.additionId, items, debitedPaise: answer.debitedPaise }, true);
}

const header = (booking: Booking) => ({ bookingId: booking.bookingId, currency: booking.currency, replayed: true });

/** Fingerprints name the RPC, so a key of the other kind of confirm never matches; kept as a guard. */
const mismatch = () => new DomainError("IDEMPOTENCY_KEY_REUSED", "This idempotency key was already used with a different request");
