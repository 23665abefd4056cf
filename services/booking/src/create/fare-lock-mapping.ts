import { fromTimestamp, paiseFromProto } from "@tarmac/kernel";
import { AncillaryKind, type GetFareLockResponse } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import type { LockedFare, VouchedExtra, VouchedSeat } from "../domain/booking-request.js";
import type { FareForBooking } from "./new-booking.js";
import { fareRulesFromProto, pricingFromProto, segmentFromProto } from "../transport/proto-mapping.js";

/** The fare service's lock in the booking domain's terms. */
export function fareOfLock(response: GetFareLockResponse): FareForBooking {
  const lock = response.lock;
  const offer = lock?.offer;
  if (!lock || !offer?.pricingBreakdown || !lock.pax) throw new Error("fare service answered a lock without its offer");
  const segments = offer.segments.map(segmentFromProto);
  const last = segments.at(-1);
  if (!last) throw new Error(`locked offer ${offer.offerId} has no segments`);
  const locked: LockedFare = {
    pax: { adult: lock.pax.adult, child: lock.pax.child, infant: lock.pax.infant },
    lastFlightDate: last.depTime.slice(0, 10),
  };
  return {
    locked,
    provider: offer.provider,
    providerOfferKey: lock.providerOfferKey,
    searchId: lock.searchId,
    offerId: offer.offerId,
    currency: offer.currency,
    pricing: pricingFromProto(offer.pricingBreakdown),
    segments,
    fareRules: fareRulesFromProto(offer.fareRules, offer.offerId),
    lockedUntil: fromTimestamp(lock.lockedUntil),
    holdAllowed: offer.holdAllowed,
  };
}

export function vouchedSeats(response: GetFareLockResponse): VouchedSeat[] {
  return response.seats.map((s) => ({
    ancillaryToken: s.ancillaryToken,
    ancillaryId: s.ancillaryId,
    segmentIndex: s.segmentIndex,
    seat: s.seat,
    pricePaise: paiseFromProto(s.pricePaise),
    exitRow: s.exitRow,
  }));
}

/** The baggage and meal options the fare service vouched for, by their token. */
export function vouchedExtras(response: GetFareLockResponse): Map<string, VouchedExtra> {
  return new Map(
    response.extras.map((e) => [
      e.ancillaryToken,
      {
        ancillaryToken: e.ancillaryToken,
        ancillaryId: e.ancillaryId,
        paxId: e.paxId,
        segmentIndex: e.segmentIndex,
        kind: e.kind === AncillaryKind.BAGGAGE ? "BAGGAGE" : "MEAL",
        code: e.code,
        description: e.description,
        pricePaise: paiseFromProto(e.pricePaise),
        maxQuantity: e.maxQuantity,
        weightKg: e.weightKg,
      },
    ]),
  );
}
