import type { AirlineRefund } from "@tarmac/airline-port";
import { scenarioOfFlights } from "./scenario-flights.js";

/** How long the refund-delay scenario's refunds stay PROCESSING (by the airline's clock). */
export const REFUND_DELAY_MS = 60 * 60_000;

/**
 * The sandbox airline's answer about a refund (README, Scenarios): refunded at once, except on the
 * refund-delay scenario flights (PROCESSING for REFUND_DELAY_MS after the first ask) and the
 * refund-rejected ones (REJECTED). Decided by the flights alone, so every ask answers the same.
 */
export function refundOutcome(
  flightNos: readonly string[],
  asked: { readonly reference: string; readonly requestedAtMs: number },
  nowMs: number,
): AirlineRefund {
  const scenario = scenarioOfFlights(flightNos);
  const refundReference = asked.reference;
  if (scenario === "REFUND_REJECTED")
    return { refundReference, status: "REJECTED", reason: "Fare rules do not permit a refund of this ticket (sandbox scenario)" };
  if (scenario === "REFUND_DELAYED" && nowMs < asked.requestedAtMs + REFUND_DELAY_MS) return { refundReference, status: "PROCESSING" };
  return { refundReference, status: "REFUNDED" };
}
