import { create } from "@bufbuild/protobuf";
import { paiseToProto, toTimestamp } from "@tarmac/kernel";
import {
  ConfirmCancellationResponseSchema,
  ConfirmRescheduleResponseSchema,
  CreateBookingResponseSchema,
  QuoteCancellationResponseSchema,
  QuoteRescheduleResponseSchema,
  RefundStatus,
  RescheduleItemKind,
  RescheduleItemOutcome,
  type ConfirmCancellationResponse,
  type ConfirmRescheduleResponse,
  type CreateBookingResponse,
  type QuoteCancellationResponse,
  type QuoteRescheduleResponse,
  TicketBookingResponseSchema,
  type TicketBookingResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { itemToProto, partToProto } from "./cancellation-mapping.js";
import type { ConfirmedCancellation } from "../cancel/cancellations.js";
import type { Booking } from "../domain/booking.js";
import type { TicketOutcome } from "../hold-and-ticket/hold-ticketing.js";
import type { CancellationQuote, RescheduleQuote } from "../domain/quotes.js";
import type { RescheduleItem } from "../domain/quotes.js";
import { holdToProto, statusToProto } from "./proto-mapping.js";

/** The answers of BookingService's operations, from the booking and quote they concern. */
export function createdAnswer(booking: Booking, replayed = false): CreateBookingResponse {
  return create(CreateBookingResponseSchema, {
    replayed,
    bookingId: booking.bookingId,
    pnr: booking.pnr ?? "",
    totalPricePaise: paiseToProto(booking.totalPricePaise),
    currency: booking.currency,
    status: statusToProto(booking.status),
    ...holdToProto(booking.hold),
  });
}

/** TicketBooking's answer: BOOKED with what was debited, or HELD with the price to accept. */
export function ticketAnswer(outcome: TicketOutcome): TicketBookingResponse {
  const { booking } = outcome;
  const common = {
    bookingId: booking.bookingId,
    pnr: booking.pnr ?? "",
    status: statusToProto(booking.status),
    currency: booking.currency,
    totalPricePaise: paiseToProto(booking.totalPricePaise),
  };
  if (!("priceChange" in outcome))
    return create(TicketBookingResponseSchema, { ...common, debitedPaise: paiseToProto(booking.debitPaise) });
  const p = outcome.priceChange;
  return create(TicketBookingResponseSchema, {
    ...common,
    priceChange: {
      previousTotalPricePaise: paiseToProto(booking.totalPricePaise),
      newTotalPricePaise: paiseToProto(p.totalPricePaise),
      newDebitPaise: paiseToProto(p.debitPaise),
      baseFarePaise: paiseToProto(p.baseFare),
      taxesPaise: paiseToProto(p.taxes),
    },
  });
}

export function cancellationQuoteAnswer(booking: Booking, quote: CancellationQuote): QuoteCancellationResponse {
  return create(QuoteCancellationResponseSchema, {
    ...cancellationFigures(booking, quote),
    quoteValidUntil: toTimestamp(quote.validUntil),
    items: (quote.items ?? []).map(itemToProto),
    staysBooked: (quote.staysBooked ?? []).map(partToProto),
    ...(quote.voidEligibleUntil && { voidEligibleUntil: toTimestamp(quote.voidEligibleUntil) }),
  });
}

export function cancellationAnswer(confirmed: ConfirmedCancellation): ConfirmCancellationResponse {
  const { booking, quote, record, refund } = confirmed;
  return create(ConfirmCancellationResponseSchema, {
    ...cancellationFigures(booking, quote),
    cancellationId: record.cancellationId ?? "",
    refundId: refund.refundId,
    refundStatus: RefundStatus[refund.status],
    items: (record.items ?? []).map(itemToProto),
    staysBooked: (record.staysBooked ?? []).map(partToProto),
  });
}

export function rescheduleQuoteAnswer(booking: Booking, quote: RescheduleQuote): QuoteRescheduleResponse {
  return create(QuoteRescheduleResponseSchema, {
    bookingId: booking.bookingId,
    fareDifferencePaise: paiseToProto(quote.fareDifferencePaise),
    airlineChangeFeePaise: paiseToProto(quote.airlineChangeFeePaise),
    otaFeePaise: paiseToProto(quote.otaFeePaise),
    totalPayablePaise: paiseToProto(quote.totalPayablePaise),
    quoteValidUntil: toTimestamp(quote.validUntil),
    currency: booking.currency,
    items: (quote.items ?? []).map(rescheduleItemToProto),
    itemsRefundPaise: paiseToProto(quote.itemsRefundPaise ?? 0),
    refundPaise: paiseToProto(quote.refundPaise ?? 0),
  });
}

/** The rescheduled booking: its new total, and the quote's figures. */
export function rescheduleAnswer(changed: Booking, quote: RescheduleQuote): ConfirmRescheduleResponse {
  return create(ConfirmRescheduleResponseSchema, {
    bookingId: changed.bookingId,
    fareDifferencePaise: paiseToProto(quote.fareDifferencePaise),
    changePenaltyPaise: paiseToProto(quote.airlineChangeFeePaise + quote.otaFeePaise),
    newTotalPaise: paiseToProto(changed.totalPricePaise),
    currency: changed.currency,
  });
}

function cancellationFigures(booking: Booking, quote: CancellationQuote) {
  return {
    bookingId: booking.bookingId,
    airlinePenaltyPaise: paiseToProto(quote.airlinePenaltyPaise),
    otaFeePaise: paiseToProto(quote.otaFeePaise),
    refundAmountPaise: paiseToProto(quote.refundAmountPaise),
    currency: booking.currency,
  };
}

const rescheduleItemToProto = (i: RescheduleItem) => ({
  paxId: i.paxId,
  kind: RescheduleItemKind[i.kind],
  code: i.code,
  quantity: i.quantity,
  segmentIndex: i.segmentIndex,
  ...(i.newSegmentIndex !== undefined && { newSegmentIndex: i.newSegmentIndex }),
  pricePaise: paiseToProto(i.pricePaise),
  outcome: RescheduleItemOutcome[i.outcome],
  reason: i.reason,
});
