import type { ProviderAncillaries } from "@tarmac/airline-port";
import type { FareLock } from "../store/fare-lock-store.js";
import { extraIdOf, type ExtraTokenCodec } from "./extra-token.js";

interface PricedExtraOption {
  readonly kind: "BAGGAGE" | "MEAL";
  readonly code: string;
  readonly description: string;
  readonly weightKg: number;
  readonly pricePaise: number;
  readonly maxQuantity: number;
  readonly ancillaryId: string;
  readonly ancillaryToken: string;
}

export interface PassengerExtraOptions {
  readonly paxId: string;
  readonly segments: readonly { readonly segmentIndex: number; readonly options: readonly PricedExtraOption[] }[];
}

/** Every passenger of a lock, numbered as booking numbers them: adults, children, then infants. */
function passengersOf(pax: FareLock["pax"]): { paxId: string; infant: boolean }[] {
  const numbered = (prefix: string, count: number, infant = false) =>
    Array.from({ length: count }, (_, i) => ({ paxId: `${prefix}${i + 1}`, infant }));
  return [...numbered("ADT", pax.adult), ...numbered("CHD", pax.child), ...numbered("INF", pax.infant, true)];
}

/**
 * The airline's baggage and meals, per passenger and per segment, each with a token bound to the
 * lock and the passenger. The airline's prices pass through unchanged (no markup on extras). A lap
 * infant gets only the options the airline sells infants; a passenger with nothing to buy is left out.
 */
export function priceExtras(offered: ProviderAncillaries, lock: FareLock, tokens: ExtraTokenCodec): PassengerExtraOptions[] {
  return passengersOf(lock.pax).flatMap(({ paxId, infant }) => {
    const segments = offered.segments.map((segment) => ({
      segmentIndex: segment.segmentIndex,
      options: segment.options
        .filter((o) => !infant || o.forInfants)
        .map((o): PricedExtraOption => ({
          kind: o.kind,
          code: o.code,
          description: o.description,
          weightKg: o.weightKg,
          pricePaise: o.pricePaise,
          maxQuantity: o.maxQuantity,
          ancillaryId: extraIdOf(o.kind, segment.segmentIndex, o.code),
          ancillaryToken: tokens.sign({
            lockId: lock.lockId,
            paxId,
            segmentIndex: segment.segmentIndex,
            kind: o.kind,
            code: o.code,
            description: o.description,
            pricePaise: o.pricePaise,
            maxQuantity: o.maxQuantity,
            weightKg: o.weightKg,
          }),
        })),
    }));
    return segments.some((s) => s.options.length > 0) ? [{ paxId, segments }] : [];
  });
}
