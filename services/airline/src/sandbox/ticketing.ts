import type { TicketRecord } from "@tarmac/airline-port";
import type { AcceptedReservation } from "./reservation-check.js";
import { scenarioOfFlight } from "./scenario-flights.js";
import type { TicketNumbers } from "./ticket-numbers.js";

/** How long after a reservation is made the sandbox tickets it, unless told otherwise. */
export const DEFAULT_TICKETING_DELAY_MS = 2_000;

/** What ticketing a held reservation comes to. */
export type TicketingOutcome =
  | { readonly status: "TICKETED"; readonly tickets: readonly TicketRecord[] }
  | { readonly status: "TICKETING_FAILED"; readonly failureReason: string };

/**
 * Tickets the reservation: one ticket per passenger (infants included) per segment, passenger by
 * passenger in the request's order and each passenger's segments in order, all under the
 * validating carrier's accounting code. A reservation with a ticketing-failure scenario flight
 * (9500-9599) on any segment cannot be ticketed at all. `reissue` numbers a reissue after a change
 * (0: the first issue), which draws other numbers.
 */
export function ticketReservation(accepted: AcceptedReservation, pnr: string, numbers: TicketNumbers, reissue = 0): TicketingOutcome {
  const failing = accepted.flightNos.find((flightNo) => scenarioOfFlight(flightNo) === "TICKETING_FAILURE");
  if (failing !== undefined) {
    const flight = `${accepted.carrier}${failing}`;
    return {
      status: "TICKETING_FAILED",
      failureReason: `Unable to issue tickets: ticketing is suspended on ${flight} (sandbox ticketing-failure scenario)`,
    };
  }
  const tickets = accepted.paxIds.flatMap((paxId) =>
    accepted.flightNos.map((_, segmentIndex) => ({
      paxId,
      segmentIndex,
      ticketNumber: numbers.issue(accepted.carrier, pnr, paxId, segmentIndex, reissue),
    })),
  );
  return { status: "TICKETED", tickets };
}
