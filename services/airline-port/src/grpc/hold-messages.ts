import { create } from "@bufbuild/protobuf";
import { fromTimestamp, toTimestamp } from "@tarmac/kernel";
import { HoldTermsSchema, type HoldTerms as ProtoHoldTerms } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import type { HoldTerms } from "../provider-port.js";

export function holdToProto(hold: HoldTerms | undefined): { hold?: ProtoHoldTerms } {
  if (hold === undefined) return {};
  return {
    hold: create(HoldTermsSchema, {
      ticketTimeLimit: toTimestamp(new Date(hold.ticketTimeLimit)),
      priceGuaranteedUntil: toTimestamp(new Date(hold.priceGuaranteedUntil)),
    }),
  };
}

/** Absent (not held) when the message has no hold or no time limit. */
export function holdFromProto(hold: ProtoHoldTerms | undefined): { hold?: HoldTerms } {
  const limit = fromTimestamp(hold?.ticketTimeLimit);
  if (limit === undefined) return {};
  const guarantee = fromTimestamp(hold?.priceGuaranteedUntil) ?? limit;
  return { hold: { ticketTimeLimit: limit.toISOString(), priceGuaranteedUntil: guarantee.toISOString() } };
}
