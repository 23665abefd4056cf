import { paiseFromProto } from "@tarmac/kernel";
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
import { enumName, isoText } from "../../json-values.js";

/** JSON of partial cancellations, refunds and ticket states (API guide, Partial cancellation, void and refunds). */

export const itemJson = (i: CancellationItem) => ({
  pax_id: i.paxId,
  direction: enumName(Direction, i.direction),
  paid_paise: paiseFromProto(i.paidPaise),
  airline_penalty_paise: paiseFromProto(i.airlinePenaltyPaise),
  ota_fee_paise: paiseFromProto(i.otaFeePaise),
  refund_amount_paise: paiseFromProto(i.refundAmountPaise),
});

export const partJson = (p: BookedPart) => ({ pax_id: p.paxId, direction: enumName(Direction, p.direction) });

export function cancellationJson(c: Cancellation) {
  return {
    cancellation_id: c.cancellationId === "" ? null : c.cancellationId,
    cancellation_type: enumName(CancellationType, c.cancellationType),
    reason_code: enumName(ReasonCode, c.reasonCode),
    passenger_ids: [...c.passengerIds],
    directions: c.directions.map((d) => enumName(Direction, d)),
    airline_penalty_paise: paiseFromProto(c.airlinePenaltyPaise),
    ota_fee_paise: paiseFromProto(c.otaFeePaise),
    refund_amount_paise: paiseFromProto(c.refundAmountPaise),
    items: c.items.map(itemJson),
    stays_booked: c.staysBooked.map(partJson),
    refund_id: c.refundId === "" ? null : c.refundId,
    confirmed_at: isoText(c.confirmedAt),
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
    status: enumName(RefundStatus, r.status),
    requested_at: isoText(r.requestedAt),
    updated_at: isoText(r.updatedAt),
    rejection_reason: r.rejectionReason === "" ? null : r.rejectionReason,
    wallet_reference: r.walletReference,
  };
}

export const ticketStatusName = (status: TicketStatus): string =>
  status === TicketStatus.UNSPECIFIED ? "OPEN" : enumName(TicketStatus, status);
