import type { CallerPolicy } from "@tarmac/kernel";

/** Who calls fare: agencies through the gateway; booking reads the lock it books. */
export const fareCallerPolicy: CallerPolicy = {
  ValidateFare: { gateway: "agent-context" },
  GetSeatMap: { gateway: "agent-context" },
  GetAncillaries: { gateway: "agent-context" },
  GetFareLock: { booking: "trusted" },
};
