import type { FareRules, PenaltyBand } from "./provider-port.js";

/**
 * The band that applies `hoursBeforeDeparture` hours before departure, as the port defines it: the
 * one with the largest `minHoursBeforeDeparture` not above the time left. Undefined when none does
 * (after departure, or a list whose nearest band stops short of 0 h). Fractions of an hour count:
 * 23.9 hours before departure is inside the 2 h+ band, not the 24 h+ one.
 */
export function penaltyBandAt(bands: readonly PenaltyBand[], hoursBeforeDeparture: number): PenaltyBand | undefined {
  let found: PenaltyBand | undefined;
  for (const band of bands) {
    if (band.minHoursBeforeDeparture > hoursBeforeDeparture) continue;
    if (found === undefined || band.minHoursBeforeDeparture > found.minHoursBeforeDeparture) found = band;
  }
  return found;
}

/** At every boundary of either list (nearest departure last), the larger charge of the two. */
function stricterBands(a: readonly PenaltyBand[], b: readonly PenaltyBand[]): PenaltyBand[] {
  const hours = [...new Set([...a, ...b].map((band) => band.minHoursBeforeDeparture))].sort((x, y) => y - x);
  const at = (bands: readonly PenaltyBand[], h: number) => penaltyBandAt(bands, h)?.perPassengerPaise ?? 0;
  return hours.map((h) => ({ minHoursBeforeDeparture: h, perPassengerPaise: Math.max(at(a, h), at(b, h)) }));
}

/**
 * The rules of one ticket sold on two fares (a round trip's directions): the stricter of the two.
 * Refundable only if both are; every charge the larger of the two at that time before departure.
 */
export function stricterFareRules(a: FareRules, b: FareRules): FareRules {
  return {
    refundable: a.refundable && b.refundable,
    cancellationPenalties: stricterBands(a.cancellationPenalties, b.cancellationPenalties),
    changeFees: stricterBands(a.changeFees, b.changeFees),
    taxesRefundable: true,
  };
}
