/**
 * Every event type an endpoint may subscribe to (README, Webhooks): what booking (bookings, the
 * airline's schedule changes to them, and their invoices) and the wallet publish on NATS (`tarmac.<type>`), and the webhooks service's own.
 */
export const EVENT_TYPES = [
  "booking.pending",
  "booking.booked",
  "booking.ticketed",
  "booking.failed",
  "booking.cancelled",
  "booking.refunded",
  "booking.flown",
  "booking.held",
  "booking.released",
  "booking.expired",
  "booking.hold_expiring",
  "booking.rescheduled",
  "booking.partially_cancelled",
  "booking.ancillaries_added",
  "booking.refund_requested",
  "booking.refund_processing",
  "booking.refund_refunded",
  "booking.refund_rejected",
  "schedule_change.detected",
  "schedule_change.accepted",
  "schedule_change.resolved",
  "schedule_change.deadline_approaching",
  "invoice.issued",
  "wallet.debited",
  "wallet.credited",
  "webhook_endpoint.disabled",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Sent by SendTestEvent only; no endpoint subscribes to it. */
export const TEST_EVENT_TYPE = "webhook_endpoint.test";

export function isEventType(name: string): name is EventType {
  return (EVENT_TYPES as readonly string[]).includes(name);
}
