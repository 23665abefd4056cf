import type { ProviderSeatMap, SeatPosition } from "@tarmac/airline-port";
import type { FareLock } from "../store/fare-lock-store.js";
import { ancillaryIdOf, type AncillaryTokenCodec } from "./ancillary-token.js";
import { maySitInExitRow, seatedPassengers } from "./passenger-ids.js";

interface SeatOffer {
  readonly seat: string;
  readonly available: boolean;
  readonly pricePaise: number;
  readonly ancillaryId: string;
  readonly ancillaryToken: string;
  readonly position: SeatPosition;
  readonly exitRow: boolean;
  readonly extraLegroom: boolean;
}

interface SegmentSeats {
  readonly segmentIndex: number;
  readonly origin: string;
  readonly dest: string;
  readonly rows: readonly { readonly row: number; readonly seats: readonly SeatOffer[] }[];
}

interface PassengerAncillaries {
  readonly paxId: string;
  readonly ancillaryTokens: readonly string[];
}

/** The seat map of API guide, Fare validation and seat maps for one fare lock. */
export interface PricedSeatMap {
  readonly provider: string;
  readonly currency: string;
  readonly segments: readonly SegmentSeats[];
  readonly passengerAncillaries: readonly PassengerAncillaries[];
}

/**
 * Gives every seat of the provider's maps an id and a token bound to the fare lock, and lists per
 * seated passenger the tokens of the free seats that passenger may take (exit rows only for adults
 * without an infant). Infants have no seat and so no entry.
 */
export function priceSeatMap(map: ProviderSeatMap, lock: FareLock, tokens: AncillaryTokenCodec): PricedSeatMap {
  const free: { readonly token: string; readonly exitRow: boolean }[] = [];
  const segments = map.segments.map((segment): SegmentSeats => ({
    segmentIndex: segment.segmentIndex,
    origin: segment.origin,
    dest: segment.dest,
    rows: segment.rows.map((row) => ({
      row: row.row,
      seats: row.seats.map((seat): SeatOffer => {
        const ancillaryToken = tokens.sign({
          lockId: lock.lockId,
          segmentIndex: segment.segmentIndex,
          seat: seat.seat,
          pricePaise: seat.pricePaise,
          exitRow: seat.exitRow,
        });
        if (seat.available) free.push({ token: ancillaryToken, exitRow: seat.exitRow });
        return {
          seat: seat.seat,
          available: seat.available,
          pricePaise: seat.pricePaise,
          ancillaryId: ancillaryIdOf(segment.segmentIndex, seat.seat),
          ancillaryToken,
          position: seat.position,
          exitRow: seat.exitRow,
          extraLegroom: seat.extraLegroom,
        };
      }),
    })),
  }));
  const passengerAncillaries = seatedPassengers(lock.pax).map((passenger) => {
    const exitRowAllowed = maySitInExitRow(passenger);
    return { paxId: passenger.paxId, ancillaryTokens: free.filter((s) => exitRowAllowed || !s.exitRow).map((s) => s.token) };
  });
  return { provider: map.provider, currency: map.currency, segments, passengerAncillaries };
}
