import type { CallerPolicy } from "@tarmac/kernel";

/**
 * Who calls the wallet. Money moves for a booking only at booking's request (its sweeps settle
 * bookings with no agency on the line, so booking is trusted to name the agency); money is created
 * (top-ups, credit limits, manual credits) only by ops through the admin command line; agencies
 * read their own balance and statement through the gateway.
 */
export const walletCallerPolicy: CallerPolicy = {
  OpenAccount: { admin: "trusted" },
  Hold: { booking: "trusted" },
  Capture: { booking: "trusted" },
  Void: { booking: "trusted" },
  // Booking credits refunds (cancellations, failed ticketing); ops credit goodwill.
  Credit: { booking: "trusted", admin: "trusted" },
  TopUp: { admin: "trusted" },
  SetCreditLimit: { admin: "trusted" },
  GetBalance: { gateway: "agent-context", admin: "trusted" },
  ListStatement: { gateway: "agent-context", admin: "trusted" },
};
