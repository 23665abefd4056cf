import { fromTimestamp, paiseFromProto } from "@tarmac/kernel";
import { SeatPosition, type GetSeatMapResponse, type ValidateFareResponse } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { offerJson } from "../search/offer-json.js";
import { requirementsJson } from "./requirements-json.js";

/** API guide, Fare validation and seat maps: the locked offer (segments without cabin), the change flag, the lock's end. */
export function validateResponseJson(response: ValidateFareResponse) {
  const lockedUntil = fromTimestamp(response.lockedUntil);
  if (!response.offer || !lockedUntil) throw new Error("fare validation answered without an offer or lock time");
  const { segments, ...offer } = offerJson(response.offer);
  return {
    fare_token: response.fareToken,
    offer: { ...offer, segments: segments.map(({ cabin: _cabin, ...segment }) => segment) },
    price_changed: response.priceChanged,
    ...(response.priceChanged && { previous_price_paise: paiseFromProto(response.previousPricePaise) }),
    locked_until: lockedUntil.toISOString(),
    requirements: requirementsJson(response.requirements),
  };
}

/** API guide, Fare validation and seat maps, plus each seat's position, exit row and extra legroom. */
export function seatMapJson(response: GetSeatMapResponse) {
  return {
    search_id: response.searchId,
    signature: response.signature,
    provider: response.provider,
    currency: response.currency,
    segments: response.segments.map((segment) => ({
      segment_index: segment.segmentIndex,
      origin: segment.origin,
      dest: segment.dest,
      seatmap: segment.seatmap.map((row) => ({
        row: row.row,
        seats: row.seats.map((seat) => ({
          seat: seat.seat,
          available: seat.available,
          price_paise: paiseFromProto(seat.pricePaise),
          ancillary_id: seat.ancillaryId,
          ancillary_token: seat.ancillaryToken,
          position: positionName(seat.position),
          exit_row: seat.exitRow,
          extra_legroom: seat.extraLegroom,
        })),
      })),
    })),
    passenger_ancillaries: response.passengerAncillaries.map((p) => ({ pax_id: p.paxId, ancillary_tokens: p.ancillaryTokens })),
  };
}

function positionName(position: SeatPosition): "WINDOW" | "MIDDLE" | "AISLE" {
  switch (position) {
    case SeatPosition.WINDOW:
      return "WINDOW";
    case SeatPosition.MIDDLE:
      return "MIDDLE";
    case SeatPosition.AISLE:
      return "AISLE";
    default:
      throw new Error(`seat has no position (${position})`);
  }
}
