import type { CallerPolicy } from "@tarmac/kernel";

/** Who calls search (README, Calling services directly): agencies through the gateway; fare and booking price offers. */
export const searchCallerPolicy: CallerPolicy = {
  SearchFlights: { gateway: "agent-context" },
  GetOffer: { gateway: "agent-context" },
  // Fare validation and reschedule quotes price an offer of the agency they already checked.
  PriceOffer: { fare: "trusted", booking: "trusted" },
};
