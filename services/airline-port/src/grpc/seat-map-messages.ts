import { create } from "@bufbuild/protobuf";
import { paiseFromProto, paiseToProto } from "@tarmac/kernel";
import { Cabin, GetSeatMapResponseSchema, SeatPosition, type GetSeatMapResponse } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import { CABINS, type ProviderSeatMap } from "../provider-port.js";
import { enumFromProto, enumToProto } from "./proto-enums.js";

const POSITIONS = ["WINDOW", "MIDDLE", "AISLE"] as const;

export function seatMapToProto(map: ProviderSeatMap): GetSeatMapResponse {
  return create(GetSeatMapResponseSchema, {
    provider: map.provider,
    currency: map.currency,
    segments: map.segments.map((segment) => ({
      ...segment,
      cabin: enumToProto(Cabin, segment.cabin),
      rows: segment.rows.map((row) => ({
        row: row.row,
        seats: row.seats.map((seat) => ({
          ...seat,
          pricePaise: paiseToProto(seat.pricePaise),
          position: enumToProto(SeatPosition, seat.position),
        })),
      })),
    })),
  });
}

export function seatMapFromProto(map: GetSeatMapResponse): ProviderSeatMap {
  return {
    provider: map.provider,
    currency: map.currency,
    segments: map.segments.map((segment) => ({
      segmentIndex: segment.segmentIndex,
      carrier: segment.carrier,
      flightNo: segment.flightNo,
      origin: segment.origin,
      dest: segment.dest,
      departureDate: segment.departureDate,
      aircraft: segment.aircraft,
      cabin: enumFromProto(Cabin, segment.cabin, CABINS, "segments.cabin"),
      rows: segment.rows.map((row) => ({
        row: row.row,
        seats: row.seats.map((seat) => ({
          seat: seat.seat,
          available: seat.available,
          pricePaise: paiseFromProto(seat.pricePaise),
          position: enumFromProto(SeatPosition, seat.position, POSITIONS, "seats.position"),
          exitRow: seat.exitRow,
          extraLegroom: seat.extraLegroom,
        })),
      })),
    })),
  };
}
