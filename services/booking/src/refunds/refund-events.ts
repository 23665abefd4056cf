import type { OutboxEvent } from "@tarmac/events";
import { bookingEvent } from "../booking-writer.js";
import type { Booking } from "../domain/booking.js";
import type { RefundRecord } from "../domain/refunds.js";

/**
 * `booking.refund_<status>` for a refund's change (API guide, Events): one per transition, so the
 * wallet's credit, invoices (credit notes) and webhooks can follow a refund without polling.
 */
export function refundEvent(booking: Booking, refund: RefundRecord, at: Date): OutboxEvent {
  return bookingEvent(
    booking,
    `booking.refund_${refund.status.toLowerCase()}`,
    {
      refund_id: refund.refundId,
      cancellation_id: refund.cancellationId,
      amount_paise: refund.amountPaise,
      currency: booking.currency,
      status: refund.status,
      wallet_reference: refund.walletReference,
      reason: refund.rejectionReason ?? "",
    },
    at,
  );
}
