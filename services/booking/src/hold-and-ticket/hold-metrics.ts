import { DomainError, processMetrics, type MetricsRegistry } from "@tarmac/kernel";

/**
 * Counts a ticketing call on a hold in booking_hold_ticketing_total{outcome}: `BOOKED`, or
 * `PRICE_CHANGED` (the agent is asked to accept a new price), or the catalogue code it was refused
 * with (WALLET_INSUFFICIENT_FUNDS, BOOKING_HOLD_EXPIRED, ...). How often holds re-price or cannot be
 * paid is what an operator asks of holds; the status transitions alone do not say it.
 */
export function countTicketing(outcome: unknown, metrics: MetricsRegistry = processMetrics()): void {
  metrics
    .counter({
      name: "booking_hold_ticketing_total",
      help: "Ticketing calls on held bookings, by outcome (BOOKED, PRICE_CHANGED, or the code they were refused with)",
      labelNames: ["outcome"],
    })
    .inc({ outcome: outcomeOf(outcome) });
}

function outcomeOf(outcome: unknown): string {
  if (outcome instanceof DomainError) return outcome.code;
  if (outcome instanceof Error) return "INTERNAL";
  return (outcome as { priceChange?: unknown }).priceChange ? "PRICE_CHANGED" : "BOOKED";
}
