import { paiseToProto, toTimestamp } from "@tarmac/kernel";
import { CancellationType, ReasonCode, RefundStatus, TicketStatus } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { Direction } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { Booking } from "../domain/booking.js";
import { bookedParts, isCancelled } from "../domain/cancellation-scope.js";
import type { BookedPart, CancellationItem, CancellationRecord } from "../domain/quotes.js";
import type { RefundRecord } from "../domain/refunds.js";

/** Partial cancellations, refunds and ticket states in the protobuf answers (API guide, Partial cancellation, void and refunds). */
export const itemToProto = (i: CancellationItem) => ({
  paxId: i.paxId,
  direction: Direction[i.direction],
  paidPaise: paiseToProto(i.paidPaise),
  airlinePenaltyPaise: paiseToProto(i.airlinePenaltyPaise),
  otaFeePaise: paiseToProto(i.otaFeePaise),
  refundAmountPaise: paiseToProto(i.refundAmountPaise),
});

export const partToProto = (p: BookedPart) => ({ paxId: p.paxId, direction: Direction[p.direction] });

export function cancellationToProto(c: CancellationRecord) {
  return {
    cancellationType: CancellationType[c.cancellationType],
    reasonCode: ReasonCode[c.reasonCode],
    airlinePenaltyPaise: paiseToProto(c.airlinePenaltyPaise),
    otaFeePaise: paiseToProto(c.otaFeePaise),
    refundAmountPaise: paiseToProto(c.refundAmountPaise),
    confirmedAt: toTimestamp(c.confirmedAt),
    cancellationId: c.cancellationId ?? "",
    passengerIds: [...(c.scope?.passengerIds ?? [])],
    directions: (c.scope?.directions ?? []).map((d) => Direction[d]),
    items: (c.items ?? []).map(itemToProto),
    staysBooked: (c.staysBooked ?? []).map(partToProto),
    refundId: c.refundId ?? "",
  };
}

export function refundToProto(
  r: RefundRecord,
  booking: { readonly bookingId: string; readonly pnr: string | undefined; readonly currency: string },
) {
  return {
    refundId: r.refundId,
    bookingId: booking.bookingId,
    pnr: booking.pnr ?? "",
    cancellationId: r.cancellationId,
    amountPaise: paiseToProto(r.amountPaise),
    currency: booking.currency,
    status: RefundStatus[r.status],
    requestedAt: toTimestamp(r.requestedAt),
    updatedAt: toTimestamp(r.updatedAt),
    rejectionReason: r.rejectionReason ?? "",
    walletReference: r.walletReference,
  };
}

/** A ticket is VOIDED after a void, CANCELLED once its coupon (or the whole booking) is cancelled, else OPEN. */
export function ticketStatusOf(booking: Booking, ticket: { readonly paxId: string; readonly segmentIndex: number }): TicketStatus {
  const whole = booking.status === "CANCELLED" || booking.status === "REFUNDED";
  if (whole && booking.cancellation?.cancellationType === "VOID") return TicketStatus.VOIDED;
  return whole || isCancelled(booking, ticket) ? TicketStatus.CANCELLED : TicketStatus.OPEN;
}

/** The booking's cancellations, refunds and what stays booked, for its protobuf form. */
export function cancellationFieldsToProto(b: Booking) {
  const whole = b.status === "CANCELLED" || b.status === "REFUNDED";
  return {
    cancellations: (b.cancellations ?? (b.cancellation ? [b.cancellation] : [])).map(cancellationToProto),
    refunds: (b.refunds ?? []).map((r) => refundToProto(r, b)),
    bookedParts: whole ? [] : bookedParts(b).map(partToProto),
  };
}
