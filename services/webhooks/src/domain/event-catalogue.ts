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
  "wallet.low_balance",
  "webhook_endpoint.disabled",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The NATS subjects (under the stream's prefix) the webhooks consumer takes: one `<family>.>` per
 * family of event types the other services publish, from the list above so a new family is never
 * left out (invoice.issued once was); webhook_endpoint.* are this service's own.
 */
export const SUBSCRIBED_SUBJECTS: readonly string[] = [
  ...new Set(EVENT_TYPES.filter((type) => !type.startsWith("webhook_endpoint.")).map((type) => `${type.split(".")[0]}.>`)),
];

/** Sent by SendTestEvent only; no endpoint subscribes to it. */
export const TEST_EVENT_TYPE = "webhook_endpoint.test";

export function isEventType(name: string): name is EventType {
  return (EVENT_TYPES as readonly string[]).includes(name);
}
