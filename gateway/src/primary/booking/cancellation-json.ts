import { fromTimestamp, paiseFromProto } from "@tarmac/kernel";
import {
  CancellationType,
  ReasonCode,
  RefundStatus,
  TicketStatus,
  type BookedPart,
  type Cancellation,
  type CancellationItem,
  type Refund,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { Direction } from "@tarmac/proto/tarmac/search/v1/search_pb.js";

/** JSON of partial cancellations, refunds and ticket states (API guide, Partial cancellation, void and refunds). */

const iso = (timestamp: Parameters<typeof fromTimestamp>[0]) => fromTimestamp(timestamp)?.toISOString() ?? "";
const nameOf = (values: Record<number, string>, value: number) => values[value] ?? "";

export const itemJson = (i: CancellationItem) => ({
  pax_id: i.paxId,
  direction: nameOf(Direction, i.direction),
  paid_paise: paiseFromProto(i.paidPaise),
  airline_penalty_paise: paiseFromProto(i.airlinePenaltyPaise),
  ota_fee_paise: paiseFromProto(i.otaFeePaise),
  refund_amount_paise: paiseFromProto(i.refundAmountPaise),
});

export const partJson = (p: BookedPart) => ({ pax_id: p.paxId, direction: nameOf(Direction, p.direction) });

export function cancellationJson(c: Cancellation) {
  return {
    cancellation_id: c.cancellationId === "" ? null : c.cancellationId,
    cancellation_type: nameOf(CancellationType, c.cancellationType),
    reason_code: nameOf(ReasonCode, c.reasonCode),
    passenger_ids: [...c.passengerIds],
    directions: c.directions.map((d) => nameOf(Direction, d)),
    airline_penalty_paise: paiseFromProto(c.airlinePenaltyPaise),
    ota_fee_paise: paiseFromProto(c.otaFeePaise),
    refund_amount_paise: paiseFromProto(c.refundAmountPaise),
    items: c.items.map(itemJson),
    stays_booked: c.staysBooked.map(partJson),
    refund_id: c.refundId === "" ? null : c.refundId,
    confirmed_at: iso(c.confirmedAt),
  };
}

export function refundJson(r: Refund) {
  return {
    refund_id: r.refundId,
    booking_id: r.bookingId,
    pnr: r.pnr === "" ? null : r.pnr,
    cancellation_id: r.cancellationId === "" ? null : r.cancellationId,
    amount_paise: paiseFromProto(r.amountPaise),
    currency: r.currency,
    status: nameOf(RefundStatus, r.status),
    requested_at: iso(r.requestedAt),
    updated_at: iso(r.updatedAt),
    rejection_reason: r.rejectionReason === "" ? null : r.rejectionReason,
    wallet_reference: r.walletReference,
  };
}

export const ticketStatusName = (status: TicketStatus): string =>
  status === TicketStatus.UNSPECIFIED ? "OPEN" : nameOf(TicketStatus, status);
